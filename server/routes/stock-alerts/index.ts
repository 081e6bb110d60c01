/**
 * Back-in-stock alerts (issue 24 §3; rules in services/stock-alerts.ts), under /api:
 *
 *   GET    /api/stock-alerts?productId                  my alerts (of one product with productId)
 *   POST   /api/stock-alerts { productId, variationId? } wait for it: 201 (200 when already waiting);
 *                                                       404 unknown or hidden, 409 it has stock
 *   DELETE /api/stock-alerts?productId&variationId      cancel: 200 (removed false when there was none)
 *   GET    /api/staff/stock-alerts/counts?ids=1,2,3     customers waiting per product (products:write)
 *
 * The customer's routes need a session (401 otherwise) and only ever touch the caller's own rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockAlertCountsSchema, stockAlertSchema, stockAlertTargetSchema } from '../../../lib/contracts/stock-alerts';
import { envelope, intString, MAX_INT32 } from '../../../lib/contracts/common';
import { listStockAlerts, stockAlertCounts, subscribeStockAlert, unsubscribeStockAlert } from '../../services/stock-alerts';
import { authErrors } from '../orders/schemas';
import { bearerSecurity, noStore } from '../personal';
import { routeDocs } from '../route-schema';

const STOCK_ALERT_MESSAGES = {
  subscribed: 'Te vamos a avisar cuando haya stock',
  unsubscribed: 'Ya no te vamos a avisar',
} as const;

const targetQuery = z.object({ productId: intString(), variationId: intString().optional() }).strict();
const MAX_COUNT_IDS = 200;
const countsQuery = z
  .object({
    ids: z
      .string()
      .regex(/^[0-9]{1,10}(,[0-9]{1,10}){0,199}$/)
      .transform((s) => s.split(',').map(Number))
      .pipe(z.array(z.number().int().min(1).max(MAX_INT32)).max(MAX_COUNT_IDS)),
  })
  .strict();

const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = routeDocs({ tags: ['avisos de stock'], security: bearerSecurity, errors: authErrors });

  noStore(app);

  app.get(
    '/stock-alerts',
    {
      preHandler: app.authenticate,
      schema: doc('Mis avisos de stock (de un producto con productId)', { querystring: z.object({ productId: intString().optional() }).strict(), data: z.array(stockAlertSchema) }),
    },
    async (req) => ({ success: true as const, data: await listStockAlerts(app.db, req.user!.id, req.query.productId) }),
  );

  app.post(
    '/stock-alerts',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      // 201 when it is new, 200 when the customer had already asked
      schema: doc('Avisame cuando haya stock: un producto (o una de sus variantes) sin stock', {
        body: stockAlertTargetSchema,
        data: stockAlertSchema,
        more: { 201: envelope(stockAlertSchema) },
      }),
    },
    async (req, reply) => {
      const { alert, created } = await subscribeStockAlert(app.db, req.user!.id, req.body);
      return reply.code(created ? 201 : 200).send({ success: true as const, message: STOCK_ALERT_MESSAGES.subscribed, data: alert });
    },
  );

  app.delete(
    '/stock-alerts',
    {
      config: { invalidates: [] },
      preHandler: app.authenticate,
      schema: doc('Cancelar mi aviso de stock de un producto o variante', { querystring: targetQuery, data: z.object({ removed: z.boolean() }) }),
    },
    async (req) => {
      const removed = await unsubscribeStockAlert(app.db, req.user!.id, req.query);
      return { success: true as const, message: STOCK_ALERT_MESSAGES.unsubscribed, data: { removed } };
    },
  );

  app.get(
    '/staff/stock-alerts/counts',
    {
      preHandler: app.requirePermission('products:write'),
      schema: doc('Cuántos clientes esperan cada producto (en total, el producto y cada variante)', { querystring: countsQuery, data: stockAlertCountsSchema }),
    },
    async (req) => ({ success: true as const, data: await stockAlertCounts(app.db, req.query.ids) }),
  );
};

export default stockAlertRoutes;
