/**
 * Session and account routes (spec §7 "Session and account", §8 messages): register → verify → login,
 * session check, forgot → reset, auto-login, roles, one-time tokens (expired, reused), passwords never
 * returned. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { oneTimeTokens, orders, users } from '../db/schema';
import {
  TEST_JWT_SECRET,
  call,
  describeWithMailer,
  jwtPayload,
  mailsTo,
  registerUnverified,
  registerVerified,
  tokenFromMail,
  uniqueEmail,
  validRegistration,
} from './auth-fixtures';

const M = {
  wrong: 'Los datos son incorrectos',
  expired: 'La sesion ha expirado, inicia sesion nuevamente',
  duplicate: 'Ya existe un registro como el que se esta intentando crear',
  terms: 'Debe aceptar los terminos y condiciones',
  tokenExpired: 'El token ha expirado',
  tokenInvalid: 'Token invalido',
  noAccount: 'No hay una cuenta registrada con ese email',
  verified: 'Se ha verificado la cuenta con exito',
  unverified: 'Tenés que verificar tu email antes de ingresar. Te reenviamos el enlace.',
  unverifiedNoResend: 'Tenés que verificar tu email antes de ingresar. Revisá el enlace que te enviamos.',
  forbidden: 'No tienes los permisos necesarios',
  mailSend: 'Hubo un error a la hora de enviar el mail',
};

/** Nothing that looks like a password or its hash in an answer. */
function assertNoSecrets(raw: string) {
  assert.doesNotMatch(raw, /password/i);
  assert.doesNotMatch(raw, /\$argon2/);
}

