/** The customer's own account (GET/PATCH /api/user/me, POST /api/user/password) and the mail preferences. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { call, describeWithMailer, registerUnverified, registerVerified } from './auth-fixtures';

describeWithMailer(
  'cuenta: mis datos y contraseña',
  (ctx, mailer) => {
    it('GET /api/user/me needs a session and never returns the password', async () => {
      const { app } = ctx();
      assert.equal((await call(app, 'GET', '/api/user/me')).status, 401);
      const login = await call(app, 'POST', '/auth/login', { body: { email: 'vip@example.com', password: 'tienda-demo' } });
      const me = await call(app, 'GET', '/api/user/me', { token: login.body.data.token });
      assert.equal(me.status, 200);
      assert.deepEqual(me.body.data, {
        id: login.body.data.user.id,
        email: 'vip@example.com',
        name: 'Martín',
        lastname: 'Gómez',
        contactNumber: '+54 351 555-0202',
        role: 'vipcustomer',
        permissions: ['isVip'],
        isVip: true,
        emailVerified: true,
        hasPassword: true,
        googleLinked: false,
      });
      assert.doesNotMatch(me.raw, /\$argon2|passwordHash/);
    });

    it('PATCH /api/user/me edits the contact number (and validates it)', async () => {
      const { app } = ctx();
      const { token } = await registerVerified(app, mailer);
      const ok = await call(app, 'PATCH', '/api/user/me', { token, body: { contactNumber: '+54 9 11 4444-5555' } });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.message, 'Datos guardados correctamente');
      assert.equal(ok.body.data.contactNumber, '+54 9 11 4444-5555');
      const bad = await call(app, 'PATCH', '/api/user/me', { token, body: { contactNumber: 'llamame' } });
      assert.deepEqual(bad.body, { success: false, message: 'Ingresa un número de contacto válido', code: 'INVALID_FIELD' });
      const name = await call(app, 'PATCH', '/api/user/me', { token, body: { name: '1' } });
      assert.deepEqual(name.body, { success: false, message: 'Ingresa un nombre válido', code: 'INVALID_FIELD' });
      const cleared = await call(app, 'PATCH', '/api/user/me', { token, body: { contactNumber: '' } });
      assert.equal(cleared.body.data.contactNumber, null);
      const renamed = await call(app, 'PATCH', '/api/user/me', { token, body: { name: 'Ana María', lastname: 'Pérez' } });
      assert.equal(renamed.body.data.name, 'Ana María');
      const role = await call(app, 'PATCH', '/api/user/me', { token, body: { role: 'admin' } });
      assert.equal(role.status, 200);
      assert.equal(role.body.data.role, 'customer', 'unknown fields are ignored: no self-promotion');
      assert.equal((await call(app, 'PATCH', '/api/user/me', { body: { contactNumber: '123456' } })).status, 401);
    });

    it('POST /api/user/password: wrong current password, validation, then a new token and the old one ends', async () => {
      const { app } = ctx();
      const { email, password, token } = await registerVerified(app, mailer);
      const wrong = await call(app, 'POST', '/api/user/password', {
        token,
        body: { currentPassword: 'no-es-esta', newPassword: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.message, 'La contraseña actual no es correcta');
      const mismatch = await call(app, 'POST', '/api/user/password', {
        token,
        body: { currentPassword: password, newPassword: 'nueva-clave-1', confirmPassword: 'nueva-clave-2' },
      });
      assert.deepEqual(mismatch.body, { success: false, message: 'Las contraseñas no coinciden', code: 'INVALID_FIELD' });
      const short = await call(app, 'POST', '/api/user/password', {
        token,
        body: { currentPassword: password, newPassword: 'corta', confirmPassword: 'corta' },
      });
      assert.deepEqual(short.body, { success: false, message: 'La contraseña debe tener 8 caracteres al menos', code: 'INVALID_FIELD' });

      const ok = await call(app, 'POST', '/api/user/password', {
        token,
        body: { currentPassword: password, newPassword: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' },
      });
      assert.equal(ok.status, 200);
      assert.deepEqual(Object.keys(ok.body.data).sort(), ['permissions', 'token', 'user']);
      assert.doesNotMatch(ok.raw, /nueva-clave|\$argon2/);
      assert.equal((await call(app, 'GET', '/auth', { token })).status, 401);
      assert.equal((await call(app, 'GET', '/auth', { token: ok.body.data.token })).status, 200);
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password: 'nueva-clave-1' } })).status, 200);
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password } })).status, 401);
    });

    it('guessing the current password is throttled', async () => {
      const { app } = ctx();
      const { token } = await registerVerified(app, mailer);
      const body = { currentPassword: 'adivinanza', newPassword: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' };
      for (let i = 0; i < 5; i++) assert.equal((await call(app, 'POST', '/api/user/password', { token, body })).status, 400);
      assert.equal((await call(app, 'POST', '/api/user/password', { token, body })).status, 429);
    });
  },
);

describeWithMailer(
  'cuenta: preferencias de email (enlace firmado)',
  (ctx, mailer2) => {
    it('reads and updates the preferences from the link of any mail, without logging in', async () => {
      const { app } = ctx();
      const { email, token } = await registerUnverified(app, mailer2, undefined, 'subscriptions');
      const q = `?token=${encodeURIComponent(token)}`;
      const read = await call(app, 'GET', `/api/user/subscriptions${q}`);
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data, { email, orderMails: true, news: true });
      const upd = await call(app, 'POST', `/api/user/subscriptions${q}`, { body: { news: false } });
      assert.equal(upd.status, 200);
      assert.deepEqual(upd.body.data, { email, orderMails: true, news: false });
      assert.equal(typeof upd.body.message, 'string');
      // The link is reusable.
      assert.deepEqual((await call(app, 'GET', `/api/user/subscriptions${q}`)).body.data.news, false);
    });

    it('one-click unsubscribe (RFC 8058 form POST) turns everything off', async () => {
      const { app } = ctx();
      const { email, token } = await registerUnverified(app, mailer2, undefined, 'subscriptions');
      const res = await app.inject({
        method: 'POST',
        url: `/api/user/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(res.statusCode, 200);
      const read = await call(app, 'GET', `/api/user/subscriptions?token=${encodeURIComponent(token)}`);
      assert.deepEqual(read.body.data, { email, orderMails: false, news: false });
    });

    it('refuses a missing, forged or session token', async () => {
      const { app } = ctx();
      const login = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' } });
      for (const t of ['', 'abc', login.body.data.token]) {
        const res = await call(app, 'GET', `/api/user/subscriptions?token=${encodeURIComponent(t)}`);
        assert.equal(res.status, 400, t);
        assert.deepEqual(res.body, { success: false, message: 'Token invalido', code: 'TOKEN_INVALID' });
      }
      assert.equal((await call(app, 'POST', '/api/user/subscriptions?token=abc', { body: { news: false } })).status, 400);
      assert.equal((await call(app, 'GET', '/api/user/subscriptions')).status, 400);
    });
  },
  { auth: { publicApiUrl: 'http://api.test' } },
);
