/**
 * "¡Recibimos tu pedido!" by mail (issue 31): to the customer (with the order page link) and to the shop
 * (SHOP_ORDERS_EMAIL, default the shop's contact address, with the back-office link). Sent on the
 * `order.created` event (server/events: once per order, never on an idempotent replay), without holding
 * the answer; a mail failure is logged and never undoes or fails the order.
 */
import type { FastifyInstance } from 'fastify';
import type { OrderDetail } from '../../lib/contracts/orders';
import { CONTACT } from '../../lib/seo/business';
import { orderReceivedMail, shopNewOrderMail } from '../mail/order-templates';
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

export function subscribeOrderMails(app: FastifyInstance): void {
  app.events.on('order.created', 'order mails', ({ orderId, customer }) => {
    // started, not awaited: the customer's answer never waits for SMTP
    void (async () => {
      const order = await getOrderDetail(app.db, orderId, { ownerId: customer.id });
      if (order) await sendOrderReceivedMails(app, order, customer);
    })().catch((err: unknown) => app.log.error({ err, orderId }, 'no se pudo enviar el mail del pedido'));
  });
}