describeWithMailer(
  'cuenta: registro, verificación e ingreso',
  (ctx, mailer) => {
    it('POST /auth/resendVerification: same answer for any address; re-sends only to an unverified account, rate limited', async () => {
      const { app } = ctx();
      const email = uniqueEmail();
      await call(app, 'POST', '/auth/register', { body: validRegistration(email) });
      const verified = await registerVerified(app, mailer);
      const ask = (address: string) => call(app, 'POST', '/auth/resendVerification', { body: { email: address } });
      const settle = () => new Promise((r) => setTimeout(r, 150));
      const answers = [await ask(email), await ask(uniqueEmail()), await ask(verified.email)];
      await settle();
      for (const a of answers) {
        assert.equal(a.status, 200, a.raw);
        assert.deepEqual(a.body, answers[0]!.body, 'the answer does not tell whether the account exists');
      }
      assert.match(answers[0]!.body.message, /te enviamos el correo de nuevo/);
      assert.equal(mailsTo(mailer, email, 'verify').length, 1, 'the registration mail is fresh: nothing re-sent yet');
      assert.equal(mailsTo(mailer, verified.email, 'verify').length, 1, 'a verified account gets nothing');
      const [u] = await ctx().db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await ctx()
        .db.db.update(oneTimeTokens)
        .set({ createdAt: sql`now() - interval '10 minutes'` })
        .where(eq(oneTimeTokens.userId, u!.id));
      await ask(email);
      await ask(email);
      await settle();
      assert.equal(mailsTo(mailer, email, 'verify').length, 2, 'one re-send, then the 5-minute limit');
      const latest = tokenFromMail(mailsTo(mailer, email, 'verify').at(-1)!, 'verify');
      assert.equal((await call(app, 'POST', '/auth/verify', { body: { token: latest } })).status, 200);
      for (const bad of [{}, { email: 'no-es-un-email' }, { email: 5 }]) {
        assert.equal((await call(app, 'POST', '/auth/resendVerification', { body: bad })).status, 400, JSON.stringify(bad));
      }
    });

    it('registers a customer (201), sends the verification mail and blocks login until it is followed', async () => {
      const { app } = ctx();
      const email = uniqueEmail();
      const reg = await call(app, 'POST', '/auth/register', { body: validRegistration(email.toUpperCase()) });
      assert.equal(reg.status, 201);
      assert.equal(reg.body.success, true);
      assert.equal(reg.body.data.email, email);
      assertNoSecrets(reg.raw);
      const mail = mailsTo(mailer, email, 'verify').at(-1)!;
      assert.match(mail.subject, /Confirmá tu email/);
      assert.match(mail.text, /http:\/\/localhost:3000\/verify\/[A-Za-z0-9_-]{43}/);
      assert.match(mail.html, /<a href="http:\/\/localhost:3000\/verify\//);
      assert.match(mail.text, /\/suscriptions\?token=/, 'every mail carries the unsubscribe link');
      assert.match(mail.headers!['List-Unsubscribe']!, /suscriptions\?token=.*unsubscribe=1/);

      // Right after registering the mail is fresh: nothing is re-sent.
      const login = await call(app, 'POST', '/auth/login', { body: { email, password: 'clave-segura-1' } });
      assert.equal(login.status, 403);
      assert.equal(login.body.message, M.unverifiedNoResend);
      assert.equal(mailsTo(mailer, email, 'verify').length, 1);
      // Some minutes later a blocked login re-sends the link, once.
      const [u] = await ctx().db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await ctx()
        .db.db.update(oneTimeTokens)
        .set({ createdAt: sql`now() - interval '10 minutes'` })
        .where(eq(oneTimeTokens.userId, u!.id));
      const resent = await call(app, 'POST', '/auth/login', { body: { email, password: 'clave-segura-1' } });
      assert.equal(resent.status, 403);
      assert.equal(resent.body.message, M.unverified);
      assert.equal(mailsTo(mailer, email, 'verify').length, 2, 'the blocked login re-sent the link');
      const again = await call(app, 'POST', '/auth/login', { body: { email, password: 'clave-segura-1' } });
      assert.equal(again.status, 403);
      assert.equal(again.body.message, M.unverifiedNoResend);
      assert.equal(mailsTo(mailer, email, 'verify').length, 2, 're-sending is rate limited');

      // A wrong password on an unverified account says nothing about verification.
      const wrong = await call(app, 'POST', '/auth/login', { body: { email, password: 'otra-clave-1' } });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.body.message, M.wrong);

      // The newest link works; the earlier one was revoked when the new one was sent.
      const [first, latest] = mailsTo(mailer, email, 'verify').map((m) => tokenFromMail(m, 'verify'));
      const old = await call(app, 'POST', '/auth/verify', { body: { token: first } });
      assert.equal(old.status, 400);
      assert.equal(old.body.message, M.tokenInvalid);
      const ok = await call(app, 'POST', '/auth/verify', { body: { token: latest } });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.message, M.verified);
      assert.deepEqual(Object.keys(ok.body.data).sort(), ['permissions', 'token', 'user']);
      assert.deepEqual(Object.keys(ok.body.data.user).sort(), ['email', 'id', 'lastname', 'name', 'role']);
      assert.equal(ok.body.data.user.role, 'customer');
      assertNoSecrets(ok.raw);

      const reuse = await call(app, 'POST', '/auth/verify', { body: { token: latest } });
      assert.equal(reuse.status, 400);
      assert.equal(reuse.body.message, M.tokenInvalid);

      const login2 = await call(app, 'POST', '/auth/login', { body: { email, password: 'clave-segura-1' } });
      assert.equal(login2.status, 200);
    });

    it('rejects a duplicate e-mail (any case) with 409', async () => {
      const { app } = ctx();
      const email = uniqueEmail();
      assert.equal((await call(app, 'POST', '/auth/register', { body: validRegistration(email) })).status, 201);
      const dup = await call(app, 'POST', '/auth/register', { body: validRegistration(email.replace('cliente', 'CLIENTE')) });
      assert.equal(dup.status, 409);
      assert.deepEqual(dup.body, { success: false, message: M.duplicate, code: 'DUPLICATE' });
    });

    it('validates the registration with the spec messages', async () => {
      const { app } = ctx();
      const base = validRegistration(uniqueEmail());
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, acceptTerms: false }, M.terms],
        [{ ...base, acceptTerms: undefined }, M.terms],
        [{ ...base, password: '1234567', confirmPassword: '1234567' }, 'La contraseña debe tener 8 caracteres al menos'],
        [{ ...base, confirmPassword: 'otra-cosa-99' }, 'Las contraseñas no coinciden'],
        [{ ...base, email: 'no es un email' }, 'Debe ser un email valido'],
        [{ ...base, name: '' }, 'Este Campo es Obligatorio'],
        [{ ...base, name: '12' }, 'Ingresa un nombre válido'],
        [{ ...base, lastname: '<script>' }, 'Ingresa un apellido válido'],
      ];
      for (const [body, message] of cases) {
        const res = await call(app, 'POST', '/auth/register', { body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.body, { success: false, message, code: message === M.terms ? 'TERMS_REQUIRED' : 'INVALID_FIELD' });
      }
      const wrongType = await call(app, 'POST', '/auth/register', { body: { ...base, acceptTerms: 'yes' } });
      assert.equal(wrongType.status, 400);
      assert.equal(wrongType.body.message, 'Los parametros son incorrectos');
    });

    it('undoes the registration when the verification mail cannot be sent', async () => {
      const { app, db } = ctx();
      const email = uniqueEmail();
      mailer.failNext = true;
      const res = await call(app, 'POST', '/auth/register', { body: validRegistration(email) });
      assert.equal(res.status, 502);
      assert.equal(res.body.message, M.mailSend);
      const rows = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      assert.equal(rows.length, 0);
      assert.equal((await call(app, 'POST', '/auth/register', { body: validRegistration(email) })).status, 201);
    });

    it('logs in with 1-day or 30-day sessions (15-minute access tokens) and answers the spec shape', async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      const day = await call(app, 'POST', '/auth/login', { body: { email, password, remember: false } });
      assert.equal(day.status, 200);
      assert.equal(day.body.success, true);
      assert.equal(typeof day.body.message, 'string');
      assert.equal(day.body.data.user.email, email);
      assert.deepEqual(day.body.data.permissions, []);
      assert.equal(day.headers['cache-control'], 'no-store', 'tokens are never cached');
      assertNoSecrets(day.raw);
      const p1 = jwtPayload(day.body.data.token);
      // ADR 0005: the access token lives 15 minutes; the session (refresh token, `sxp`) 1 day or 30 days
      assert.equal((p1.exp as number) - (p1.iat as number), 15 * 60);
      assert.ok(Math.abs((p1.sxp as number) - (p1.iat as number) - 24 * 3600) <= 1);
      const month = await call(app, 'POST', '/auth/login', { body: { email: email.toUpperCase(), password, remember: true } });
      const p2 = jwtPayload(month.body.data.token);
      assert.equal((p2.exp as number) - (p2.iat as number), 15 * 60);
      assert.ok(Math.abs((p2.sxp as number) - (p2.iat as number) - 30 * 24 * 3600) <= 1);
      const header = JSON.parse(Buffer.from(month.body.data.token.split('.')[0], 'base64url').toString());
      assert.equal(header.alg, 'HS256');
    });

    it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
      const { app } = ctx();
      const unknown = await call(app, 'POST', '/auth/login', { body: { email: uniqueEmail('nadie'), password: 'lo-que-sea' } });
      const wrong = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'equivocada' } });
      assert.equal(unknown.status, 401);
      assert.equal(wrong.status, 401);
      assert.deepEqual(unknown.body, { success: false, message: M.wrong, code: 'WRONG_CREDENTIALS' });
      assert.deepEqual(wrong.body, unknown.body);
      const bad = await call(app, 'POST', '/auth/login', { body: { email: 'no es email', password: '1234567' } });
      assert.deepEqual(bad.body, { success: false, message: 'Debe ser un email valido', code: 'INVALID_FIELD' });
      const short = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: '123' } });
      assert.equal(short.status, 400);
    });

    it('GET /auth checks the session: 401 without, with a bad, expired or foreign token', async () => {
      const { app } = ctx();
      const login = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' } });
      const token = login.body.data.token as string;
      const ok = await call(app, 'GET', '/auth', { token });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.success, true);
      assert.equal(ok.body.data.user.email, 'cliente@example.com');
      assert.deepEqual(ok.body.data.permissions, []);
      assert.equal(ok.body.data.token, undefined, 'a fresh token is not renewed');
      assertNoSecrets(ok.raw);

      const secret = new TextEncoder().encode(TEST_JWT_SECRET);
      const claims = jwtPayload(token);
      const past = Math.floor(Date.now() / 1000) - 10;
      const expired = await new SignJWT({ role: claims.role, pwd: claims.pwd })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer('aromas-del-alma')
        .setAudience('session')
        .setIssuedAt(past - 100)
        .setExpirationTime(past)
        .sign(secret);
      const foreign = await new SignJWT({ role: claims.role, pwd: claims.pwd })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer('aromas-del-alma')
        .setAudience('session')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
      for (const t of [null, 'basura', expired, foreign, none, `${token}x`]) {
        const res = await call(app, 'GET', '/auth', { token: t });
        assert.equal(res.status, 401, String(t));
        assert.deepEqual(res.body, { success: false, message: M.expired, code: 'SESSION_EXPIRED' });
      }
      const lower = await call(app, 'GET', '/auth', { headers: { authorization: `Token ${token}` } });
      assert.equal(lower.status, 401);

      // Past half its life, the check no longer renews it (ADR 0005): a token minted from a Bearer token would
      // let a stolen access token live forever; only the HttpOnly refresh cookie renews (POST auth/refresh).
      const halfLife = await new SignJWT({ role: claims.role, pwd: claims.pwd, rem: false })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer('aromas-del-alma')
        .setAudience('session')
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(secret);
      const checked = await call(app, 'GET', '/auth', { token: halfLife });
      assert.equal(checked.status, 200);
      assert.equal(checked.body.data.token, undefined);
      assert.equal(checked.headers['set-cookie'], undefined);
    });

    it('the VIP customer holds isVip; staff roles reach staff routes, customers do not', async () => {
      const { app, db } = ctx();
      const vip = await call(app, 'POST', '/auth/login', { body: { email: 'vip@example.com', password: 'tienda-demo' } });
      assert.equal(vip.body.data.user.role, 'vipcustomer');
      assert.deepEqual(vip.body.data.permissions, ['isVip']);
      const staff = await call(app, 'POST', '/auth/login', { body: { email: 'staff@example.com', password: 'tienda-demo' } });
      assert.equal(staff.body.data.user.role, 'superadmin');
      assert.ok(!staff.body.data.permissions.includes('isVip'));
      const customer = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' } });

      const [order] = await db.db
        .insert(orders)
        .values({ userId: customer.body.data.user.id })
        .returning({ id: orders.id });
      const body = { userId: customer.body.data.user.id, orderId: order!.id };
      const anon = await call(app, 'POST', '/api/auth/autoLoginLink', { body });
      assert.equal(anon.status, 401);
      const asCustomer = await call(app, 'POST', '/api/auth/autoLoginLink', { body, token: customer.body.data.token });
      assert.equal(asCustomer.status, 403);
      assert.equal(asCustomer.body.message, M.forbidden);
      const asVip = await call(app, 'POST', '/api/auth/autoLoginLink', { body, token: vip.body.data.token });
      assert.equal(asVip.status, 403);
      const asStaff = await call(app, 'POST', '/api/auth/autoLoginLink', { body, token: staff.body.data.token });
      assert.equal(asStaff.status, 202);
      assert.equal(asStaff.body.message, 'Le enviamos al cliente el enlace de ingreso a su pedido');
      assert.doesNotMatch(asStaff.raw, /autoLogin\?token=/, 'the link goes to the customer, never to the caller');
      const mailed = mailsTo(mailer, 'cliente@example.com', 'autologin').at(-1);
      assert.match(tokenFromMail(mailed, 'autologin'), /^[A-Za-z0-9_-]{43}$/);
      const foreign = await call(app, 'POST', '/api/auth/autoLoginLink', {
        body: { userId: vip.body.data.user.id, orderId: order!.id },
        token: staff.body.data.token,
      });
      assert.equal(foreign.status, 404, 'the order must belong to that customer');
    });

    it('issue 19 item 14: look-alike registrations with invisible characters are refused; NFKC / case spellings are one account', async () => {
      const { app, db } = ctx();
      const email = uniqueEmail('lookalike');
      assert.equal((await call(app, 'POST', '/auth/register', { body: validRegistration(email) })).status, 201);
      const [local, domain] = email.split('@') as [string, string];
      for (const twin of [`${local}\u200B@${domain}`, `${local}\u202E@${domain}`, `\u2060${local}@${domain}`]) {
        const res = await call(app, 'POST', '/auth/register', { body: validRegistration(twin) });
        assert.equal(res.status, 400, JSON.stringify(twin));
        assert.equal(res.body.message, 'No se permiten caracteres invisibles');
      }
      const named = await call(app, 'POST', '/auth/register', { body: { ...validRegistration(uniqueEmail('nombre')), name: 'An\u200Ba' } });
      assert.equal(named.status, 400);
      assert.equal(named.body.message, 'No se permiten caracteres invisibles');
      const fullWidth = [...local].map((c) => (/[a-z0-9]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
      for (const twin of [`${local.toUpperCase()}@${domain.toUpperCase()}`, `${fullWidth}@${domain}`]) {
        const res = await call(app, 'POST', '/auth/register', { body: validRegistration(twin) });
        assert.equal(res.status, 409, `${twin}: ${res.raw}`);
      }
      const stored = await db.db.select({ email: users.email }).from(users).where(sql`${users.email} like ${`${local.slice(0, 8)}%`}`);
      assert.deepEqual(stored.map((r) => r.email), [email]);
    });

    it('issue 19 item 3: an order employee asking for a customer link gets no session; the link is mailed and who asked is recorded', async () => {
      const { app, db } = ctx();
      const { email } = await registerVerified(app, mailer);
      const [customer] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const [order] = await db.db.insert(orders).values({ userId: customer!.id }).returning({ id: orders.id, number: orders.number });
      const [oe] = await db.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'pedidos@example.com'));
      const employee = await call(app, 'POST', '/auth/login', { body: { email: 'pedidos@example.com', password: 'tienda-demo' } });
      assert.equal(employee.status, 200);
      const before = mailsTo(mailer, email, 'autologin').length;
      const res = await call(app, 'POST', '/api/auth/autoLoginLink', {
        body: { userId: customer!.id, orderId: order!.id },
        token: employee.body.data.token,
      });
      assert.equal(res.status, 202, res.raw);
      // the attack: reading a token out of the answer and signing in as the customer
      const leaked = /token=([A-Za-z0-9_-]{43})/.exec(res.raw);
      assert.equal(leaked, null, 'no link in the answer');
      assert.deepEqual(Object.keys(res.body.data), ['expiresAt']);
      const mails = mailsTo(mailer, email, 'autologin');
      assert.equal(mails.length, before + 1, 'mailed to the customer');
      assert.match(mails.at(-1)!.subject, new RegExp(`#${order!.number}`));
      const [row] = await db.db
        .select({ requestedBy: oneTimeTokens.requestedBy })
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.orderId, order!.id));
      assert.equal(row!.requestedBy, oe!.id, 'who asked is recorded');
      // the mailed link works for the customer
      const ok = await call(app, 'POST', '/auth/autoLogin', { body: { token: tokenFromMail(mails.at(-1), 'autologin') } });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.data.User.email, email);
    });

    it('issue 19 item 11: a password change spends the earlier reset, verify and auto-login links', async () => {
      const { app, db } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      const [u] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const [order] = await db.db.insert(orders).values({ userId: u!.id }).returning({ id: orders.id });
      assert.equal((await call(app, 'POST', '/auth/forgot', { body: { email } })).status, 200);
      const resetToken = tokenFromMail(mailsTo(mailer, email, 'reset').at(-1), 'reset');
      const auto = new URL((await app.auth.createAutoLoginLink(u!.id, order!.id)).url).searchParams.get('token')!;
      assert.equal((await call(app, 'GET', `/auth/canChangePassword?token=${resetToken}`)).status, 200, 'usable before');

      const session = await call(app, 'POST', '/auth/login', { body: { email, password } });
      const changed = await call(app, 'POST', '/api/user/password', {
        token: session.body.data.token,
        body: { currentPassword: password, newPassword: 'clave-nueva-99', confirmPassword: 'clave-nueva-99' },
      });
      assert.equal(changed.status, 200, changed.raw);

      const reset = await call(app, 'POST', '/auth/changePassword', {
        body: { token: resetToken, newPassword: 'del-atacante', confirmPassword: 'del-atacante' },
      });
      assert.equal(reset.status, 400, 'the old reset link no longer sets a password');
      assert.equal(reset.body.message, M.tokenInvalid);
      const autoLogin = await call(app, 'POST', '/auth/autoLogin', { body: { token: auto } });
      assert.equal(autoLogin.status, 400, 'the old auto-login link no longer opens a session');
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password: 'clave-nueva-99' } })).status, 200);

      // a reset through a link also spends the other links
      assert.equal((await call(app, 'POST', '/auth/forgot', { body: { email } })).status, 200);
      const second = tokenFromMail(mailsTo(mailer, email, 'reset').at(-1), 'reset');
      const auto2 = new URL((await app.auth.createAutoLoginLink(u!.id, order!.id)).url).searchParams.get('token')!;
      const viaLink = await call(app, 'POST', '/auth/changePassword', {
        body: { token: second, newPassword: 'clave-tres-33', confirmPassword: 'clave-tres-33' },
      });
      assert.equal(viaLink.status, 200, viaLink.raw);
      assert.equal((await call(app, 'POST', '/auth/autoLogin', { body: { token: auto2 } })).status, 400);
    });

    it('auto-login: a single-use link lands on its order with Role.Permissions; reuse and expiry fail', async () => {
      const { app, db } = ctx();
      const [vip] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'vip@example.com'));
      const [order] = await db.db.insert(orders).values({ userId: vip!.id }).returning({ id: orders.id });
      const link = await app.auth.createAutoLoginLink(vip!.id, order!.id);
      const token = new URL(link.url).searchParams.get('token')!;
      const ok = await call(app, 'POST', '/auth/autoLogin', { body: { token } });
      assert.equal(ok.status, 200);
      assert.equal(typeof ok.body.message, 'string');
      assert.equal(ok.body.data.order, order!.id);
      assert.deepEqual(ok.body.data.User, {
        id: vip!.id,
        email: 'vip@example.com',
        name: 'Martín',
        lastname: 'Gómez',
        Role: { name: 'vipcustomer', Permissions: [{ name: 'isVip' }] },
      });
      assert.equal((await call(app, 'GET', '/auth', { token: ok.body.data.token })).status, 200);
      assertNoSecrets(ok.raw);

      const reuse = await call(app, 'POST', '/auth/autoLogin', { body: { token } });
      assert.equal(reuse.status, 400);
      assert.equal(reuse.body.message, M.tokenInvalid);

      const late = await app.auth.createAutoLoginLink(vip!.id, order!.id);
      const lateToken = new URL(late.url).searchParams.get('token')!;
      await db.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(oneTimeTokens.orderId, order!.id));
      const expired = await call(app, 'POST', '/auth/autoLogin', { body: { token: lateToken } });
      assert.equal(expired.status, 410);
      assert.equal(expired.body.message, M.tokenExpired);

      for (const t of ['', 'x', 'a'.repeat(43), '../../etc/passwd']) {
        const res = await call(app, 'POST', '/auth/autoLogin', { body: { token: t } });
        assert.equal(res.status, 400, t);
        assert.equal(res.body.message, M.tokenInvalid);
      }
      // A verify token is not an auto-login token.
      const { token: verifyToken } = await registerUnverified(app, mailer);
      assert.equal((await call(app, 'POST', '/auth/autoLogin', { body: { token: verifyToken } })).status, 400);
      assert.equal((await call(app, 'POST', '/auth/verify', { body: { token: verifyToken } })).status, 200);
    });

    it('an expired verification link says "El token ha expirado"', async () => {
      const { app, db } = ctx();
      const { email, token } = await registerUnverified(app, mailer);
      const [u] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await db.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeTokens.userId, u!.id));
      const res = await call(app, 'POST', '/auth/verify', { body: { token } });
      assert.equal(res.status, 410);
      assert.deepEqual(res.body, { success: false, message: M.tokenExpired, code: 'TOKEN_EXPIRED' });
    });

    it('stores one-time tokens hashed (sha256), with 48 h / 1 h lifetimes', async () => {
      const { app, db } = ctx();
      const { email, token } = await registerUnverified(app, mailer);
      const [u] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await call(app, 'POST', '/auth/forgot', { body: { email } });
      const rows = await db.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, u!.id));
      assert.equal(rows.length, 2);
      for (const r of rows) {
        assert.match(r.tokenHash, /^[0-9a-f]{64}$/);
        assert.notEqual(r.tokenHash, token);
        const hours = (r.expiresAt.getTime() - r.createdAt.getTime()) / 3600_000;
        assert.ok(Math.abs(hours - (r.kind === 'verify' ? 48 : 1)) < 0.05, `${r.kind}: ${hours}`);
      }
    });
  },
  // This suite walks account flows, every inject() from one address: the per-IP limits of the auth routes
  // (which exempt nobody) are raised here and tested in auth-limits.test.ts / proxy-limits.test.ts.
  {
    auth: {
      jwtSecret: TEST_JWT_SECRET,
      limits: { sensitivePerIp: { max: 500, windowMs: 60_000 }, loginPerIp: { max: 500, windowMs: 60_000 } },
    },
  },
);

