/**
 * Session and account routes (spec §7 "Session and account"), on the API host without prefix:
 * POST auth/login, GET auth, POST auth/register, POST auth/verify, POST auth/forgot,
 * POST auth/resendVerification, GET auth/canChangePassword, POST auth/changePassword, POST auth/autoLogin,
 * POST auth/google;
 * sessions (ADR 0005): POST auth/refresh (a new access token for the HttpOnly refresh cookie, rotated on every
 * use), DELETE auth/refresh (log out: revokes that session, clears the cookie), POST auth/logoutEverywhere;
 * plus GET api/auth/providers (is Google sign-in on?) and the staff-only POST api/auth/autoLoginLink.
 *
 * Throttles: every route here has a per-IP limit (@fastify/rate-limit route config); failed logins are
 * also counted per (account, address) (5 per 15 min) and per account (30 per hour, never blocking an
 * address that signed in to it before: server/auth/rate-limit.ts), reset mails per account (3 per
 * 15 min), verification re-sends at most one per 5 min per account.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { forgotSchema, loginSchema, registerSchema, resetSchema, firstIssueMessage } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { orders } from '../../db/schema';
import { HttpError, invalidField } from '../../errors';
import { consumeToken, lastIssuedAt, peekToken, type TokenCheck } from '../../auth/one-time-tokens';
import { hashPassword, verifyPassword } from '../../auth/password';
import { looksLikeRefreshToken, revokeByToken, rotateRefreshToken } from '../../auth/refresh-tokens';
import { publicUser } from '../../auth/plugin';
import {
  authErrors,
  authProvidersSchema,
  autoLoginDataSchema,
  autoLoginLinkBody,
  changePasswordBody,
  envelope,
  forgotBody,
  googleBody,
  loginBody,
  refreshBody,
  registerBody,
  sessionCheckSchema,
  sessionDataSchema,
  tokenBody,
  tokenQuery,
} from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import {
  createCustomer,
  deleteUser,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  isStaffRole,
  linkGoogle,
  markEmailVerified,
  type UserRow,
} from '../../auth/users';
import { bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

/** Runs a shared validation schema; a failure is a 400 with the field's Spanish message. */
function check<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw invalidField(firstIssueMessage(r.error));
  return r.data;
}

function tokenFailure(r: Exclude<TokenCheck, { ok: true }>): HttpError {
  return r.reason === 'expired' ? new HttpError(410, M.tokenExpired) : HttpError.badRequest(M.tokenInvalid);
}

function tooMany(reply: FastifyReply, seconds: number): HttpError {
  reply.header('retry-after', String(seconds));
  return HttpError.tooManyRequests(M.tooManyAttempts);
}

/**
 * The refresh cookie is SameSite=Strict and CORS answers only the storefront origins; on top of that the
 * routes that use it refuse a request whose Origin is another site's page (a same-site sibling host, a form).
 */
