/**
 * Live updates from the domain events (server/events) to the socket.io rooms:
 *
 * - `orderChanged { orderId, kind, by }` to the `Staff` room for every change of an order (a customer
 *   creates, adds to, accepts, cancels or finishes an order, uploads a proof; staff move it, send a budget,
 *   a remit or a document; staff read the customer's messages), so every open board refreshes its rows,
 *   counts and unread badges; and to the `Order-{id}` room for changes of the order itself (not for chat
 *   reads), so the customer's and staff's open order pages refresh without a reload;
 * - the chat: `newMessage` (the message) to `Order-{id}`; `newMessageCount { orderId, messageId }` to the
 *   recipient (the customer's `User-{id}` for a message of the shop, `Staff` for one of the customer);
 *   `messagesRead { orderId, byShop, ids }` to `Order-{id}`.
 *
 * - staff's notes and assignments (issue 32 item 4): `orderChanged { kind: 'note' | 'assigned' }` to `Staff`
 *   only — never to `Order-{id}`, where the customer listens.
 *
 * `orderChanged` carries ids, never order data.
 */
import type { FastifyInstance } from 'fastify';
import type { OrderAction } from '../../lib/orders';
import type { EventOf } from '../events';

type OrderChangeKind =
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
  | 'read'
  | 'note'
  | 'assigned'
  | 'payment'
  /** issue 24 §1: the customer asked for an updated budget; the job reminded of a deadline (flags change) */
  | 'budgetRequest'
  | 'deadline';

interface OrderChanged {
  orderId: number;
  kind: OrderChangeKind;
  by: 'customer' | 'staff';
}

/** how a state move shows on the board */
const MOVE_KIND: Record<OrderAction, OrderChangeKind> = {
  add: 'modified',
  accept: 'accepted',
  cancel: 'cancelled',
  finish: 'finished',
  state: 'state',
  budget: 'budget',
};

const DOCUMENT_KIND: Record<EventOf<'order.documentAttached'>['kind'], OrderChangeKind> = {
  proof: 'proof',
  remit: 'remit',
  bill: 'document',
  other: 'document',
};

/**
 * Changes the order's room never hears of: chat reads, staff's own teamwork (notes, assignment, issue 32
 * item 4) and the deadline reminders (they change the board's flags, nothing on the customer's page) — the customer is in `Order-{id}`; staff's open order pages hear these through `Staff`.
 */
const STAFF_ONLY: ReadonlySet<OrderChangeKind> = new Set(['read', 'note', 'assigned', 'deadline']);

export function subscribeBoardEvents(app: Pick<FastifyInstance, 'events' | 'realtime'>): void {
  const { events, realtime } = app;
  const changed = (change: OrderChanged) => {
    realtime.emitToStaff('orderChanged', change);
    if (!STAFF_ONLY.has(change.kind)) realtime.emitToOrder(change.orderId, 'orderChanged', change);
  };
  const name = 'realtime rooms';

  events.on('order.created', name, (e) => changed({ orderId: e.orderId, kind: 'created', by: 'customer' }));
  events.on('order.stateChanged', name, (e) => changed({ orderId: e.orderId, kind: MOVE_KIND[e.via], by: e.by }));
  events.on('order.budgetSent', name, (e) => changed({ orderId: e.orderId, kind: 'budget', by: 'staff' }));
  events.on('order.documentAttached', name, (e) => changed({ orderId: e.orderId, kind: DOCUMENT_KIND[e.kind], by: e.by }));
  events.on('order.paymentRecorded', name, (e) => changed({ orderId: e.orderId, kind: 'payment', by: 'staff' }));
  events.on('order.paymentVoided', name, (e) => changed({ orderId: e.orderId, kind: 'payment', by: 'staff' }));
  events.on('order.budgetUpdateRequested', name, (e) => changed({ orderId: e.orderId, kind: 'budgetRequest', by: 'customer' }));
  events.on('order.budgetExpiring', name, (e) => changed({ orderId: e.orderId, kind: 'deadline', by: 'staff' }));
  events.on('order.paymentOverdue', name, (e) => changed({ orderId: e.orderId, kind: 'deadline', by: 'staff' }));

  events.on('order.noteAdded', name, (e) => changed({ orderId: e.orderId, kind: 'note', by: 'staff' }));
  events.on('order.noteDeleted', name, (e) => changed({ orderId: e.orderId, kind: 'note', by: 'staff' }));
  events.on('order.assigned', name, (e) => changed({ orderId: e.orderId, kind: 'assigned', by: 'staff' }));

  events.on('order.messagePosted', name, ({ orderId, ownerId, message }) => {
    realtime.emitToOrder(orderId, 'newMessage', message);
    const signal = { orderId, messageId: message.id };
    if (message.fromShop) realtime.emitToUser(ownerId, 'newMessageCount', signal);
    else realtime.emitToStaff('newMessageCount', signal);
  });
  events.on('order.messagesRead', name, ({ orderId, byShop, messageIds }) => {
    realtime.emitToOrder(orderId, 'messagesRead', { orderId, byShop, ids: messageIds });
    // the board's unread badges count the customers' messages
    if (byShop) changed({ orderId, kind: 'read', by: 'staff' });
  });
}
