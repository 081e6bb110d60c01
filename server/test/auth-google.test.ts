/**
 * Google sign-in against a local JWKS server with keys generated here: valid token, wrong audience, wrong
 * issuer, expired, bad signature, unverified e-mail; account creation and linking; off without a client id.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { describeEachDb } from './helpers';
import { call, memoryMailer, registerVerified, startFakeGoogle, type FakeGoogle } from './auth-fixtures';

let google: FakeGoogle;
before(async () => {
  google = await startFakeGoogle();
});
after(async () => {
  await google?.close();
});

const mailer = memoryMailer();
const WRONG = 'Los datos son incorrectos';

describeEachDb(
  'cuenta: ingreso con Google',
  (ctx) => {
    it('advertises the client id', async () => {
      const res = await call(ctx().app, 'GET', '/api/auth/providers');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { google: { clientId: google.clientId } });
    });

    it('a valid ID token creates a verified customer, and signs the same person in again', async () => {
      const { app, db } = ctx();
      const credential = await google.sign({ sub: 'g-100', email: 'Nueva.Persona@Gmail.com', given_name: 'Nueva', family_name: 'Persona' });
      const first = await call(app, 'POST', '/auth/google', { body: { credential } });
      assert.equal(first.status, 200, first.raw);
      assert.equal(first.body.data.user.email, 'nueva.persona@gmail.com');
      assert.equal(first.body.data.user.name, 'Nueva');
      assert.equal(first.body.data.user.role, 'customer');
      assert.doesNotMatch(first.raw, /password/i);
      const [row] = await db.db.select().from(users).where(eq(users.email, 'nueva.persona@gmail.com'));
      assert.equal(row!.googleSub, 'g-100');
      assert.ok(row!.emailVerifiedAt);
      assert.equal(row!.passwordHash, null);
      const again = await call(app, 'POST', '/auth/google', { body: { credential: await google.sign({ sub: 'g-100', email: 'otro@gmail.com' }) } });
      assert.equal(again.body.data.user.id, first.body.data.user.id, 'matched by subject, not e-mail');
      assert.equal((await call(app, 'GET', '/auth', { token: again.body.data.token })).status, 200);
    });

    it('links an existing account with the same e-mail', async () => {
      const { app } = ctx();
      const { email, userId } = await registerVerified(app, mailer);
      const res = await call(app, 'POST', '/auth/google', { body: { credential: await google.sign({ sub: 'g-200', email }) } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.user.id, userId);
      // The password still works too.
      assert.equal((await call(app, 'POST', '/auth/login', { body: { email, password: 'clave-segura-1' } })).status, 200);
    });

    it('refuses a wrong audience, a wrong issuer, an expired token, a bad signature and an unverified e-mail', async () => {
      const { app } = ctx();
      const cases: [string, string][] = [
        ['wrong audience', await google.sign({ sub: 'g-300', email: 'a@gmail.com', aud: 'someone-else.apps.googleusercontent.com' })],
        ['wrong issuer', await google.sign({ sub: 'g-300', email: 'a@gmail.com', iss: 'https://evil.example.com' })],
        ['expired', await google.sign({ sub: 'g-300', email: 'a@gmail.com' }, { expSeconds: -120 })],
        ['bad signature', await google.sign({ sub: 'g-300', email: 'a@gmail.com' }, { key: 'rogue' })],
        ['unknown key', await google.sign({ sub: 'g-300', email: 'a@gmail.com' }, { kid: 'other-kid' })],
        ['unverified e-mail', await google.sign({ sub: 'g-300', email: 'a@gmail.com', email_verified: false })],
        ['garbage', 'not-a-jwt'],
      ];
      for (const [name, credential] of cases) {
        const res = await call(app, 'POST', '/auth/google', { body: { credential } });
        assert.equal(res.status, 401, name);
        assert.deepEqual(res.body, { success: false, message: WRONG, code: 'WRONG_CREDENTIALS' }, name);
      }
      const hs = (await call(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' } })).body.data.token;
      assert.equal((await call(app, 'POST', '/auth/google', { body: { credential: hs } })).status, 401, 'our own HS256 token is not a Google token');
    });

    it('accepts the issuer without https://', async () => {
      const res = await call(ctx().app, 'POST', '/auth/google', {
        body: { credential: await google.sign({ sub: 'g-400', email: 'sin-https@gmail.com', iss: 'accounts.google.com' }) },
      });
      assert.equal(res.status, 200);
    });
  },
  {
    auth: {
      mailer,
      get googleClientId() {
        return google.clientId;
      },
      get googleJwksUrl() {
        return google.url;
      },
    },
  },
);

describeEachDb(
  'cuenta: Google desactivado',
  (ctx) => {
    it('answers 404 and advertises no provider when GOOGLE_CLIENT_ID is unset', async () => {
      const { app } = ctx();
      assert.deepEqual((await call(app, 'GET', '/api/auth/providers')).body.data, { google: null });
      const res = await call(app, 'POST', '/auth/google', { body: { credential: 'x' } });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, 'El ingreso con Google no está disponible');
    });
  },
  { auth: { mailer, googleClientId: null } },
);
