/** A new account: registration, the mailed verification link and its re-send. */
import { z } from 'zod';
import { forgotSchema, registerSchema } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError } from '../../errors';
import { hashPassword } from '../../auth/password';
import { forgotBody, registerBody, sessionDataSchema, tokenBody } from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import { createCustomer, deleteUser, findUserByEmail } from '../../auth/users';
import { check, type AuthApp, type AuthKit } from './kit';

export function registrationRoutes(app: AuthApp, kit: AuthKit): void {
  const { doc, sensitiveIp, resendVerification, openMailedLink } = kit;

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
}
