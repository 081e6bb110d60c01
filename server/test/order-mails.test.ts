/**
 * "¡Recibimos tu pedido!" mails (issue 31): POST /api/order mails the customer and the shop, with the
 * lines and totals the order page shows (requested / delivered / missing, the same totals as the
 * answer) and a link to the order; once per order (not on an idempotent replay); a mail failure never
 * fails the order.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { formatPesos } from '../../lib/money';
import { describeEachDb } from './helpers';
import { TEST_JWT_SECRET, memoryMailer } from './auth-fixtures';
import { api, insertTestCatalogue, login, type TestCatalogue } from './orders-fixtures';

const mailer = memoryMailer();
const SHOP = 'ventas@aromasdelalma.example';
const settle = () => new Promise((r) => setTimeout(r, 200));

describeEachDb(
  'pedidos: mails de pedido recibido',
  (ctx) => {
    let cat: TestCatalogue;
    let cliente: string;
    before(async () => {
      cat = await insertTestCatalogue(ctx().db.db);
      cliente = await login(ctx().app, 'cliente@example.com');
    });
    const billing = async () => (await api(ctx().app, 'GET', '/api/user/myBillingData', { token: cliente })).body.data[0].id as number;

    it('mails the customer and the shop with the lines, the totals of the answer and a link', async () => {
      mailer.sent.length = 0;
      const headers = { 'idempotency-key': 'mail-test-0001' };
      const body = { products: [{ id: cat.exact, quantity: 25 }], billingDataId: await billing() };
      const res = await api(ctx().app, 'POST', '/api/order', { token: cliente, body, headers });
      assert.equal(res.status, 201, res.raw);
      const o = res.body.data;
      await settle();
      const toCustomer = mailer.sent.filter((m) => m.to === 'cliente@example.com' && m.kind === 'order-received');
      const toShop = mailer.sent.filter((m) => m.to === SHOP && m.kind === 'order-new');
      assert.equal(toCustomer.length, 1);
      assert.equal(toShop.length, 1);
      const c = toCustomer[0]!;
      assert.match(c.subject, new RegExp(`Recibimos tu pedido N° ${o.number}`));
      assert.match(c.text, /Prueba exact.*Pedidas: 25 · Entregadas: 25 · Faltan: — · Total: \$\s50\.000,00/);
      for (const [label, value] of [
        ['Subtotal (lo que se entrega)', o.subtotal],
        ['IVA (21 %)', o.vat],
        ['Total final', o.finalTotal],
      ] as const) {
        assert.ok(c.text.includes(`${label}: ${formatPesos(value)}`), `${label} = the answer's ${value}`);
        assert.ok(c.html.includes(formatPesos(value)));
      }
      assert.ok(c.text.includes(`http://localhost:3000/order/${o.id}`));
      assert.match(c.html, new RegExp(`<a href="http://localhost:3000/order/${o.id}"`));
      assert.ok(c.headers?.['List-Unsubscribe'], 'the customer mail carries the unsubscribe link');
      const s = toShop[0]!;
      assert.match(s.subject, new RegExp(`Pedido nuevo N° ${o.number}`));
      assert.ok(s.text.includes('cliente@example.com'));
      assert.ok(s.text.includes(`http://localhost:3000/admin/orders/${o.id}`));
      assert.ok(s.text.includes(`Total final: ${formatPesos(o.finalTotal)}`));
      assert.equal(s.headers?.['List-Unsubscribe'], undefined);

      // The same attempt again (idempotent replay): no second pair of mails.
      const again = await api(ctx().app, 'POST', '/api/order', { token: cliente, body, headers });
      assert.equal(again.status, 201);
      await settle();
      assert.equal(mailer.sent.filter((m) => m.kind === 'order-received' || m.kind === 'order-new').length, 2);
    });

    it('a mail that cannot be sent does not fail the order', async () => {
      mailer.failNext = true;
      const res = await api(ctx().app, 'POST', '/api/order', { token: cliente, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: await billing() } });
      assert.equal(res.status, 201, res.raw);
      await settle();
      mailer.failNext = false;
    });

    it('a refused order sends nothing', async () => {
      mailer.sent.length = 0;
      const res = await api(ctx().app, 'POST', '/api/order', { token: cliente, body: { products: [{ id: cat.exact, quantity: 1 }], billingDataId: await billing() } });
      assert.equal(res.status, 400);
      await settle();
      assert.equal(mailer.sent.length, 0);
    });

    it("after the footer's one-click unsubscribe no order mail reaches the customer; the shop's still does", async () => {
      mailer.sent.length = 0;
      const first = await api(ctx().app, 'POST', '/api/order', { token: cliente, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: await billing() } });
      assert.equal(first.status, 201, first.raw);
      await settle();
      const mail = mailer.sent.find((m) => m.to === 'cliente@example.com' && m.kind === 'order-received')!;
      const token = decodeURIComponent(/token=([^&>]+)/.exec(mail.headers!['List-Unsubscribe']!)![1]!);
      const off = await api(ctx().app, 'POST', `/api/user/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`, { body: 'List-Unsubscribe=One-Click' });
      assert.equal(off.status, 200, off.raw);
      mailer.sent.length = 0;
      const second = await api(ctx().app, 'POST', '/api/order', { token: cliente, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: await billing() } });
      assert.equal(second.status, 201, second.raw);
      await settle();
      assert.deepEqual(mailer.sent.map((m) => [m.to, m.kind]), [[SHOP, 'order-new']]);
      const on = await api(ctx().app, 'POST', `/api/user/subscriptions?token=${encodeURIComponent(token)}`, { body: { orderMails: true } });
      assert.equal(on.status, 200, on.raw);
    });
  },
  { auth: { jwtSecret: TEST_JWT_SECRET, mailer } },
);
