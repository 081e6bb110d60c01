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
    it('5 failed logins from one address stop that address for 15 minutes (even with the right password)', async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      for (let i = 0; i < 5; i++) {
        const r = await call(app, 'POST', '/auth/login', { body: { email, password: `equivocada-${i}` }, ip: '10.0.0.1' });
        assert.equal(r.status, 401);
      }
      const locked = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.0.0.1' });
      assert.equal(locked.status, 429);
      assert.deepEqual(locked.body, { success: false, message: TOO_MANY_ATTEMPTS, code: 'TOO_MANY_ATTEMPTS' });
      const retry = Number(locked.headers['retry-after']);
      assert.ok(retry > 0 && retry <= 15 * 60, String(retry));
      // Other accounts are not affected.
      const other = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' }, ip: '10.0.1.2' });
      assert.equal(other.status, 200);
    });

    it('issue 19 item 7: wrong passwords from one address do not lock the owner out from another address', async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      for (let i = 0; i < 5; i++) {
        const r = await call(app, 'POST', '/auth/login', { body: { email, password: `del-atacante-${i}` }, ip: '10.9.0.66' });
        assert.equal(r.status, 401);
      }
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.9.0.66' })).status, 429, 'the attacker is stopped');
      const owner = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.9.1.1' });
      assert.equal(owner.status, 200, 'the owner signs in from their own address');
    });

    it('a guess spread over many addresses meets the slower per-account limit, which never stops an address the owner used', async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.8.1.1' })).status, 200, 'the owner, earlier');
      // the test's global limit is 8 failures (production: 30 per hour); 4 per address stays under the pair limit
      for (let i = 0; i < 8; i++) {
        const r = await call(app, 'POST', '/auth/login', { body: { email, password: `equivocada-${i}` }, ip: `10.8.0.${Math.floor(i / 4)}` });
        assert.equal(r.status, 401);
      }
      const fresh = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.8.0.99' });
      assert.equal(fresh.status, 429, 'a new address is stopped by the per-account back-off, even with the right password');
      assert.equal(fresh.body.message, TOO_MANY_ATTEMPTS);
      const owner = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.8.1.1' });
      assert.equal(owner.status, 200, 'the address that signed in before still gets in');
    });

    it("a successful login resets that address's failure count", async () => {
      const { app } = ctx();
      const { email, password } = await registerVerified(app, mailer);
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++) {
          const r = await call(app, 'POST', '/auth/login', { body: { email, password: 'equivocada' }, ip: '10.1.0.1' });
          assert.equal(r.status, 401);
        }
        const ok = await call(app, 'POST', '/auth/login', { body: { email, password }, ip: '10.1.0.1' });
        assert.equal(ok.status, 200);
      }
    });

    it('limits login attempts per IP', async () => {
      const { app } = ctx();
      const ip = '10.2.0.1';
      for (let i = 0; i < 12; i++) {
        const r = await call(app, 'POST', '/auth/login', { body: { email: uniqueEmail('ip'), password: 'lo-que-sea' }, ip });
        assert.equal(r.status, 401);
      }
      const blocked = await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' }, ip });
      assert.equal(blocked.status, 429);
      assert.deepEqual(blocked.body, { success: false, message: TOO_MANY, code: 'TOO_MANY_REQUESTS' });
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
        loginFailuresPerAccountGlobal: { max: 8, windowMs: 60 * 60_000 },
        loginPerIp: { max: 12, windowMs: 60_000 },
        sensitivePerIp: { max: 6, windowMs: 60_000 },
      },
    },
    // Loopback is allow-listed in production; the tests use made-up client addresses anyway.
    rateLimit: { allowList: [] },
  },
);
