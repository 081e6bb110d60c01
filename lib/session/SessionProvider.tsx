'use client';

/**
 * Session state for the whole storefront (spec §2 Startup, §4 Session).
 *
 * - On mount it runs the startup check `GET /auth` with the stored token. Until it answers, `status`
 *   is 'loading' and session-dependent UI (header links, bell, login panel) renders nothing.
 * - A failed check (the server refuses the token) closes the session. When the API cannot be reached
 *   at all the stored session is kept (status 'authenticated' from local data) so a network blip does
 *   not log everybody out; the next call answering 401 closes it.
 * - `login()` stores token + userInfo + permissions; `logout()` clears only the session keys (the guest
 *   cart stays) and shows 'Cerraste sesion correctamente'.
 * - Anything may close the session after a 401 with `expireSession()` (e.g. the generic API client).
 * - The access token lives 15 minutes (ADR 0005): the provider renews it shortly before it expires (and at
 *   startup when it already has), through lib/session/refresh.ts (one refresh for all tabs and islands).
 *   A refused renewal logs out with the spec's 'error.jwt' message; an unreachable API keeps the session
 *   and tries again. `logout()` also asks the API to revoke the refresh cookie (DELETE auth/refresh).
 *
 * Nested providers are harmless: an inner <SessionProvider> just passes its children through, so pages
 * may wrap themselves even when the root layout already mounts one.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { notify } from '@/lib/toast/emitter';
import {
  PERMISSIONS_KEY,
  SESSION_REFRESHED_EVENT,
  USER_INFO_KEY,
  clearSession,
  expiresWithin,
  hasPermission as has,
  isSessionOver,
  tokenExpiry,
  readSession,
  readToken,
  saveSession,
  type SessionUser,
  type StoredSession,
} from './store';
import type { SessionCheckAnswer } from '@/lib/contracts/account';
import type { RefreshOutcome } from './refresh';

type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  permissions: string[];
  /** Browser-side API base URL (PUBLIC_API_URL). */
  apiUrl: string;
  /** true after `logout()`: the page that asked for it navigates (no "log in again" redirect). */
  endedByLogout: boolean;
  isVip: boolean;
  hasPermission(name: string): boolean;
  /** Stores a session answered by login / verify / reset / auto-login / Google. */
  login(session: StoredSession): void;
  /** Clears the session keys; shows 'Cerraste sesion correctamente' unless `silent`. */
  logout(options?: { silent?: boolean }): void;
  /** Re-runs the session check. */
  refresh(): Promise<void>;
}

/** Wait before trying a renewal again when the API could not be reached. */
const REFRESH_RETRY_MS = 30_000;

/** Window event that closes the session from anywhere (401 handling). */
const SESSION_EXPIRED_EVENT = 'session:expired';

