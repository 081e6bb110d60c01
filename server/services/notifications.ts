/**
 * Notifications (spec §3 Notification, §4 "Notifications from the server"): rows of `notifications`
 * for one user, announced live with `newNotification { notificationId }` to the room `User-{userId}`.
 * Order events (budget sent, state changes by staff, remit or bill attached, a message from the shop)
 * create one for the order's customer, linking to /order/{id}: `subscribeOrderNotifications` listens to
 * the domain events (server/events). The notification is stored before the write's answer leaves, so a
 * client that reloads the list right after the answer sees it.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../lib/money';
import { validUntilEs } from '../../lib/orders/deadlines';
import { ORDER_STATE_LABELS_ES, PAYMENT_METHOD_LABELS_ES, type OrderState, type PaymentMethod, type PaymentStatus } from '../../lib/orders';
import type { Db } from '../db/client';
import { notifications, orders, permissions, rolePermissions, users } from '../db/schema';

export interface NotificationView {
  id: number;
  title: string;
  description: string;
  url: string | null;
  createdAt: string;
  viewedAt: string | null;
}

type Row = typeof notifications.$inferSelect;

function notificationView(row: Row): NotificationView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    viewedAt: row.viewedAt ? row.viewedAt.toISOString() : null,
  };
}

export interface NewNotification {
  userId: number;
  title: string;
  description?: string;
  url?: string | null;
}

type Deps = Pick<FastifyInstance, 'db' | 'realtime'>;

/** Stores a notification and emits `newNotification { notificationId }` to `User-{userId}`. */
export async function createNotification(app: Deps, n: NewNotification): Promise<NotificationView> {
  const [row] = await app.db
    .insert(notifications)
    .values({ userId: n.userId, title: n.title.slice(0, 200), description: (n.description ?? '').slice(0, 1000), url: n.url ?? null })
    .returning();
  app.realtime.emitToUser(n.userId, 'newNotification', { notificationId: row!.id });
  return notificationView(row!);
}

/** The unviewed notifications of a user, newest first. */
export async function listUnviewed(db: Db, userId: number, limit = 50): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(notificationView);
}

/** One notification of its owner, or null. */
export async function findOwn(db: Db, userId: number, id: number): Promise<NotificationView | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ? notificationView(row) : null;
}

/** Marks one of the user's notifications as seen (idempotent); null when it is not theirs. */
export async function markOwn(db: Db, userId: number, id: number): Promise<NotificationView | null> {
  const [row] = await db
    .update(notifications)
    .set({ viewedAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.viewedAt)))
    .returning();
  if (row) return notificationView(row);
  return findOwn(db, userId, id);
}

/* ------------------------------------------------------------ order events */

export type OrderEvent =
  | { kind: 'budget' }
  | { kind: 'state'; to: OrderState; reason?: string | null }
  | { kind: 'payment'; amountCents: number; method: PaymentMethod; status: PaymentStatus }
  | { kind: 'remit'; trackingNumber?: string }
  | { kind: 'bill' }
  | { kind: 'message' }
  /** deadline reminders (issue 24 §1): `validUntil` is the last valid day, in Spanish */
  | { kind: 'budgetExpiring'; validUntil: string }
  | { kind: 'paymentOverdue' };

const PAYMENT_STATUS_TEXT_ES: Record<PaymentStatus, string> = {
  paid: 'El pedido está pagado.',
  partial: 'Queda un saldo pendiente.',
  unpaid: 'El pago está pendiente.',
};

export function orderEventText(number: number, event: OrderEvent): { title: string; description: string } {
  switch (event.kind) {
    case 'budget':
      return { title: 'Presupuesto enviado', description: `Tu pedido #${number} ya tiene presupuesto. Revisalo y aceptalo para seguir.` };
    case 'state':
      return {
        title: 'Pedido actualizado',
        description: `Tu pedido #${number} pasó a: ${ORDER_STATE_LABELS_ES[event.to]}.${event.reason ? ` Motivo: ${event.reason}` : ''}`,
      };
    case 'payment':
      return {
        title: 'Pago registrado',
        description: `Registramos tu pago de ${formatCents(event.amountCents)} (${PAYMENT_METHOD_LABELS_ES[event.method]}) en el pedido #${number}. ${PAYMENT_STATUS_TEXT_ES[event.status]}`,
      };
    case 'remit':
      return {
        title: 'Remito disponible',
        description: event.trackingNumber
          ? `Tu pedido #${number} tiene remito. Número de seguimiento: ${event.trackingNumber}.`
          : `Tu pedido #${number} tiene remito.`,
      };
    case 'bill':
      return { title: 'Factura disponible', description: `Ya podés ver la factura de tu pedido #${number}.` };
    case 'message':
      return { title: 'Nuevo mensaje', description: `Tenés un mensaje nuevo sobre tu pedido #${number}.` };
    case 'budgetExpiring':
      return {
        title: 'Tu presupuesto está por vencer',
        description: `El presupuesto de tu pedido #${number} es válido hasta el ${event.validUntil}. Aceptalo antes para mantener esos precios.`,
      };
    case 'paymentOverdue':
      return {
        title: 'Falta el comprobante de pago',
        description: `Tu pedido #${number} está aceptado y todavía no recibimos el comprobante de la transferencia. Subilo desde la página del pedido.`,
      };
  }
}

/**
 * Notifies the order's customer of an event. Messages are folded: while an unviewed "new message"
 * notification of that order exists, no second one is created.
 */
