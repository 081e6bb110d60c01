/** An order's one-time sign-in link: staff mail it to the customer, who opens it. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { orders } from '../../db/schema';
import { HttpError } from '../../errors';
import { authErrors, autoLoginDataSchema, autoLoginLinkBody, envelope, tokenBody } from '../../../lib/contracts/account';
import { findUserById, isStaffRole } from '../../auth/users';
import { bearerSecurity } from '../personal';
import { type AuthApp, type AuthKit } from './kit';

export function autoLoginRoutes(app: AuthApp, kit: AuthKit): void {
  const { doc, sensitiveIp, openMailedLink } = kit;

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
}
