/**
 * Live updates for the staff board and the open order pages: a root-level `onSend` hook watches the
 * successful answers of the order routes and emits `orderChanged { orderId, kind, by }`:
 *
 * - to the `Staff` room for every change (a customer creates, adds to, accepts, cancels or finishes an
 *   order, uploads a proof; staff move it, send a budget, a remit or a document; staff read the chat), so
 *   every open board refreshes its rows, counts and unread badges;
 * - to the `Order-{id}` room for changes of the order itself (not for chat reads), so the customer's and
 *   staff's open order pages refresh without a reload.
 *
 * New chat messages already go out as `newMessage` / `newMessageCount` (routes/messages).
 * Only the route templates below are watched; the payload carries ids, never order data.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffRole } from '../auth/users';

export type OrderChangeKind =
  | 'created'
  | 'modified'
  | 'accepted'
  | 'cancelled'
  | 'finished'
  | 'proof'
  | 'state'
  | 'budget'
  | 'remit'
  | 'document'
  | 'read';

export interface OrderChanged {
  orderId: number;
  kind: OrderChangeKind;
  by: 'customer' | 'staff';
}

/** route template → what happened and who did it */
export const ORDER_CHANGE_ROUTES: Record<string, { kind: OrderChangeKind; by: 'customer' | 'staff' }> = {
  'POST /api/order': { kind: 'created', by: 'customer' },
  'POST /api/order/:id/add': { kind: 'modified', by: 'customer' },
  'POST /api/order/:id/accept': { kind: 'accepted', by: 'customer' },
  'POST /api/order/:id/cancel': { kind: 'cancelled', by: 'customer' },
  'POST /api/order/:id/finish': { kind: 'finished', by: 'customer' },
  'POST /api/order/:id/proof': { kind: 'proof', by: 'customer' },
  'POST /api/staff/orders/:id/state': { kind: 'state', by: 'staff' },
  'POST /api/staff/orders/:id/budget': { kind: 'budget', by: 'staff' },
  'POST /api/staff/orders/:id/remit': { kind: 'remit', by: 'staff' },
  'POST /api/staff/orders/:id/documents': { kind: 'document', by: 'staff' },
  'POST /api/order/:id/messages/read': { kind: 'read', by: 'staff' },
};

function orderIdOf(req: FastifyRequest, payload: unknown): number | null {
  let id = Number((req.params as { id?: unknown } | undefined)?.id);
  if (!Number.isSafeInteger(id) || id <= 0) {
    // POST /api/order answers the new order
    if (typeof payload !== 'string') return null;
    try {
      id = Number((JSON.parse(payload) as { data?: { id?: unknown } }).data?.id);
    } catch {
      return null;
    }
  }
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (req.method !== 'POST' || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      const route = ORDER_CHANGE_ROUTES[`POST ${req.routeOptions.url ?? ''}`];
      if (!route) return payload;
      // a chat read matters to the board only when staff read the customer's messages
      if (route.kind === 'read') {
        const user = req.user;
        if (!user || !isStaffRole(user.role) || !user.permissions.includes('orders:read')) return payload;
        if (!(typeof payload === 'string' && /"marked":[1-9]/.test(payload))) return payload;
      }
      const orderId = orderIdOf(req, payload);
      if (!orderId) return payload;
      const event: OrderChanged = { orderId, kind: route.kind, by: route.by };
      app.realtime.emitToStaff('orderChanged', event);
      if (route.kind !== 'read') app.realtime.emitToOrder(orderId, 'orderChanged', event);
      return payload;
    });
  },
  { name: 'realtime-board-events' },
);
