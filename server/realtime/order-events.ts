/**
 * Notifications on order events without touching the order code: a root-level `onSend` hook watches the
 * successful answers of the staff order routes (server/routes/staff) and notifies the order's customer:
 *
 *   POST /api/staff/orders/:id/budget      → 'Presupuesto enviado'
 *   POST /api/staff/orders/:id/state       → 'Pedido actualizado' (body.to)
 *   POST /api/staff/orders/:id/remit       → 'Remito disponible' (body.trackingNumber)
 *   POST /api/staff/orders/:id/documents   → 'Factura disponible' when the stored document is a bill
 *
 * The notification is written before the answer leaves (one insert), so a client that reloads the list
 * right after the answer sees it; a failure is logged and never changes the answer.
 * server/test/notifications.test.ts pins these route paths.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ORDER_STATES, type OrderState } from '../../lib/orders';
import { notifyOrderEvent, type OrderEvent } from '../services/notifications';

export const STAFF_ORDER_EVENT_ROUTES = {
  budget: '/api/staff/orders/:id/budget',
  state: '/api/staff/orders/:id/state',
  remit: '/api/staff/orders/:id/remit',
  documents: '/api/staff/orders/:id/documents',
} as const;

function eventOf(req: FastifyRequest, payload: unknown): OrderEvent | null {
  const body = (req.body ?? {}) as Record<string, unknown>;
  switch (req.routeOptions.url) {
    case STAFF_ORDER_EVENT_ROUTES.budget:
      return { kind: 'budget' };
    case STAFF_ORDER_EVENT_ROUTES.state:
      return typeof body.to === 'string' && (ORDER_STATES as readonly string[]).includes(body.to)
        ? { kind: 'state', to: body.to as OrderState }
        : null;
    case STAFF_ORDER_EVENT_ROUTES.remit:
      return { kind: 'remit', trackingNumber: typeof body.trackingNumber === 'string' ? body.trackingNumber : undefined };
    case STAFF_ORDER_EVENT_ROUTES.documents: {
      if (typeof payload !== 'string') return null;
      try {
        const answer = JSON.parse(payload) as { data?: { kind?: string } };
        return answer.data?.kind === 'bill' ? { kind: 'bill' } : null;
      } catch {
        return null;
      }
    }
    default:
      return null;
  }
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (req.method !== 'POST' || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      const url = req.routeOptions.url;
      if (!url || !url.startsWith('/api/staff/orders/')) return payload;
      const orderId = Number((req.params as { id?: unknown } | undefined)?.id);
      if (!Number.isSafeInteger(orderId) || orderId <= 0) return payload;
      const event = eventOf(req, payload);
      if (!event) return payload;
      try {
        await notifyOrderEvent(app, orderId, event);
      } catch (err) {
        req.log.error({ err, orderId, event: event.kind }, 'notificación de pedido');
      }
      return payload;
    });
  },
  { name: 'realtime-order-events' },
);
