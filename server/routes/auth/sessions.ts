/** The life of a session (ADR 0005): the refresh cookie renews the access token; log out here or everywhere. */
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError } from '../../errors';
import { looksLikeRefreshToken, revokeByToken, rotateRefreshToken } from '../../auth/refresh-tokens';
import { refreshBody, sessionDataSchema } from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import { findUserById } from '../../auth/users';
import { fromStorefront, type AuthApp, type AuthKit } from './kit';

export function sessionRoutes(app: AuthApp, kit: AuthKit): void {
  const { doc, signedInDoc, throttle, perIp, sensitiveIp } = kit;

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
}