export function expireSession(): void {
  if (typeof window === 'undefined') return;
  clearSession();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

const SessionContext = createContext<SessionContextValue | null>(null);

const FALLBACK: SessionContextValue = {
  status: 'loading',
  user: null,
  token: null,
  permissions: [],
  apiUrl: '',
  endedByLogout: false,
  isVip: false,
  hasPermission: () => false,
  login: () => {},
  logout: () => {},
  refresh: async () => {},
};

export function useSession(): SessionContextValue {
  return useContext(SessionContext) ?? FALLBACK;
}

export interface SessionProviderProps {
  apiUrl: string;
  children?: ReactNode;
}

export function SessionProvider(props: SessionProviderProps) {
  const parent = useContext(SessionContext);
  if (parent) return <>{props.children}</>;
  return <RootSessionProvider {...props} />;
}

interface State {
  status: SessionStatus;
  session: StoredSession | null;
  /** the customer chose to log out (guards then leave the navigation to the log-out control) */
  endedByLogout?: boolean;
}

function RootSessionProvider({ apiUrl, children }: SessionProviderProps) {
  const [state, setState] = useState<State>({ status: 'loading', session: null });
  const t = useTranslations('account');
  const tErrors = useTranslations('errors');

  const check = useCallback(async () => {
    let token = readToken();
    if (!token || isSessionOver(token)) {
      clearSession();
      setState({ status: 'anonymous', session: null });
      return;
    }
    // The API client and the renewal matter only with a stored token: a guest's page loads neither (issue 25).
    const [{ accountRequest, endsSession }, { refreshMarginMs, refreshSession }] = await Promise.all([import('./api'), import('./refresh')]);
    if (expiresWithin(token, refreshMarginMs(token))) {
      // back after a while: renew before the check (the cookie outlives the 15-minute token)
      const renewed = await refreshSession(apiUrl, token);
      if (renewed.kind === 'expired') {
        clearSession();
        setState({ status: 'anonymous', session: null });
        return;
      }
      if (renewed.kind === 'ok') token = renewed.session.token;
    }
    let res = await accountRequest<SessionCheckAnswer>(apiUrl, 'auth', { token });
    let renewal: RefreshOutcome['kind'] | null = null;
    if (res.status === 401) {
      const renewed = await refreshSession(apiUrl, token);
      renewal = renewed.kind;
      if (renewed.kind === 'ok') {
        token = renewed.session.token;
        res = await accountRequest<SessionCheckAnswer>(apiUrl, 'auth', { token });
      }
    }
    if (res.ok && res.data?.user) {
      const session: StoredSession = { token, user: res.data.user, permissions: res.data.permissions ?? [] };
      saveSession(session);
      setState({ status: 'authenticated', session });
      return;
    }
    // a 401 whose renewal got no answer is no verdict either
    if (endsSession(res) && renewal !== 'unreachable') {
      clearSession();
      setState({ status: 'anonymous', session: null });
      return;
    }
    // No verdict (the API down or busy, the answer cut off by a reload): this browser's session stays as it is.
    const stored = readSession();
    setState(stored ? { status: 'authenticated', session: stored } : { status: 'anonymous', session: null });
  }, [apiUrl]);

  useEffect(() => {
    // The startup check talks to the API: it has to run after mount, never during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void check();
  }, [check]);

  // Renew the access token shortly before it expires; a refused renewal ends the session with the spec's message.
  const currentToken = state.status === 'authenticated' ? (state.session?.token ?? null) : null;
  useEffect(() => {
    if (!currentToken) return;
    const exp = tokenExpiry(currentToken);
    if (!exp) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const schedule = async () => {
      const { refreshMarginMs, refreshSession } = await import('./refresh');
      if (!live) return;
      const run = async () => {
        const r = await refreshSession(apiUrl, currentToken);
        if (!live) return;
        if (r.kind === 'ok') setState({ status: 'authenticated', session: r.session });
        else if (r.kind === 'unreachable') timer = setTimeout(() => void run(), REFRESH_RETRY_MS);
        else {
          clearSession();
          setState({ status: 'anonymous', session: null });
          notify('ERROR', tErrors('jwt'));
        }
      };
      const due = exp.getTime() - refreshMarginMs(currentToken) - Date.now();
      timer = setTimeout(() => void run(), Math.max(0, due));
    };
    void schedule();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [currentToken, apiUrl, tErrors]);

  useEffect(() => {
    const onExpired = () => setState({ status: 'anonymous', session: null });
    // this tab renewed the token (the API client or the timer): follow it
    const onRefreshed = (e: Event) => {
      const session = (e as CustomEvent<StoredSession>).detail;
      if (session?.token) setState({ status: 'authenticated', session });
    };
    const onStorage = (e: StorageEvent) => {
      // Another tab logged in or out.
      if (e.key === USER_INFO_KEY || e.key === PERMISSIONS_KEY || e.key === null) {
        const s = readSession();
        setState(s ? { status: 'authenticated', session: s } : { status: 'anonymous', session: null });
      }
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener(SESSION_REFRESHED_EVENT, onRefreshed);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener(SESSION_REFRESHED_EVENT, onRefreshed);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback((session: StoredSession) => {
    saveSession(session);
    setState({ status: 'authenticated', session });
  }, []);

  const logout = useCallback((options?: { silent?: boolean }) => {
    // the API revokes this browser's refresh token and clears its HttpOnly cookie (best effort: the
    // local session ends either way)
    void import('./api').then(({ accountRequest }) => accountRequest(apiUrl, 'auth/refresh', { method: 'DELETE' }));
    clearSession();
    setState({ status: 'anonymous', session: null, endedByLogout: true });
    if (!options?.silent) notify('SUCCESS', t('session.loggedOut'));
  }, [t, apiUrl]);

  const value = useMemo<SessionContextValue>(() => {
    const permissions = state.session?.permissions ?? [];
    return {
      status: state.status,
      user: state.session?.user ?? null,
      token: state.session?.token ?? null,
      permissions,
      apiUrl,
      endedByLogout: state.endedByLogout === true,
      isVip: has(permissions, 'isVip'),
      hasPermission: (name: string) => has(permissions, name),
      login,
      logout,
      refresh: check,
    };
  }, [state, apiUrl, login, logout, check]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