function fromStorefront(req: FastifyRequest, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origins.includes(origin);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cuenta'];
  const doc = routeDocs({ tags, errors: authErrors });
  const signedInDoc = routeDocs({ tags, security: bearerSecurity, errors: authErrors });
  const { throttle } = app.auth;
  noStore(app);
  const perIp = (max: number, windowMs: number) => ({ rateLimit: { max, timeWindow: windowMs } });
  const loginIp = perIp(throttle.limits.loginPerIp.max, throttle.limits.loginPerIp.windowMs);
  const sensitiveIp = perIp(throttle.limits.sensitivePerIp.max, throttle.limits.sensitivePerIp.windowMs);

  /**
   * Re-sends the verification mail unless one went out recently; true when sent. One account's re-sends run
   * one after another: two quick requests would otherwise both read the old "last sent" before either
   * stored its new link, and both send (seen on PostgreSQL, where they really run at once).
   */
  const resending = new Map<number, Promise<boolean>>();
  const resendOnce = async (user: UserRow): Promise<boolean> => {
    const last = await lastIssuedAt(app.db, user.id, 'verify');
    if (last && Date.now() - last.getTime() < throttle.limits.verifyResendMs) return false;
    try {
      await app.auth.sendVerification(user);
      return true;
    } catch (err) {
      app.log.error({ err }, 'no se pudo reenviar el mail de verificación');
      return false;
    }
  };
  const resendVerification = (user: UserRow): Promise<boolean> => {
    const next = (resending.get(user.id) ?? Promise.resolve(false)).then(() => resendOnce(user));
    resending.set(user.id, next);
    void next.finally(() => {
      if (resending.get(user.id) === next) resending.delete(user.id);
    });
    return next;
  };

  /** The account a used-up token was for (gone since → the token is invalid). */
  const userOfToken = async (userId: number): Promise<UserRow> => {
    const user = await findUserById(app.db, userId);
    if (!user) throw HttpError.badRequest(M.tokenInvalid);
    return user;
  };
  /** A mailed link's token used up: its account, whose e-mail the link proves (verified), and the link's order. */
  const openMailedLink = async (token: string, purpose: 'verify' | 'autologin'): Promise<{ user: UserRow; orderId: number | null }> => {
    const r = await consumeToken(app.db, token, purpose);
    if (!r.ok) throw tokenFailure(r);
    await markEmailVerified(app.db, r.userId);
    return { user: await userOfToken(r.userId), orderId: r.orderId };
  };

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
    '/auth/register',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc(
        'Registro de cliente: envía el email de verificación (el ingreso queda bloqueado hasta seguirlo)',
        { body: registerBody, data: z.object({ email: z.string() }), status: 201 },
      ),
    },
    async (req, reply) => {
      const v = check(registerSchema(), req.body);
      if (await findUserByEmail(app.db, v.email)) throw HttpError.conflict(M.duplicate);
      const user = await createCustomer(app.db, {
        name: v.name,
        lastname: v.lastname,
        email: v.email,
        passwordHash: await hashPassword(v.password),
      });
      if (!user) throw HttpError.conflict(M.duplicate);
      try {
        await app.auth.sendVerification(user);
      } catch (err) {
        // Without the mail the account could never be verified: undo it so the user can simply retry.
        req.log.error({ err }, 'no se pudo enviar el mail de verificación');
        await deleteUser(app.db, user.id);
        throw new HttpError(502, M.mailSend);
      }
      reply.status(201);
      return { success: true as const, message: M.registered, data: { email: user.email } };
    },
  );

  app.post(
    '/auth/verify',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc('Verifica el email con el token del enlace y abre la sesión', { body: tokenBody, data: sessionDataSchema }),
    },
    async (req, reply) => {
      const { user } = await openMailedLink(req.body.token, 'verify');
      return { success: true as const, message: M.accountVerified, data: await app.auth.session(user, false, reply) };
    },
  );

  app.post(
    '/auth/resendVerification',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc('Reenvía el email de verificación (misma respuesta exista o no la cuenta; uno cada 5 min por cuenta)', { body: forgotBody, reply: messageOnly }),
    },
    async (req) => {
      const { email } = check(forgotSchema(), req.body);
      // The answer (and its timing) never says whether the address has an account: the lookup and the
      // mail run after it is sent.
      setImmediate(() => {
        void (async () => {
          const user = await findUserByEmail(app.db, email);
          if (user && !user.emailVerifiedAt) await resendVerification(user);
        })().catch((err: unknown) => req.log.error({ err }, 'no se pudo reenviar el mail de verificación'));
      });
      return { success: true as const, message: M.verificationResent };
    },
  );

  app.post(
    '/auth/forgot',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc('Envía el email para cambiar la contraseña (404 si no hay cuenta con ese email)', { body: forgotBody, reply: messageOnly }),
    },
    async (req, reply) => {
      const { email } = check(forgotSchema(), req.body);
      const wait = await throttle.forgotAccount.consume(email);
      if (wait > 0) throw tooMany(reply, wait);
      const user = await findUserByEmail(app.db, email);
      if (!user) throw HttpError.notFound(M.noAccountForEmail);
      try {
        await app.auth.sendPasswordReset(user);
      } catch (err) {
        req.log.error({ err }, 'no se pudo enviar el mail de cambio de contraseña');
        throw new HttpError(502, M.mailSend);
      }
      return { success: true as const, message: M.forgotSent };
    },
  );

  app.get(
    '/auth/canChangePassword',
    {
      config: sensitiveIp,
      schema: doc('¿Sirve todavía este enlace de cambio de contraseña? (no lo consume)', { querystring: tokenQuery, reply: messageOnly }),
    },
    async (req) => {
      const r = await peekToken(app.db, req.query.token, 'reset');
      if (!r.ok) throw tokenFailure(r);
      return { success: true as const, message: M.tokenValid };
    },
  );

  app.post(
    '/auth/changePassword',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc('Cambia la contraseña con el token del email (un solo uso) y abre la sesión', { body: changePasswordBody, data: sessionDataSchema }),
    },
    async (req, reply) => {
      const { token } = req.body;
      const v = check(resetSchema(), req.body);
      // Validate before consuming, so a typo does not burn the link.
      const peek = await peekToken(app.db, token, 'reset');
      if (!peek.ok) throw tokenFailure(peek);
      const hash = await hashPassword(v.newPassword);
      const r = await consumeToken(app.db, token, 'reset');
      if (!r.ok) throw tokenFailure(r);
      // Following the mailed link proves the mailbox: it verifies the e-mail too.
      await app.auth.setPassword(r.userId, hash, { verifyEmail: true });
      const user = await userOfToken(r.userId);
      return { success: true as const, message: M.passwordChanged, data: await app.auth.session(user, false, reply) };
    },
  );

  app.post(
    '/auth/autoLogin',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: doc('Ingreso automático con el enlace de un email de pedido (un solo uso, 7 días)', { body: tokenBody, data: autoLoginDataSchema }),
    },
    async (req, reply) => {
      const { user, orderId } = await openMailedLink(req.body.token, 'autologin');
      const s = await app.auth.session(user, false, reply);
      return {
        success: true as const,
        message: M.autoLoginOk,
        data: {
          User: {
            id: user.id,
            email: user.email,
            name: user.name,
            lastname: user.lastname,
            Role: { name: user.role, Permissions: s.permissions.map((name) => ({ name })) },
          },
          token: s.token,
          order: orderId,
        },
      };
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

  /**
   * A new access token for the refresh cookie (ADR 0005). The cookie is rotated on every use; a cookie that
   * was already rotated revokes its whole session (someone copied it). Refused: 401 'La sesion ha expirado…'
   * with the cookie cleared, so the storefront logs out cleanly.
   */
  app.post(
    '/auth/refresh',
    {
      config: { ...perIp(throttle.limits.refreshPerIp.max, throttle.limits.refreshPerIp.windowMs), invalidates: [] },
      schema: doc('Nuevo token de acceso (15 min) para la cookie HttpOnly de la sesión, que se rota en cada uso', { body: refreshBody, data: sessionDataSchema }),
    },
    async (req, reply) => {
      if (!fromStorefront(req, app.storefrontOrigins)) throw HttpError.forbidden();
      const raw = app.auth.refreshCookie(req);
      if (raw !== null && !looksLikeRefreshToken(raw)) {
        app.auth.clearRefreshCookie(reply);
        throw HttpError.badRequest(M.badParams);
      }
      const refused = () => {
        app.auth.clearRefreshCookie(reply);
        return HttpError.unauthorized(M.sessionExpired);
      };
      if (raw === null) throw refused();
      const r = await rotateRefreshToken(app.db, raw);
      if (!r.ok) {
        if (r.reason === 'reused') req.log.warn({ userId: r.userId }, 'token de renovación reutilizado: sesión revocada');
        throw refused();
      }
      const user = await findUserById(app.db, r.userId);
      if (!user) throw refused();
      return { success: true as const, message: M.sessionOk, data: await app.auth.continueSession(user, r.next, reply) };
    },
  );

  // Log out: the session of this browser's refresh cookie ends (its whole family), and the cookie goes.
  app.delete(
    '/auth/refresh',
    {
      config: { ...perIp(throttle.limits.refreshPerIp.max, throttle.limits.refreshPerIp.windowMs), invalidates: [] },
      schema: doc('Cerrar la sesión: revoca la cookie de renovación y la borra', { reply: messageOnly }),
    },
    async (req, reply) => {
      if (!fromStorefront(req, app.storefrontOrigins)) throw HttpError.forbidden();
      await revokeByToken(app.db, app.auth.refreshCookie(req));
      app.auth.clearRefreshCookie(reply);
      return { success: true as const, message: M.loggedOut };
    },
  );

  // Log out everywhere: every session of the account ends (refresh tokens revoked, sockets closed).
  app.post(
    '/auth/logoutEverywhere',
    {
      config: { ...sensitiveIp, invalidates: [] },
      preHandler: app.authenticate,
      schema: signedInDoc('Cerrar todas las sesiones de la cuenta (todas las cookies de renovación y los sockets abiertos)', { reply: messageOnly }),
    },
    async (req, reply) => {
      await app.auth.accountChanged(req.user!.id, 'logout');
      app.auth.clearRefreshCookie(reply);
      return { success: true as const, message: M.loggedOut };
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

  // Staff mail a customer a one-time link to an order. The link goes only to the customer's mailbox: handing
  // it to the caller would let any staff role (an order employee too) sign in as any customer.
  app.post(
    '/api/auth/autoLoginLink',
    {
      config: { invalidates: [] },
      preHandler: app.requirePermission('orders:write'),
      schema: {
        tags: ['cuenta', 'staff'],
        summary: 'Staff: envía al cliente por email un enlace de ingreso automático a su pedido (7 días, un solo uso); queda registrado quién lo pidió',
        security: bearerSecurity,
        body: autoLoginLinkBody,
        response: {
          202: envelope(z.object({ expiresAt: z.string() })),
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      const { userId, orderId } = req.body;
      const [order] = await app.db
        .select({ id: orders.id, userId: orders.userId, number: orders.number })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!order || order.userId !== userId) throw HttpError.notFound();
      // Only for customers: staff accounts are never reached through a link.
      const target = await findUserById(app.db, userId);
      if (!target || isStaffRole(target.role)) throw HttpError.notFound();
      const requestedBy = req.user!.id;
      let expiresAt: Date;
      try {
        ({ expiresAt } = await app.auth.sendAutoLogin(target, orderId, `#${order.number}`, requestedBy));
      } catch (err) {
        req.log.error({ err }, 'no se pudo enviar el enlace de ingreso automático');
        throw new HttpError(502, M.mailSend);
      }
      req.log.info({ requestedBy, userId, orderId }, 'enlace de ingreso automático enviado al cliente');
      reply.status(202);
      return { success: true as const, message: M.autoLoginLinkSent, data: { expiresAt: expiresAt.toISOString() } };
    },
  );
};

export default routes;
