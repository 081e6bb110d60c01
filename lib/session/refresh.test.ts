import Cookies from 'js-cookie';
import { fakeJwt, mockFetch } from '@/components/account/test-utils';
import { refreshMarginMs, refreshSession, withAccessToken } from './refresh';
import { TOKEN_COOKIE, readToken, saveSession } from './store';

const API = 'http://api.test';
const user = { id: 3, email: 'vip@example.com' };
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
});

it('islands refreshing at once send ONE request (a rotated cookie sent twice would end the session)', async () => {
  const stale = fakeJwt({ sub: '3', iat: now() - 900, exp: now() - 1, sxp: now() + 3600 });
  const fresh = fakeJwt({ sub: '3', iat: now(), exp: now() + 900, sxp: now() + 3600 });
  saveSession({ token: stale, user, permissions: [] });
  const { calls } = mockFetch({ 'POST auth/refresh': { status: 200, body: { success: true, data: { user, permissions: [], token: fresh } } } });
  const outcomes = await Promise.all([refreshSession(API, stale), refreshSession(API, stale), refreshSession(API, stale)]);
  expect(calls).toHaveLength(1);
  expect(outcomes.map((o) => o.kind)).toEqual(['ok', 'ok', 'ok']);
  expect(readToken()).toBe(fresh);
  // a caller that still holds the old token later finds the new one in the shared cookie: no second request
  expect((await refreshSession(API, stale)).kind).toBe('ok');
  expect(calls).toHaveLength(1);
});

it('a refused refresh is "expired"; a network failure or 5xx is "unreachable" (the session is kept)', async () => {
  const stale = fakeJwt({ sub: '3', iat: now() - 900, exp: now() - 1, sxp: now() + 3600 });
  saveSession({ token: stale, user, permissions: [] });
  mockFetch({ 'POST auth/refresh': { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } } });
  expect((await refreshSession(API, stale)).kind).toBe('expired');
  mockFetch({ 'POST auth/refresh': { status: 503, body: { success: false } } });
  expect((await refreshSession(API, stale)).kind).toBe('unreachable');
  mockFetch({});
  expect((await refreshSession(API, stale)).kind).toBe('unreachable');
  expect(readToken()).toBe(stale);
});

it('only 401 and 400 end the session: 429, 403 and an answer cut off mid-body are "unreachable"', async () => {
  const stale = fakeJwt({ sub: '3', iat: now() - 900, exp: now() - 1, sxp: now() + 3600 });
  saveSession({ token: stale, user, permissions: [] });
  for (const answer of [{ status: 429, body: {} }, { status: 403, body: { success: false } }, { status: 200, body: null, cut: true }]) {
    mockFetch({ 'POST auth/refresh': answer });
    expect((await refreshSession(API, stale)).kind).toBe('unreachable');
  }
  mockFetch({ 'POST auth/refresh': { status: 400, body: { success: false, message: 'Parámetros inválidos' } } });
  expect((await refreshSession(API, stale)).kind).toBe('expired');
  expect(readToken()).toBe(stale); // the provider, not the renewal, clears what the browser holds
});

it('takes the Web Lock when the browser has one', async () => {
  const stale = fakeJwt({ sub: '3', iat: now() - 900, exp: now() - 1, sxp: now() + 3600 });
  const fresh = fakeJwt({ sub: '3', iat: now(), exp: now() + 900, sxp: now() + 3600 });
  saveSession({ token: stale, user, permissions: [] });
  mockFetch({ 'POST auth/refresh': { status: 200, body: { success: true, data: { user, permissions: [], token: fresh } } } });
  const names: string[] = [];
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: { request: (name: string, _opts: unknown, fn: () => Promise<unknown>) => (names.push(name), fn()) },
  });
  try {
    expect((await refreshSession(API, stale)).kind).toBe('ok');
    expect(names).toEqual(['aromas-del-alma:session-refresh']);
  } finally {
    delete (navigator as { locks?: unknown }).locks;
  }
});

it('refreshes a minute before expiry, or a third of a short lifetime', () => {
  expect(refreshMarginMs(fakeJwt({ iat: 0, exp: 900 }))).toBe(60_000);
  expect(refreshMarginMs(fakeJwt({ iat: 0, exp: 9 }))).toBe(3000);
});

it('withAccessToken: a 401 renews once and runs the call again with the new token; a refused renewal returns the 401', async () => {
  const live = fakeJwt({ sub: '3', iat: now(), exp: now() + 900, sxp: now() + 3600 });
  const fresh = fakeJwt({ sub: '3', iat: now(), exp: now() + 900, sxp: now() + 3600, jti: 'b' });
  saveSession({ token: live, user, permissions: [] });
  const { calls } = mockFetch({ 'POST auth/refresh': { status: 200, body: { success: true, data: { user, permissions: [], token: fresh } } } });
  const seen: (string | null)[] = [];
  const res = await withAccessToken(API, async (t) => (seen.push(t), { status: t === fresh ? 200 : 401 }));
  expect(res.status).toBe(200);
  expect(seen).toEqual([live, fresh]);
  expect(calls).toHaveLength(1);

  mockFetch({ 'POST auth/refresh': { status: 401, body: { success: false } } });
  const seen2: (string | null)[] = [];
  const refused = await withAccessToken(API, async (t) => (seen2.push(t), { status: 401 }));
  expect(refused.status).toBe(401);
  expect(seen2).toEqual([fresh]);

  // no answer from the renewal: a network failure for the caller, not a 401 that would log out
  mockFetch({ 'POST auth/refresh': { status: 503, body: { success: false } } });
  const unanswered = await withAccessToken(API, async () => ({ status: 401, ok: false }));
  expect(unanswered).toEqual({ status: 0, ok: false });
});
