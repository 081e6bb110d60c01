/** Signing in: e-mail and password, the session check, Google (and whether it is on). */
import { loginSchema } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError } from '../../errors';
import { verifyPassword } from '../../auth/password';
import { publicUser } from '../../auth/plugin';
import { authProvidersSchema, googleBody, loginBody, sessionCheckSchema, sessionDataSchema } from '../../../lib/contracts/account';
import { createCustomer, findUserByEmail, findUserByGoogleSub, findUserById, linkGoogle } from '../../auth/users';
import { check, tooMany, type AuthApp, type AuthKit } from './kit';

export function signInRoutes(app: AuthApp, kit: AuthKit): void {
  const { doc, signedInDoc, throttle, loginIp, sensitiveIp, resendVerification } = kit;

  app.post(
    '/auth/login',
    {
      config: { ...loginIp, invalidates: [] },
      schema: doc('Ingresar con email y contraseña (remember: token de 30 días, si no 1 día)', { body: loginBody, data: sessionDataSchema }),
    },
    async (req, reply) => {
      const { email, password, remember } = check(loginSchema(), req.body);
      const wait = await throttle.loginFailures.retryAfter(email, req.ip);
      if (wait > 0) throw tooMany(reply, wait);
      const user = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) {
        await throttle.loginFailures.failed(email, req.ip);
        throw HttpError.unauthorized(M.wrongCredentials);
      }
      if (!user.emailVerifiedAt) {
        const sent = await resendVerification(user);
        throw HttpError.forbidden(sent ? M.unverified : M.unverifiedNoResend);
      }
      await throttle.loginFailures.succeeded(email, req.ip);
      const data = await app.auth.session(user, remember, reply);
      return { success: true as const, message: M.loginOk, data };
    },
  );

  app.get(
    '/auth',
    {
      preHandler: app.authenticate,
      schema: signedInDoc('Comprobación de sesión al iniciar la tienda (el token de acceso se renueva con POST auth/refresh)', { data: sessionCheckSchema }),
    },
    async (req) => {
      // No renewal here any more: minting a token from a Bearer token would let a stolen access token live
      // forever. Only the HttpOnly refresh cookie renews (POST auth/refresh).
      const u = req.user!;
      const row = await findUserById(app.db, u.id);
      if (!row) throw HttpError.unauthorized();
      return { success: true as const, message: M.sessionOk, data: { user: publicUser(row), permissions: u.permissions } };
    },
  );

  app.post(
    '/auth/google',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc('Ingreso con Google: verifica el ID token (RS256, JWKS de Google) y crea o vincula la cuenta', { body: googleBody, data: sessionDataSchema }),
    },
    async (req, reply) => {
      const google = app.auth.google;
      if (!google) throw HttpError.notFound(M.googleUnavailable);
      let id;
      try {
        id = await google.verify(req.body.credential);
      } catch (err) {
        req.log.error({ err }, 'no se pudieron obtener las claves de Google');
        throw new HttpError(503, M.server);
      }
      if (!id || !id.emailVerified) throw HttpError.unauthorized(M.wrongCredentials);
      let user = await findUserByGoogleSub(app.db, id.sub);
      if (!user) {
        const byEmail = await findUserByEmail(app.db, id.email);
        if (byEmail) {
          // Google vouches for the address: link the account (and count the e-mail as verified).
          await linkGoogle(app.db, byEmail.id, id.sub, true);
          user = await findUserById(app.db, byEmail.id);
        } else {
          const local = id.email.split('@')[0] ?? '';
          // Google's profile names are not ours to trust: no format / control characters in stored names.
          const clean = (v: string) => v.normalize('NFKC').replace(/[\p{Cf}\p{Cc}]/gu, '').trim().slice(0, 60);
          user = await createCustomer(app.db, {
            name: clean(id.givenName ?? id.name ?? local),
            lastname: clean(id.familyName ?? ''),
            email: id.email,
            passwordHash: null,
            emailVerifiedAt: new Date(),
            googleSub: id.sub,
          });
          // Lost a race with a concurrent first sign-in: read the winner.
          user ??= await findUserByGoogleSub(app.db, id.sub);
        }
      }
      if (!user) throw HttpError.unauthorized(M.wrongCredentials);
      return { success: true as const, message: M.loginOk, data: await app.auth.session(user, req.body.remember ?? false, reply) };
    },
  );

  app.get(
    '/api/auth/providers',
    {
      schema: doc('Proveedores de ingreso disponibles (Google sólo si GOOGLE_CLIENT_ID está configurado)', { data: authProvidersSchema }),
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const google = app.auth.google;
      return { success: true as const, data: { google: google ? { clientId: google.clientId } : null } };
    },
  );
}
