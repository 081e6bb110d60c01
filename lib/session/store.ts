/**
 * Client session storage (spec §4, §9):
 * - the access token in the `userToken` cookie (readable by proxy.ts and server components; SameSite=Lax,
 *   Secure on https). The token itself lives 15 minutes (ADR 0005); the cookie lives as long as the session
 *   (its `sxp` claim: the refresh token's end), so a signed-in visitor with an expired access token still
 *   passes the proxy's guard and gets a refresh (lib/session/refresh.ts) instead of the login page;
 * - `userInfo` and `permissions` in localStorage;
 * - `remember` (remember-me: checked flag and e-mail) in localStorage.
 * The cart keys (cartItems, cartQuantity, cartTotal, limited) and `rooms` are never touched here.
 */
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'userToken';
export const USER_INFO_KEY = 'userInfo';
export const PERMISSIONS_KEY = 'permissions';
export const REMEMBER_KEY = 'remember';
/** Window event (detail: StoredSession) after this tab renewed the token (lib/session/refresh): the session state follows. */
export const SESSION_REFRESHED_EVENT = 'session:refreshed';

export interface SessionUser {
  id: number;
  email: string;
  name?: string;
  lastname?: string;
  role?: string;
  contactNumber?: string | null;
}

export interface StoredSession {
  token: string;
  user: SessionUser;
  permissions: string[];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Decodes a JWT's payload without verifying it (only the server verifies); null when malformed. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(b64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload = JSON.parse(json) as unknown;
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When the token expires (its `exp` claim), or null when it has none. */
export function tokenExpiry(token: string): Date | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? new Date(exp * 1000) : null;
}

export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp.getTime() <= now;
}

/** Whether the access token expires within `marginMs` (a refresh is due). */
export function expiresWithin(token: string, marginMs: number, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp.getTime() - marginMs <= now;
}

/** When the session behind the token ends (its `sxp` claim, the refresh token's end); else the token's own expiry. */
function sessionExpiry(token: string): Date | null {
  const sxp = decodeJwtPayload(token)?.sxp;
  return typeof sxp === 'number' ? new Date(sxp * 1000) : tokenExpiry(token);
}

/** Whether the session is over: no refresh can bring it back. */
export function isSessionOver(token: string, now = Date.now()): boolean {
  const end = sessionExpiry(token);
  return end !== null && end.getTime() <= now;
}

export function readToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

function saveToken(token: string): void {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  Cookies.set(TOKEN_COOKIE, token, {
    expires: sessionExpiry(token) ?? 1,
    sameSite: 'Lax',
    secure,
    path: '/',
  });
}

export function saveSession(s: StoredSession): void {
  saveToken(s.token);
  const st = storage();
  st?.setItem(USER_INFO_KEY, JSON.stringify(s.user));
  st?.setItem(PERMISSIONS_KEY, JSON.stringify(s.permissions));
}

/** The stored session, or null when there is none (or it is over); its access token may need a refresh. */
export function readSession(): StoredSession | null {
  const token = readToken();
  if (!token || isSessionOver(token)) return null;
  const user = readJson<SessionUser>(USER_INFO_KEY);
  const permissions = readJson<string[]>(PERMISSIONS_KEY);
  if (!user || typeof user.id !== 'number') return null;
  return { token, user, permissions: Array.isArray(permissions) ? permissions.filter((p) => typeof p === 'string') : [] };
}

/** Removes the session keys only: the guest cart and remember-me stay (spec §4, §9). */
export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  const st = storage();
  st?.removeItem(USER_INFO_KEY);
  st?.removeItem(PERMISSIONS_KEY);
}

export function hasPermission(permissions: readonly string[] | null | undefined, name: string): boolean {
  return Array.isArray(permissions) && permissions.includes(name);
}

export interface Remember {
  checked: boolean;
  email: string;
}

export function readRemember(): Remember | null {
  const r = readJson<Partial<Remember>>(REMEMBER_KEY);
  if (!r || typeof r.email !== 'string') return null;
  return { checked: r.checked !== false, email: r.email };
}

/** Remember-me (spec §5): stores the e-mail when checked, forgets it when unchecked. */
export function writeRemember(checked: boolean, email: string): void {
  const st = storage();
  if (checked && email) st?.setItem(REMEMBER_KEY, JSON.stringify({ checked: true, email }));
  else st?.removeItem(REMEMBER_KEY);
}