describeWithMailer(
  'cuenta: olvidé mi contraseña',
  (ctx, mailer2) => {
    it('unknown e-mail → 404 with the spec message (documented enumeration choice)', async () => {
      const res = await call(ctx().app, 'POST', '/auth/forgot', { body: { email: uniqueEmail('nadie') } });
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { success: false, message: M.noAccount, code: 'NO_ACCOUNT_FOR_EMAIL' });
      const bad = await call(ctx().app, 'POST', '/auth/forgot', { body: { email: 'x' } });
      assert.deepEqual(bad.body, { success: false, message: 'Debe ser un email valido', code: 'INVALID_FIELD' });
    });

    it('forgot → canChangePassword → changePassword logs in, the old password and sessions stop working', async () => {
      const { app } = ctx();
      const { email, password, token: oldSession } = await registerVerified(app, mailer2);
      const forgot = await call(app, 'POST', '/auth/forgot', { body: { email } });
      assert.equal(forgot.status, 200);
      assert.equal(forgot.body.success, true);
      assert.equal(typeof forgot.body.message, 'string');
      const mail = mailsTo(mailer2, email, 'reset').at(-1)!;
      assert.match(mail.subject, /contraseña/);
      const token = tokenFromMail(mail, 'reset');

      assert.equal((await call(app, 'GET', `/auth/canChangePassword?token=${token}`)).status, 200);
      assert.equal((await call(app, 'GET', '/auth/canChangePassword?token=nope')).body.message, M.tokenInvalid);
      assert.equal((await call(app, 'GET', '/auth/canChangePassword')).status, 400);

      // A validation error does not burn the link.
      const short = await call(app, 'POST', '/auth/changePassword', { body: { token, newPassword: '123456', confirmPassword: '123456' } });
      assert.deepEqual(short.body, { success: false, message: 'Contraseña debe tener un minimo de 8 caracteres', code: 'INVALID_FIELD' });
      const mismatch = await call(app, 'POST', '/auth/changePassword', { body: { token, newPassword: '1234567', confirmPassword: '7654321' } });
      assert.deepEqual(mismatch.body, { success: false, message: 'Confirmar contraseña', code: 'INVALID_FIELD' });

      const ok = await call(app, 'POST', '/auth/changePassword', { body: { token, newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' } });
      assert.equal(ok.status, 200);
      assert.deepEqual(Object.keys(ok.body.data).sort(), ['permissions', 'token', 'user']);
      assertNoSecrets(ok.raw);
      assert.equal((await call(app, 'GET', '/auth', { token: ok.body.data.token })).status, 200);
      assert.equal((await call(app, 'GET', '/auth', { token: oldSession })).status, 401, 'older sessions end');

      const reuse = await call(app, 'POST', '/auth/changePassword', { body: { token, newPassword: 'otra-clave', confirmPassword: 'otra-clave' } });
      assert.equal(reuse.status, 400);
      assert.equal(reuse.body.message, M.tokenInvalid);
      assert.equal((await call(app, 'GET', `/auth/canChangePassword?token=${token}`)).status, 400);

      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password } })).status, 401);
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password: 'nueva-clave' } })).status, 200);
    });

    it('an expired reset link: canChangePassword and changePassword answer 410 "El token ha expirado"', async () => {
      const { app, db } = ctx();
      const { email, userId } = await registerVerified(app, mailer2);
      await call(app, 'POST', '/auth/forgot', { body: { email } });
      const token = tokenFromMail(mailsTo(mailer2, email, 'reset').at(-1), 'reset');
      await db.db
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oneTimeTokens.userId, userId));
      const can = await call(app, 'GET', `/auth/canChangePassword?token=${token}`);
      assert.equal(can.status, 410);
      assert.equal(can.body.message, M.tokenExpired);
      const change = await call(app, 'POST', '/auth/changePassword', { body: { token, newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' } });
      assert.equal(change.status, 410);
    });

    it('a reset link also verifies an unverified e-mail (the mailbox is proven)', async () => {
      const { app } = ctx();
      const email = uniqueEmail();
      await call(app, 'POST', '/auth/register', { body: validRegistration(email) });
      await call(app, 'POST', '/auth/forgot', { body: { email } });
      const token = tokenFromMail(mailsTo(mailer2, email, 'reset').at(-1), 'reset');
      await call(app, 'POST', '/auth/changePassword', { body: { token, newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' } });
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password: 'nueva-clave' } })).status, 200);
    });

    it('a newer reset mail revokes the older link', async () => {
      const { app } = ctx();
      const { email } = await registerVerified(app, mailer2);
      await call(app, 'POST', '/auth/forgot', { body: { email } });
      await call(app, 'POST', '/auth/forgot', { body: { email } });
      const [first, second] = mailsTo(mailer2, email, 'reset').map((m) => tokenFromMail(m, 'reset'));
      assert.equal((await call(app, 'GET', `/auth/canChangePassword?token=${first}`)).status, 400);
      assert.equal((await call(app, 'GET', `/auth/canChangePassword?token=${second}`)).status, 200);
    });
  },
  { auth: { jwtSecret: TEST_JWT_SECRET } },
);
