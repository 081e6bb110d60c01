/**
 * The account flows that go through a mailed link (./index.ts): registration and e-mail verification, the
 * forgotten password, the order mails' automatic sign-in and the staff's POST api/auth/autoLoginLink.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { forgotSchema, registerSchema, resetSchema } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { orders } from '../../db/schema';
import { HttpError } from '../../errors';
import { consumeToken, peekToken } from '../../auth/one-time-tokens';
import { hashPassword } from '../../auth/password';
import {
  authErrors,
  autoLoginDataSchema,
  autoLoginLinkBody,
  changePasswordBody,
  envelope,
  forgotBody,
  registerBody,
  sessionDataSchema,
  tokenBody,
  tokenQuery,
} from '../../../lib/contracts/account';
import { messageOnly } from '../../../lib/contracts/common';
import { createCustomer, deleteUser, findUserByEmail, findUserById, isStaffRole } from '../../auth/users';
import { bearerSecurity } from '../personal';
import { check, tokenFailure, tooMany, type AuthApp, type AuthKit } from './kit';

export function mailedLinkRoutes(app: AuthApp, { tags, throttle, sensitiveIp, resendVerification, userOfToken, openMailedLink }: AuthKit): void {
  app.post(
    '/auth/register',
    {
      config: { ...sensitiveIp, invalidates: [] },
      schema: {
        tags,
        summary: 'Registro de cliente: envía el email de verificación (el ingreso queda bloqueado hasta seguirlo)',
        body: registerBody,
        response: { 201: envelope(z.object({ email: z.string() })), ...authErrors },
      },
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
      schema: {
        tags,
        summary: 'Verifica el email con el token del enlace y abre la sesión',
        body: tokenBody,
        response: { 200: envelope(sessionDataSchema), ...authErrors },
      },
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
      schema: {
        tags,
        summary: 'Reenvía el email de verificación (misma respuesta exista o no la cuenta; uno cada 5 min por cuenta)',
        body: forgotBody,
        response: { 200: messageOnly, ...authErrors },
      },
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
      schema: {
        tags,
        summary: 'Envía el email para cambiar la contraseña (404 si no hay cuenta con ese email)',
        body: forgotBody,
        response: { 200: messageOnly, ...authErrors },
      },
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
      schema: {
        tags,
        summary: '¿Sirve todavía este enlace de cambio de contraseña? (no lo consume)',
        querystring: tokenQuery,
        response: { 200: messageOnly, ...authErrors },
      },
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
      schema: {
        tags,
        summary: 'Cambia la contraseña con el token del email (un solo uso) y abre la sesión',
        body: changePasswordBody,
        response: { 200: envelope(sessionDataSchema), ...authErrors },
      },
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
      schema: {
        tags,
        summary: 'Ingreso automático con el enlace de un email de pedido (un solo uso, 7 días)',
        body: tokenBody,
        response: { 200: envelope(autoLoginDataSchema), ...authErrors },
      },
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
}
