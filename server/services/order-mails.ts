/**
 * Order mails. "¡Recibimos tu pedido!" (issue 31): to the customer (with the order page link) and to the shop
 * (SHOP_ORDERS_EMAIL, default the shop's contact address, with the back-office link). Sent on the
 * `order.created` event (server/events: once per order, never on an idempotent replay), without holding
 * the answer; a mail failure is logged and never undoes or fails the order. The budget (with "Válido hasta"),
 * and the deadline reminders of issue 24 §1 (budget about to expire, payment overdue). Every customer mail here
 * is an "order updates" mail: sendTo holds it back while that preference is off (server/mail/kinds.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { OrderDetail } from '../../lib/contracts/orders';
import { CONTACT } from '../../lib/seo/business';
import { eq } from 'drizzle-orm';
import { ORDER_STATE_LABELS_ES, staffMoveNeedsReason } from '../../lib/orders';
import { orders, users } from '../db/schema';
import { budgetExpiringMail, budgetSentMail, orderClosedByShopMail, orderReceivedMail, paymentOverdueMail, shopNewOrderMail } from '../mail/order-templates';
import type { MailLinks, RenderedMail } from '../mail/templates';
import { validUntilEs } from '../../lib/orders/deadlines';
import { getOrderDetail } from './orders-view';

function shopOrdersEmail(env: NodeJS.ProcessEnv = process.env): string {
  const v = env.SHOP_ORDERS_EMAIL?.trim();
  return v ? v : CONTACT.email;
}

async function sendOrderReceivedMails(
  app: FastifyInstance,
  order: OrderDetail,
  customer: { id: number; email: string; name: string; lastname: string },
): Promise<void> {
  const results = await Promise.allSettled([
    app.auth.sendTo(customer, 'order-received', (links) =>
      orderReceivedMail({ name: customer.name, order, url: app.auth.siteLink(`/order/${order.id}`) }, links),
    ),
    app.auth.mailer.send({
      to: shopOrdersEmail(),
      kind: 'order-new',
      ...shopNewOrderMail({ order, customer, url: app.auth.siteLink(`/admin/orders/${order.id}`) }),
    }),
  ]);
  for (const r of results) {
    if (r.status === 'rejected') app.log.error({ err: r.reason, orderId: order.id }, 'no se pudo enviar el mail del pedido');
  }
}

/** A mail about one of the customer's orders, with the order's number and budget expiry for its template. */
async function sendOrderMail(
  app: FastifyInstance,
  orderId: number,
  kind: 'order-budget' | 'order-budget-expiring' | 'order-payment-overdue',
  render: (row: { name: string; number: number; budgetExpiresAt: Date | null }, links: MailLinks) => RenderedMail,
): Promise<void> {
  const [row] = await app.db
    .select({ id: users.id, email: users.email, name: users.name, number: orders.number, budgetExpiresAt: orders.budgetExpiresAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return;
  // held back by the customer's "order updates" preference inside sendTo (server/mail/kinds.ts)
  await app.auth.sendTo(row, kind, (links) => render(row, links));
}

export function subscribeOrderMails(app: FastifyInstance): void {
  const background = (orderId: number, work: () => Promise<void>) => {
    // started, not awaited: no answer and no scheduled job waits for SMTP
    void work().catch((err: unknown) => app.log.error({ err, orderId }, 'no se pudo enviar el mail del pedido'));
  };
  const orderUrl = (orderId: number) => app.auth.siteLink(`/order/${orderId}`);
  app.events.on('order.budgetSent', 'order mails', ({ orderId, ownerId }) =>
    background(orderId, async () => {
      const order = await getOrderDetail(app.db, orderId, { ownerId });
      if (!order) return;
      await sendOrderMail(app, orderId, 'order-budget', (row, links) =>
        budgetSentMail({ name: row.name, order, validUntil: row.budgetExpiresAt ? validUntilEs(row.budgetExpiresAt) : null, url: orderUrl(orderId) }, links),
      );
    }),
  );
  app.events.on('order.budgetExpiring', 'order mails', ({ orderId, expiresAt }) =>
    background(orderId, () =>
      sendOrderMail(app, orderId, 'order-budget-expiring', (row, links) =>
        budgetExpiringMail({ name: row.name, number: row.number, validUntil: validUntilEs(expiresAt), url: orderUrl(orderId) }, links),
      ),
    ),
  );
  app.events.on('order.paymentOverdue', 'order mails', ({ orderId }) =>
    background(orderId, () =>
      sendOrderMail(app, orderId, 'order-payment-overdue', (row, links) => paymentOverdueMail({ name: row.name, number: row.number, url: orderUrl(orderId) }, links)),
    ),
  );
  app.events.on('order.created', 'order mails', ({ orderId, customer }) => {
    // started, not awaited: the customer's answer never waits for SMTP
    void (async () => {
      const order = await getOrderDetail(app.db, orderId, { ownerId: customer.id });
      if (order) await sendOrderReceivedMails(app, order, customer);
    })().catch((err: unknown) => app.log.error({ err, orderId }, 'no se pudo enviar el mail del pedido'));
  });
  // staff rejected or dismantled the order: the customer gets the reason by mail too (issue 32, item 6)
  app.events.on('order.stateChanged', 'order mails', ({ orderId, ownerId, to, by, reason }) => {
    if (by !== 'staff' || !reason || !staffMoveNeedsReason(to)) return;
    void (async () => {
      const [row] = await app.db
        .select({ id: users.id, email: users.email, name: users.name, number: orders.number })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!row || row.id !== ownerId) return;
      await app.auth.sendTo(row, 'order-closed', (links) =>
        orderClosedByShopMail(
          { name: row.name, number: row.number, stateLabel: ORDER_STATE_LABELS_ES[to], reason, url: app.auth.siteLink(`/order/${orderId}`) },
          links,
        ),
      );
    })().catch((err: unknown) => app.log.error({ err, orderId }, 'no se pudo enviar el mail del pedido'));
  });
}
