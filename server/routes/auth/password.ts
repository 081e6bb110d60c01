/** A forgotten password: the mailed link, whether it still works, and the change it allows. */
import { forgotSchema, resetSchema } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError } from '../../errors';
import { consumeToken, peekToken } from '../../auth/one-time-tokens';
import { hashPassword } from '../../auth/password';
import { changePasswordBody, forgotBody, sessionDataSchema, tokenQuery } from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import { findUserByEmail } from '../../auth/users';
import { check, tokenFailure, tooMany, type AuthApp, type AuthKit } from './kit';

export function passwordRoutes(app: AuthApp, kit: AuthKit): void {
  const { doc, throttle, sensitiveIp, userOfToken } = kit;

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
}
