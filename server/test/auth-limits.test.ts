/** Login and forgot throttles: per account and per IP, answered with 429 and a Spanish message. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDb } from './helpers';
import { call, memoryMailer, registerVerified, uniqueEmail } from './auth-fixtures';

const mailer = memoryMailer();
const TOO_MANY_ATTEMPTS = 'Demasiados intentos fallidos. Esperá unos minutos e intentá de nuevo.';
const TOO_MANY = 'Demasiadas solicitudes, intenta nuevamente en unos minutos';

describeEachDb(
  'cuenta: límites de intentos',
  (ctx) => {
    it('5 failed logins lock the account for 15 minutes, even with the right password', async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      for (let i = 0; i < 5; i++) {
        const r = await call(app, 'POST', '/auth/login', { body: { email, password: `equivocada-${i}` }, ip: `10.0.0.${i + 1}` });
        assert.equal(r.status, 401);
      }
      const locked = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.0.1.1' });
      assert.equal(locked.status, 429);
      assert.deepEqual(locked.body, { success: false, message: TOO_MANY_ATTEMPTS });
      const retry = Number(locked.headers['retry-after']);
      assert.ok(retry > 0 && retry <= 15 * 60, String(retry));
      // Other accounts are not affected.
      const other = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' }, ip: '10.0.1.2' });
      assert.equal(other.status, 200);
    });

    it('a successful login resets the failure count', async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) {
          await call(app, 'POST', '/auth/login', { body: { email, password: 'equivocada' }, ip: `10.1.${round}.${i}` });
        }
        const ok = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: `10.1.${round}.9` });
        assert.equal(ok.status, 200);
      }
    });

    it('limits login attempts per IP', async () => {
      const { app } = ctx();
      const ip = '10.2.0.1';
      for (let i = 0; i < 6; i++) {
        const r = await call(app, 'POST', '/auth/login', { body: { email: uniqueEmail('ip'), password: 'lo-que-sea' }, ip });
        assert.equal(r.status, 401);
      }
      const blocked = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' }, ip });
      assert.equal(blocked.status, 429);
      assert.deepEqual(blocked.body, { success: false, message: TOO_MANY });
      const elsewhere = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' }, ip: '10.2.0.2' });
      assert.equal(elsewhere.status, 200);
    });

    it('limits reset mails per account (3 per 15 minutes)', async () => {
      const { app } = ctx();
      const { email } = await registerVerified(app, mailer);
      for (let i = 0; i < 3; i++) {
        assert.equal((await call(app, 'POST', '/auth/forgot', { body: { email }, ip: `10.3.0.${i}` })).status, 200);
      }
      const blocked = await call(app, 'POST', '/auth/forgot', { body: { email }, ip: '10.3.1.1' });
      assert.equal(blocked.status, 429);
      assert.equal(blocked.body.message, TOO_MANY_ATTEMPTS);
      assert.equal(mailer.sent.filter((m) => m.to === email && m.kind === 'reset').length, 3);
    });

    it('limits forgot / register probing per IP', async () => {
      const { app } = ctx();
      const ip = '10.4.0.1';
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await call(app, 'POST', '/auth/forgot', { body: { email: uniqueEmail('sonda') }, ip })).status);
      }
      assert.deepEqual(statuses, [404, 404, 404, 404, 404, 404, 429]);
    });
  },
  {
    auth: {
      mailer,
      limits: {
        loginPerIp: { max: 6, windowMs: 60_000 },
        sensitivePerIp: { max: 6, windowMs: 60_000 },
      },
    },
    // Loopback is allow-listed in production; the tests use made-up client addresses anyway.
    rateLimit: { allowList: [] },
  },
);
