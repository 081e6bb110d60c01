/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON read loosely */
/**
 * Short access tokens + an HttpOnly rotating refresh token (issue 19 item 13, ADR 0005): the cookie's
 * attributes read from the raw Set-Cookie header, rotation, reuse revoking the family, expiry, the account
 * changes that end every session (password, role, disabled, logout everywhere), logout, CORS with
 * credentials, and bad input answered in Spanish. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { refreshTokens, users } from '../db/schema';
import { ACCESS_TOKEN_TTL_S, accessTokenTtlFromEnv } from '../auth/jwt';
import { pruneRefreshTokens, REFRESH_RETENTION_MS } from '../auth/refresh-tokens';
import { TEST_JWT_SECRET, describeWithMailer, jwtPayload } from './auth-fixtures';
import { createUser, PASSWORD } from './orders-fixtures';

const STOREFRONT = 'http://localhost:3000';
const ACCESS_TTL = 120; // the option wins over the default: proves the lifetime is configurable
const EXPIRED = 'La sesion ha expirado, inicia sesion nuevamente';
const BAD_PARAMS = 'Los parametros son incorrectos';
const FORBIDDEN = 'No tienes los permisos necesarios';

interface Res {
  status: number;
  body: any;
  setCookie: string[];
  headers: Record<string, unknown>;
}

let seq = 0;
const unique = () => `${process.pid}.${Date.now().toString(36)}.${++seq}`;

async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'OPTIONS',
  url: string,
  opts: { body?: unknown; token?: string; cookie?: string | null; headers?: Record<string, string> } = {},
): Promise<Res> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = `otra=1; refreshToken=${opts.cookie}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.inject({ method, url, headers, payload: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const raw = res.headers['set-cookie'];
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, setCookie: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)], headers: res.headers };
}

/** The refresh cookie's raw Set-Cookie line (exactly one), its value and attributes. */
function refreshCookieOf(res: Res) {
  const lines = res.setCookie.filter((l) => l.startsWith('refreshToken='));
  assert.equal(lines.length, 1, `one refreshToken Set-Cookie, got ${JSON.stringify(res.setCookie)}`);
  const line = lines[0]!;
  const [pair, ...attrs] = line.split(';').map((p) => p.trim());
  const value = pair!.slice('refreshToken='.length);
  const map = new Map(attrs.map((a) => {
    const i = a.indexOf('=');
    return i < 0 ? [a.toLowerCase(), true] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
  }) as [string, string | true][]);
  return { line, value, attrs: map };
}

const refresh = (app: FastifyInstance, cookie: string | null, headers: Record<string, string> = { origin: STOREFRONT }) =>
  send(app, 'POST', '/auth/refresh', { body: {}, cookie, headers });