async function notifyOrderEvent(app: Deps, orderId: number, event: OrderEvent): Promise<NotificationView | null> {
  const [order] = await app.db.select({ userId: orders.userId, number: orders.number }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const url = `/order/${orderId}`;
  const { title, description } = orderEventText(order.number, event);
  if (event.kind === 'message') {
    const [pending] = await app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, order.userId), eq(notifications.url, url), eq(notifications.title, title), isNull(notifications.viewedAt)))
      .limit(1);
    if (pending) return null;
  }
  return createNotification(app, { userId: order.userId, title, description, url });
}

/** The order events the customer hears of, as domain-event listeners. */
export function subscribeOrderNotifications(app: Deps & Pick<FastifyInstance, 'events'>): void {
  const name = 'order notifications';
  const notify = async (orderId: number, event: OrderEvent) => {
    await notifyOrderEvent(app, orderId, event);
  };
  // staff's moves only: the customer knows of their own
  app.events.on('order.stateChanged', name, (e) => (e.by === 'staff' && e.via === 'state' ? notify(e.orderId, { kind: 'state', to: e.to, reason: e.reason }) : undefined));
  app.events.on('order.paymentRecorded', name, (e) => notify(e.orderId, { kind: 'payment', amountCents: e.amountCents, method: e.method, status: e.status }));
  app.events.on('order.budgetSent', name, (e) => notify(e.orderId, { kind: 'budget' }));
  app.events.on('order.documentAttached', name, (e) => {
    if (e.kind === 'remit') return notify(e.orderId, { kind: 'remit', trackingNumber: e.trackingNumber ?? undefined });
    if (e.kind === 'bill') return notify(e.orderId, { kind: 'bill' });
    return undefined;
  });
  app.events.on('order.messagePosted', name, (e) => (e.message.fromShop ? notify(e.orderId, { kind: 'message' }) : undefined));
  app.events.on('order.budgetExpiring', name, (e) => notify(e.orderId, { kind: 'budgetExpiring', validUntil: validUntilEs(e.expiresAt) }));
  app.events.on('order.paymentOverdue', name, (e) => notify(e.orderId, { kind: 'paymentOverdue' }));
}

/* ------------------------------------------------------------- staff bell */

/** Staff who work the orders (their role holds `orders:read`): the board's people. */
async function orderStaffIds(db: Deps['db']): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(permissions.name, 'orders:read'));
  return rows.map((r) => r.id).filter((id) => id > 0);
}

const STAFF_TEXTS: Record<'order' | 'message' | 'budgetRequest', (number: number, who: string) => { title: string; description: string }> = {
  order: (n, who) => ({ title: `Pedido nuevo #${n}`, description: `${who} envió un pedido.` }),
  message: (n, who) => ({ title: `Mensaje en el pedido #${n}`, description: `${who} escribió en el chat del pedido.` }),
  // issue 24 §1: the customer's budget expired; staff send a new one from the order page
  budgetRequest: (n, who) => ({ title: `Piden presupuesto actualizado #${n}`, description: `${who} pidió un presupuesto actualizado: el del pedido #${n} venció.` }),
};

/**
 * Staff's bell (issue 32, item 7): a new order and a customer's message reach every staff member who works the
 * orders, each linking to the order on the board. Messages fold like the customer's: one unviewed
 * "Mensaje de …" per order and person, however many the customer writes.
 */
async function notifyStaff(app: Deps, orderId: number, kind: 'order' | 'message' | 'budgetRequest'): Promise<void> {
  const [o] = await app.db
    .select({ number: orders.number, name: users.name, lastname: users.lastname })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!o) return;
  const who = `${o.name} ${o.lastname}`.trim();
  const url = `/admin/orders/${orderId}`;
  const { title, description } = STAFF_TEXTS[kind](o.number, who);
  for (const userId of await orderStaffIds(app.db)) {
    if (kind === 'message') {
      const [pending] = await app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.url, url), eq(notifications.title, title), isNull(notifications.viewedAt)))
        .limit(1);
      if (pending) continue;
    }
    await createNotification(app, { userId, title, description, url });
  }
}

/** What staff hear of, as domain-event listeners: new orders and the customers' messages. */
export function subscribeStaffNotifications(app: Deps & Pick<FastifyInstance, 'events'>): void {
  const name = 'staff notifications';
  app.events.on('order.created', name, (e) => notifyStaff(app, e.orderId, 'order'));
  app.events.on('order.messagePosted', name, (e) => (e.message.fromShop ? undefined : notifyStaff(app, e.orderId, 'message')));
  app.events.on('order.budgetUpdateRequested', name, (e) => notifyStaff(app, e.orderId, 'budgetRequest'));
  app.events.on('order.assigned', name, (e) => (e.to !== null && e.to !== e.byUserId ? notifyAssignee(app, e.orderId, e.number, e.to, e.byUserId) : undefined));
}

/** The bell of the staff member an order was just assigned to (issue 32 item 4); never for one's own pick. */
async function notifyAssignee(app: Deps, orderId: number, number: number, to: number, byUserId: number): Promise<void> {
  const [by] = await app.db.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, byUserId)).limit(1);
  const who = by ? `${by.name} ${by.lastname}`.trim() : 'Alguien del personal';
  await createNotification(app, {
    userId: to,
    title: `Pedido asignado #${number}`,
    description: `${who} te asignó el pedido #${number}.`,
    url: `/admin/orders/${orderId}`,
  });
}
