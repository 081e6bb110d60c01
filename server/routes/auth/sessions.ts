/**
 * The refresh cookie's session (ADR 0005, ./index.ts): POST auth/refresh (a new access token, the cookie
 * rotated), DELETE auth/refresh (log out) and POST auth/logoutEverywhere.
 */
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError } from '../../errors';
import { looksLikeRefreshToken, revokeByToken, rotateRefreshToken } from '../../auth/refresh-tokens';
import { authErrors, envelope, refreshBody, sessionDataSchema } from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import { findUserById } from '../../auth/users';
import { bearerSecurity } from '../personal';
import type { AuthApp, AuthKit } from './kit';

/**
 * The refresh cookie is SameSite=Strict and CORS answers only the storefront origins; on top of that the
 * routes that use it refuse a request whose Origin is another site's page (a same-site sibling host, a form).
 */
function fromStorefront(req: FastifyRequest, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origins.includes(origin);
}

export function sessionRoutes(app: AuthApp, { tags, throttle, perIp, sensitiveIp }: AuthKit): void {
  /**
   * A new access token for the refresh cookie (ADR 0005). The cookie is rotated on every use; a cookie that
   * was already rotated revokes its whole session (someone copied it). Refused: 401 'La sesion ha expirado…'
   * with the cookie cleared, so the storefront logs out cleanly.
   */
  app.post(
    '/auth/refresh',
    {
      config: { ...perIp(throttle.limits.refreshPerIp.max, throttle.limits.refreshPerIp.windowMs), invalidates: [] },
      schema: {
        tags,
        summary: 'Nuevo token de acceso (15 min) para la cookie HttpOnly de la sesión, que se rota en cada uso',
        body: refreshBody,
        response: { 200: envelope(sessionDataSchema), ...authErrors },
      },
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
      schema: { tags, summary: 'Cerrar la sesión: revoca la cookie de renovación y la borra', response: { 200: messageOnly, ...authErrors } },
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
      schema: {
        tags,
        summary: 'Cerrar todas las sesiones de la cuenta (todas las cookies de renovación y los sockets abiertos)',
        security: bearerSecurity,
        response: { 200: messageOnly, ...authErrors },
      },
    },
    async (req, reply) => {
      await app.auth.accountChanged(req.user!.id, 'logout');
      app.auth.clearRefreshCookie(reply);
      return { success: true as const, message: M.loggedOut };
    },
  );
}
