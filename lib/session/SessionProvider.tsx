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
 *
 * Nested providers are harmless: an inner <SessionProvider> just passes its children through, so pages
 * may wrap themselves even when the root layout already mounts one.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { notify } from '@/lib/toast/emitter';
import { accountRequest } from './api';
import {
  PERMISSIONS_KEY,
  USER_INFO_KEY,
  clearSession,
  hasPermission as has,
  readSession,
  readToken,
  saveSession,
  type SessionUser,
  type StoredSession,
} from './store';
import type { SessionCheckAnswer } from './types';

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

  const check = useCallback(async () => {
    const token = readToken();
    if (!token) {
      clearSession();
      setState({ status: 'anonymous', session: null });
      return;
    }
    const res = await accountRequest<SessionCheckAnswer>(apiUrl, 'auth', { token });
    if (res.ok && res.data?.user) {
      const session: StoredSession = {
        token: res.data.token ?? token,
        user: res.data.user,
        permissions: res.data.permissions ?? [],
      };
      saveSession(session);
      setState({ status: 'authenticated', session });
      return;
    }
    const unreachable = res.status === 0 || res.status >= 500;
    const stored = unreachable ? readSession() : null;
    if (stored) {
      setState({ status: 'authenticated', session: stored });
      return;
    }
    clearSession();
    setState({ status: 'anonymous', session: null });
  }, [apiUrl]);

  useEffect(() => {
    // The startup check talks to the API: it has to run after mount, never during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void check();
  }, [check]);

  useEffect(() => {
    const onExpired = () => setState({ status: 'anonymous', session: null });
    const onStorage = (e: StorageEvent) => {
      // Another tab logged in or out.
      if (e.key === USER_INFO_KEY || e.key === PERMISSIONS_KEY || e.key === null) {
        const s = readSession();
        setState(s ? { status: 'authenticated', session: s } : { status: 'anonymous', session: null });
      }
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback((session: StoredSession) => {
    saveSession(session);
    setState({ status: 'authenticated', session });
  }, []);

  const logout = useCallback((options?: { silent?: boolean }) => {
    clearSession();
    setState({ status: 'anonymous', session: null, endedByLogout: true });
    if (!options?.silent) notify('SUCCESS', t('session.loggedOut'));
  }, [t]);

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
