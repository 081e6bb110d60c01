/**
 * Staff routes of issue 32, items 2 and 6 (registered under /api/staff with the other order routes; every
 * one needs a staff role with `orders:write` — superadmin, admin, employee, orderemployee: whoever works the
 * orders checks their payments; customers never):
 *
 *   POST /api/staff/orders/:id/payments { amount: "21.500,50", method, note? }       record a checked payment
 *   POST /api/staff/orders/:id/payments/:paymentId/void { reason }                    void a mistaken one
 *   POST /api/staff/orders/bulk-state { ids ≤ 200, to, reason?, confirmUnpaid? }      the same move, per order
 *
 * Routes are thin: services/order-payments.ts and services/orders.ts (bulkMoveOrders) own the rules.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkStateBodySchema, bulkStateResultSchema, recordPaymentBodySchema, voidPaymentBodySchema } from '../../../lib/contracts/orders';
import { intString } from '../../../lib/contracts/common';
import { recordPayment, voidPayment } from '../../services/order-payments';
import { bulkMoveOrders, staffActor } from '../../services/orders';
import { ORDER_MESSAGES as M } from '../../services/orders-messages';
import { staffOrderDetail } from '../../services/orders-view';
import { orderDetailSchema, orderIdParams } from '../orders/schemas';
import { staffDoc } from './doc';

const paymentParams = z.object({ id: intString().describe('Id del pedido'), paymentId: intString().describe('Id del pago') });

const staffPayments: FastifyPluginAsyncZod = async (app) => {
  const canWrite = app.requirePermission('orders:write');
  const detail = (id: number) => staffOrderDetail(app.db, id);

  app.post(
    '/orders/:id/payments',
    {
      config: { invalidates: [] },
      preHandler: canWrite,
      schema: staffDoc(
        'Registrar un pago verificado (monto como lo escribe el personal, "21.500,50"; método: cash | debit | transfer | deposit)',
        { params: orderIdParams, body: recordPaymentBodySchema, data: orderDetailSchema, status: 201 },
      ),
    },
    async (req, reply) => {
      await recordPayment(app, req.params.id, req.body, staffActor(req.user!.id));
      return reply.code(201).send({ success: true as const, message: M.paymentSaved, data: await detail(req.params.id) });
    },
  );

  app.post(
    '/orders/:id/payments/:paymentId/void',
    {
      config: { invalidates: [] },
      preHandler: canWrite,
      schema: staffDoc('Anular un pago cargado por error (queda registrado quién, cuándo y por qué)', { params: paymentParams, body: voidPaymentBodySchema, data: orderDetailSchema }),
    },
    async (req) => {
      await voidPayment(app, req.params.id, req.params.paymentId, req.body.reason, staffActor(req.user!.id));
      return { success: true as const, message: M.paymentVoided, data: await detail(req.params.id) };
    },
  );

  app.post(
    '/orders/bulk-state',
    {
      config: { invalidates: [] },
      preHandler: canWrite,
      schema: staffDoc(
        'Cambiar el estado de varios pedidos (hasta 200): cada pedido por separado, con la tabla de estados; responde cuáles cambiaron y por qué no los demás',
        { body: bulkStateBodySchema, data: bulkStateResultSchema },
      ),
    },
    async (req) => {
      const { ids, to, reason, confirmUnpaid } = req.body;
      const data = await bulkMoveOrders(app, ids, to, staffActor(req.user!.id), { reason, confirmUnpaid });
      return { success: true as const, message: M.bulkDone(data.changed, data.skipped), data };
    },
  );
};

export default staffPayments;