async function loginAs(app: FastifyInstance, email: string, remember = false) {
  const res = await send(app, 'POST', '/auth/login', { body: { email, password: PASSWORD, remember } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { res, token: res.body.data.token as string, cookie: refreshCookieOf(res).value, userId: res.body.data.user.id as number };
}

async function freshCustomer(app: FastifyInstance, db: any, role = 'customer') {
  const email = `sesion.${unique()}@example.com`;
  await createUser(db, email, role);
  return { email, ...(await loginAs(app, email)) };
}

describe('ACCESS_TOKEN_TTL_S', () => {
  it('defaults to 15 minutes; whole seconds from 5 to 86400, anything else refused at start', () => {
    assert.equal(ACCESS_TOKEN_TTL_S, 900);
    assert.equal(accessTokenTtlFromEnv(undefined), 900);
    assert.equal(accessTokenTtlFromEnv(''), 900);
    assert.equal(accessTokenTtlFromEnv('30'), 30);
    for (const bad of ['4', '86401', '1.5', 'quince', '-1']) assert.throws(() => accessTokenTtlFromEnv(bad), /ACCESS_TOKEN_TTL_S/);
  });
});

describeWithMailer(
  'sesión: token de acceso corto + cookie de renovación rotativa',
  (ctx, mailer) => {
    it('login answers a short access token and sets the refresh cookie HttpOnly, SameSite=Strict, Path=/auth/refresh', async () => {
      const { app } = ctx();
      const { res, token, cookie } = await loginAs(app, 'cliente@example.com');
      const c = refreshCookieOf(res);
      assert.match(cookie, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(c.attrs.get('httponly'), true, c.line);
      assert.equal(c.attrs.get('samesite'), 'Strict', c.line);
      assert.equal(c.attrs.get('path'), '/auth/refresh', c.line);
      assert.equal(c.attrs.get('max-age'), String(24 * 3600), 'without remember-me the session lives 1 day');
      assert.equal(c.attrs.has('secure'), false, 'plain http: a Secure cookie would never come back');
      assert.equal(c.attrs.has('domain'), false, "host-only: the API's own origin");
      // the refresh token is never in the JSON the page reads
      assert.ok(!JSON.stringify(res.body).includes(cookie));
      const claims = jwtPayload(token);
      assert.equal((claims.exp as number) - (claims.iat as number), ACCESS_TTL);
      assert.equal(typeof claims.sid, 'string');
      const sxp = claims.sxp as number;
      assert.ok(Math.abs(sxp - (Date.now() / 1000 + 24 * 3600)) < 60, 'sxp: when the session (refresh token) ends');

      const remembered = await loginAs(app, 'cliente@example.com', true);
      assert.equal(refreshCookieOf(remembered.res).attrs.get('max-age'), String(30 * 24 * 3600), 'remember-me: 30 days');

      // behind an https proxy (X-Forwarded-Proto from the trusted loopback proxy) the cookie is Secure
      const https = await send(app, 'POST', '/auth/login', {
        body: { email: 'cliente@example.com', password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      assert.equal(refreshCookieOf(https).attrs.get('secure'), true);
    });

    it('the own password change answers a new session with its own refresh cookie', async () => {
      const { app } = ctx();
      const { token } = await loginAs(app, 'vip@example.com');
      const own = await send(app, 'POST', '/api/user/password', {
        token,
        body: { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
      });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      const next = refreshCookieOf(own).value;
      assert.equal((await refresh(app, next)).status, 200, 'the session the password change opened keeps working');
    });

    it('POST /auth/refresh answers a new access token (login shape) and rotates the cookie', async () => {
      const { app } = ctx();
      const { token, cookie } = await loginAs(app, 'cliente@example.com');
      const r = await refresh(app, cookie);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.success, true);
      assert.deepEqual(Object.keys(r.body.data).sort(), ['permissions', 'token', 'user']);
      assert.equal(r.body.data.user.email, 'cliente@example.com');
      assert.equal(r.headers['cache-control'], 'no-store');
      const rotated = refreshCookieOf(r);
      assert.notEqual(rotated.value, cookie, 'a new refresh token on every use');
      assert.equal(rotated.attrs.get('httponly'), true);
      assert.equal(rotated.attrs.get('samesite'), 'Strict');
      assert.equal(rotated.attrs.get('path'), '/auth/refresh');
      const next = r.body.data.token as string;
      assert.notEqual(next, token);
      assert.equal(jwtPayload(next).sid, jwtPayload(token).sid, 'same session (refresh family)');
      assert.equal((await send(app, 'GET', '/auth', { token: next })).status, 200);
      // the rotated cookie keeps working, again and again
      const again = await refresh(app, rotated.value);
      assert.equal(again.status, 200);
    });

    it('a reused (already rotated) refresh token is refused AND revokes the whole family', async () => {
      const { app, db } = ctx();
      const { cookie } = await loginAs(app, 'cliente@example.com');
      const first = await refresh(app, cookie);
      const current = refreshCookieOf(first).value;

      const replay = await refresh(app, cookie);
      assert.equal(replay.status, 401);
      assert.deepEqual(replay.body, { success: false, message: EXPIRED, code: 'SESSION_EXPIRED' });
      const cleared = refreshCookieOf(replay);
      assert.equal(cleared.value, '');
      assert.equal(cleared.attrs.get('max-age'), '0');

      const owner = await refresh(app, current);
      assert.equal(owner.status, 401, 'the newest token of the family is revoked too');
      assert.deepEqual(owner.body, { success: false, message: EXPIRED, code: 'SESSION_EXPIRED' });
      const sid = jwtPayload(first.body.data.token).sid as string;
      const open = await db.db.select({ id: refreshTokens.id }).from(refreshTokens).where(sql`${refreshTokens.familyId} = ${sid} and ${refreshTokens.revokedAt} is null`);
      assert.equal(open.length, 0);
    });

    it('two refreshes racing with one cookie: exactly one wins', async () => {
      const { app } = ctx();
      const { cookie } = await loginAs(app, 'cliente@example.com');
      const both = await Promise.all([refresh(app, cookie), refresh(app, cookie)]);
      assert.deepEqual(both.map((r) => r.status).sort(), [200, 401]);
    });

    it('an expired refresh token is refused', async () => {
      const { app, db } = ctx();
      const { token, cookie } = await loginAs(app, 'cliente@example.com');
      const sid = jwtPayload(token).sid as string;
      await db.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.familyId, sid));
      const r = await refresh(app, cookie);
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { success: false, message: EXPIRED, code: 'SESSION_EXPIRED' });
      assert.equal(refreshCookieOf(r).attrs.get('max-age'), '0');
    });

    it('a password change (own, or by reset link) revokes every refresh token of the user', async () => {
      const { app } = ctx();
      const u = await freshCustomer(app, ctx().db.db);
      const other = await loginAs(app, u.email); // a second device
      const change = await send(app, 'POST', '/api/user/password', {
        token: u.token,
        body: { currentPassword: PASSWORD, newPassword: 'clave-nueva-123', confirmPassword: 'clave-nueva-123' },
      });
      assert.equal(change.status, 200, JSON.stringify(change.body));
      for (const c of [u.cookie, other.cookie]) assert.equal((await refresh(app, c)).status, 401);
      assert.equal((await refresh(app, refreshCookieOf(change).value)).status, 200, 'the browser that changed it stays signed in');

      // by the mailed reset link
      const before = await loginAs(app, 'cliente@example.com').catch(() => null);
      assert.ok(before);
      const mailsBefore = mailer.sent.length;
      await send(app, 'POST', '/auth/forgot', { body: { email: u.email } });
      const mail = mailer.sent.slice(mailsBefore).find((m) => m.to === u.email && m.kind === 'reset');
      const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      const later = await send(app, 'POST', '/auth/login', { body: { email: u.email, password: 'clave-nueva-123' } });
      const laterCookie = refreshCookieOf(later).value;
      const reset = await send(app, 'POST', '/auth/changePassword', {
        body: { token: resetToken, newPassword: 'clave-otra-456', confirmPassword: 'clave-otra-456' },
      });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      assert.equal((await refresh(app, laterCookie)).status, 401);
      assert.equal((await refresh(app, refreshCookieOf(reset).value)).status, 200);
    });

    it('a role change (and VIP on/off) revokes the user refresh tokens', async () => {
      const { app, db } = ctx();
      const admin = await loginAs(app, 'staff@example.com');
      const u = await freshCustomer(app, db.db);
      const role = await send(app, 'PATCH', `/api/staff/customers/${u.userId}/role`, { token: admin.token, body: { role: 'orderemployee' } });
      assert.equal(role.status, 200, JSON.stringify(role.body));
      assert.equal((await refresh(app, u.cookie)).status, 401);

      const v = await freshCustomer(app, db.db);
      const vip = await send(app, 'PATCH', `/api/staff/customers/${v.userId}/vip`, { token: admin.token, body: { vip: true } });
      assert.equal(vip.status, 200, JSON.stringify(vip.body));
      assert.equal((await refresh(app, v.cookie)).status, 401);
    });

    it('a disabled account (accountChanged "disabled") has every refresh token revoked', async () => {
      // no route disables accounts yet: whatever does must go through app.auth.accountChanged, as these do
      const { app, db } = ctx();
      const u = await freshCustomer(app, db.db);
      await app.auth.accountChanged(u.userId, 'disabled');
      assert.equal((await refresh(app, u.cookie)).status, 401);
    });

    it('a deleted user: the refresh token goes with the account', async () => {
      const { app, db } = ctx();
      const u = await freshCustomer(app, db.db);
      await db.db.delete(users).where(eq(users.id, u.userId));
      assert.equal((await refresh(app, u.cookie)).status, 401);
    });

    it('logout (DELETE /auth/refresh) revokes the session and clears the cookie; logout everywhere ends them all', async () => {
      const { app, db } = ctx();
      const u = await freshCustomer(app, db.db);
      const other = await loginAs(app, u.email);
      const out = await send(app, 'DELETE', '/auth/refresh', { cookie: u.cookie, headers: { origin: STOREFRONT } });
      assert.equal(out.status, 200);
      assert.deepEqual(out.body, { success: true, message: 'Cerraste sesion correctamente' });
      const cleared = refreshCookieOf(out);
      assert.equal(cleared.value, '');
      assert.equal(cleared.attrs.get('max-age'), '0');
      assert.equal(cleared.attrs.get('path'), '/auth/refresh');
      assert.equal((await refresh(app, u.cookie)).status, 401);
      assert.equal((await refresh(app, other.cookie)).status, 200, 'logging out one browser leaves the other');

      const third = await loginAs(app, u.email);
      const rotatedOther = refreshCookieOf(await refresh(app, third.cookie)).value;
      const all = await send(app, 'POST', '/auth/logoutEverywhere', { token: third.token, headers: { origin: STOREFRONT } });
      assert.equal(all.status, 200);
      assert.equal((await refresh(app, rotatedOther)).status, 401);
      const [{ open }] = (await db.db
        .select({ open: sql<number>`count(*)::int` })
        .from(refreshTokens)
        .where(sql`${refreshTokens.userId} = ${u.userId} and ${refreshTokens.revokedAt} is null`)) as [{ open: number }];
      assert.equal(open, 0);
      assert.equal((await send(app, 'POST', '/auth/logoutEverywhere', {})).status, 401, 'needs a session');
    });

    it('CORS: the preflight of /auth/refresh allows the storefront with credentials, never another origin', async () => {
      const { app } = ctx();
      const pre = (origin: string) =>
        send(app, 'OPTIONS', '/auth/refresh', {
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      const ok = await pre(STOREFRONT);
      assert.equal(ok.status, 204);
      assert.equal(ok.headers['access-control-allow-origin'], STOREFRONT);
      assert.equal(ok.headers['access-control-allow-credentials'], 'true');
      assert.match(String(ok.headers['access-control-allow-methods']), /POST/);
      assert.match(String(ok.headers['access-control-allow-methods']), /DELETE/);

      const evil = await pre('https://evil.example');
      assert.equal(evil.headers['access-control-allow-origin'], undefined);
      assert.equal(evil.headers['access-control-allow-credentials'] === 'true' && evil.headers['access-control-allow-origin'] !== undefined, false);

      // and the route itself refuses another site's page, without using up the cookie
      const { cookie } = await loginAs(app, 'cliente@example.com');
      const foreign = await refresh(app, cookie, { origin: 'https://evil.example' });
      assert.equal(foreign.status, 403);
      assert.deepEqual(foreign.body, { success: false, message: FORBIDDEN, code: 'FORBIDDEN' });
      assert.equal(foreign.headers['access-control-allow-origin'], undefined);
      assert.equal((await refresh(app, cookie)).status, 200, 'the refused request did not rotate it');
      const foreignLogout = await send(app, 'DELETE', '/auth/refresh', { cookie, headers: { origin: 'https://evil.example' } });
      assert.equal(foreignLogout.status, 403);
    });

    it('the hourly prune deletes spent rows (expired, revoked, rotated) after 2 days, never a live one', async () => {
      const { app, db } = ctx();
      const { token, cookie } = await loginAs(app, 'cliente@example.com');
      const sid = jwtPayload(token).sid as string;
      const next = refreshCookieOf(await refresh(app, cookie)).value; // one rotated row, one live
      const later = new Date(Date.now() + REFRESH_RETENTION_MS + 60_000);
      const family = () => db.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.familyId, sid));
      assert.equal((await family()).length, 2);
      await pruneRefreshTokens(db.db, later);
      assert.equal((await family()).length, 1, 'the rotated row went, the live one stays');
      assert.equal((await refresh(app, next)).status, 200);
    });

    it('bad input: 4xx with the Spanish message, nothing rotated', async () => {
      const { app } = ctx();
      const { cookie } = await loginAs(app, 'cliente@example.com');
      const none = await refresh(app, null);
      assert.equal(none.status, 401);
      assert.deepEqual(none.body, { success: false, message: EXPIRED, code: 'SESSION_EXPIRED' });

      const malformed = await send(app, 'POST', '/auth/refresh', { body: {}, headers: { origin: STOREFRONT, cookie: 'refreshToken=<script>' } });
      assert.equal(malformed.status, 400);
      assert.deepEqual(malformed.body, { success: false, message: BAD_PARAMS, code: 'BAD_PARAMS' });

      const unknown = await refresh(app, 'A'.repeat(43));
      assert.equal(unknown.status, 401);
      assert.deepEqual(unknown.body, { success: false, message: EXPIRED, code: 'SESSION_EXPIRED' });

      const extra = await send(app, 'POST', '/auth/refresh', { body: { userId: 1 }, cookie, headers: { origin: STOREFRONT } });
      assert.equal(extra.status, 400);
      assert.equal(extra.body.success, false);
      assert.equal(extra.body.message, BAD_PARAMS);

      const notJson = await app.inject({
        method: 'POST',
        url: '/auth/refresh',
        headers: { origin: STOREFRONT, cookie: `refreshToken=${cookie}`, 'content-type': 'text/plain' },
        payload: 'x',
      });
      assert.ok(notJson.statusCode >= 400 && notJson.statusCode < 500, String(notJson.statusCode));
      assert.equal(notJson.json().success, false);
      assert.doesNotMatch(notJson.body, /at \w+ \(|FST_|Error:/);

      for (const r of [extra]) assert.equal(r.setCookie.length, 0);
      assert.equal((await refresh(app, cookie)).status, 200, 'the bad requests did not use up the cookie');
    });
  },
  { corsOrigins: [STOREFRONT], auth: {
      jwtSecret: TEST_JWT_SECRET,
      accessTokenTtlS: ACCESS_TTL,
      // many sign-ins from one test address: the per-IP limits are not what this suite checks
      limits: { loginPerIp: { max: 1000, windowMs: 60_000 }, sensitivePerIp: { max: 1000, windowMs: 60_000 } },
    },
  },
);
