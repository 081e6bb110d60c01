/**
 * Renews the short access token with the API's HttpOnly refresh cookie (ADR 0005): POST auth/refresh
 * (credentials included) answers a new token — same shape as login — and rotates the cookie.
 *
 * One refresh at a time for the whole browser: the refresh token is rotated on every use and a reused one
 * ends the session, so two tabs (or two islands of one tab) must never both send the same cookie. Tabs
 * take a Web Lock (`navigator.locks`); inside one tab a single in-flight promise is shared (also the
 * fallback where Web Locks do not exist). Whoever gets the lock second finds the token already renewed
 * (the `userToken` cookie is shared by every tab) and uses it without calling the API.
 */
import { accountRequest, endsSession } from './api';
import { expiresWithin, readSession, readToken, saveSession, SESSION_REFRESHED_EVENT, type StoredSession } from './store';
import type { SessionAnswer } from '@/lib/contracts/account';

const REFRESH_LOCK = 'aromas-del-alma:session-refresh';
/** Refresh this long before the access token expires (and treat a token this close to its end as stale). */
const REFRESH_MARGIN_MS = 60_000;

export type RefreshOutcome =
  | { kind: 'ok'; session: StoredSession }
  /** the API refused the refresh cookie (expired, revoked, reused, none): the session is over */
  | { kind: 'expired' }
  /** no verdict (network failure, 5xx, 429, an answer cut off): keep the session and try later */
  | { kind: 'unreachable' };

/** Margin for a token: never more than a third of its lifetime (short test lifetimes). */
export function refreshMarginMs(token: string): number {
  const p = decodeTimes(token);
  if (!p) return REFRESH_MARGIN_MS;
  return Math.min(REFRESH_MARGIN_MS, Math.max(1000, ((p.exp - p.iat) * 1000) / 3));
}

function decodeTimes(token: string): { exp: number; iat: number } | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    return typeof json.exp === 'number' && typeof json.iat === 'number' ? { exp: json.exp, iat: json.iat } : null;
  } catch {
    return null;
  }
}

let inFlight: Promise<RefreshOutcome> | null = null;

function withBrowserLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (locks && typeof locks.request === 'function') return locks.request(REFRESH_LOCK, { mode: 'exclusive' }, fn) as Promise<T>;
  return fn();
}

async function refreshNow(apiUrl: string, stale: string | null): Promise<RefreshOutcome> {
  // Another tab may have renewed it while this one waited for the lock: then there is nothing to do.
  const current = readToken();
  if (current && current !== stale && !expiresWithin(current, refreshMarginMs(current))) {
    const session = readSession();
    if (session) return { kind: 'ok', session };
  }
  const res = await accountRequest<SessionAnswer>(apiUrl, 'auth/refresh', { method: 'POST', body: {} });
  if (res.ok && res.data?.token && res.data.user) {
    const session: StoredSession = { token: res.data.token, user: res.data.user, permissions: res.data.permissions ?? [] };
    saveSession(session);
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<StoredSession>(SESSION_REFRESHED_EVENT, { detail: session }));
    return { kind: 'ok', session };
  }
  return endsSession(res) ? { kind: 'expired' } : { kind: 'unreachable' };
}

/**
 * Renews the access token once for every caller that asks at the same time. `stale` is the token the
 * caller found too old (or refused with 401): a newer one in the cookie is used as it is.
 */
export function refreshSession(apiUrl: string, stale: string | null = readToken()): Promise<RefreshOutcome> {
  inFlight ??= withBrowserLock(() => refreshNow(apiUrl, stale)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Runs `call` with a fresh access token (renewed first when it is about to expire); on a 401 renews it once
 * and runs `call` again with the new one. For callers that do not go through `publicRequest` (the account
 * forms, a document download). A refused renewal leaves the 401 to the caller; one that got no answer
 * turns it into status 0 (a network failure), so no caller logs out on it.
 */
export async function withAccessToken<R extends { status: number }>(apiUrl: string, call: (token: string | null) => Promise<R>): Promise<R> {
  let token = readToken();
  if (token && expiresWithin(token, refreshMarginMs(token))) {
    const renewed = await refreshSession(apiUrl, token);
    if (renewed.kind === 'ok') token = renewed.session.token;
  }
  const first = await call(token);
  if (first.status !== 401 || !token) return first;
  const renewed = await refreshSession(apiUrl, token);
  // a renewal without a verdict is no proof the session is over: the caller sees the network failure it is
  if (renewed.kind === 'unreachable') return { ...first, status: 0 };
  if (renewed.kind !== 'ok' || renewed.session.token === token) return first;
  return call(renewed.session.token);
}
