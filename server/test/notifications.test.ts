/**
 * Notifications (server/routes/notifications; services/notifications, which also listens to the domain events): the
 * customer's list, one, mark as seen, and the notifications created and emitted on staff order events
 * (budget sent, state change, remit, bill).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../db/schema';
import { createNotification, orderEventText } from '../services/notifications';
import { signedInAppOptions } from './auth-fixtures';
import { describeEachDb, SPANISH } from './helpers';
import { api, forceState, multipart, orderSuite, PDF, signedInUser, type Customer, type TestCatalogue } from './orders-fixtures';
import { connect, nextEvent, listening } from './realtime-fixtures';

process.env.STOREFRONT_URL = 'http://127.0.0.1:9';

it('orderEventText: textos en castellano', () => {
  assert.deepEqual(orderEventText(7, { kind: 'state', to: 'shipped' }), { title: 'Pedido actualizado', description: 'Tu pedido #7 pasó a: Despachado.' });
  assert.equal(orderEventText(7, { kind: 'budget' }).title, 'Presupuesto enviado');
  assert.match(orderEventText(7, { kind: 'remit', trackingNumber: 'AB1' }).description, /AB1/);
});

describeEachDb(
  'notificaciones',
  (ctx) => {
    const url = listening(ctx);
    let cat: TestCatalogue, a: Customer, b: Customer;
    let staff: string;

    before(async () => {
      const { app, db } = ctx();
      ({ cat, customers: { a, b } } = await orderSuite(app, db.db, { a: 'notif-a@example.com', b: 'notif-b@example.com' }));
      ({ token: staff } = await signedInUser(app, db.db, 'notif-staff@example.com', 'orderemployee'));
    });

    const newOrder = async () => {
      const r = await api(ctx().app, 'POST', '/api/order', { token: a.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: a.billingId } });
      assert.equal(r.status, 201, r.raw);
      return { id: r.body.data.id as number, number: r.body.data.number as number, item: r.body.data.items[0].id as number };
    };
    const list = async (token: string) => {
      const r = await api(ctx().app, 'GET', '/api/notifications/client', { token });
      assert.equal(r.status, 200, r.raw);
      return r.body.data as { id: number; title: string; description: string; url: string | null; createdAt: string }[];
    };

    it('sin sesión 401; lista vacía al principio', async () => {
      const { app } = ctx();
      assert.equal((await api(app, 'GET', '/api/notifications/client')).status, 401);
      assert.equal((await api(app, 'GET', '/api/notification/1')).status, 401);
      assert.equal((await api(app, 'POST', '/api/notification/1/mark')).status, 401);
      assert.deepEqual(await list(b.token), []);
    });

    it('lista sin ver, la más nueva primero; una propia; marcar la saca de la lista; ajenas 404', async () => {
      const { app } = ctx();
      const first = await createNotification(app, { userId: b.id, title: 'Uno', description: 'primero', url: '/orders' });
      const second = await createNotification(app, { userId: b.id, title: 'Dos' });
      const items = await list(b.token);
      assert.deepEqual(
        items.map((n) => n.id),
        [second.id, first.id],
      );
      assert.deepEqual(Object.keys(items[1]!).sort(), ['createdAt', 'description', 'id', 'title', 'url', 'viewedAt']);
      assert.equal(items[1]!.url, '/orders');
      assert.equal(items[0]!.description, '');

      const one = await api(app, 'GET', `/api/notification/${first.id}`, { token: b.token });
      assert.equal(one.status, 200);
      assert.equal(one.body.data.title, 'Uno');
      const foreign = await api(app, 'GET', `/api/notification/${first.id}`, { token: a.token });
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.message, SPANISH.notFound);
      assert.equal((await api(app, 'POST', `/api/notification/${first.id}/mark`, { token: a.token })).status, 404);
      assert.equal((await api(app, 'POST', '/api/notification/999999/mark', { token: b.token })).status, 404);
      assert.equal((await api(app, 'GET', '/api/notification/0', { token: b.token })).status, 400);

      const mark = await api(app, 'POST', `/api/notification/${first.id}/mark`, { token: b.token, headers: { 'content-type': 'application/json' } });
      assert.equal(mark.status, 200, mark.raw);
      assert.equal(mark.body.message, 'Notificación marcada como vista');
      assert.ok(mark.body.data.viewedAt);
      assert.deepEqual(
        (await list(b.token)).map((n) => n.id),
        [second.id],
      );
      const again = await api(app, 'POST', `/api/notification/${first.id}/mark`, { token: b.token });
      assert.equal(again.status, 200, 'idempotente');
      assert.equal(again.body.data.viewedAt, mark.body.data.viewedAt);
    });

    it('presupuesto enviado y cambio de estado por el personal: se crean y se emiten al cliente', async () => {
      const { app } = ctx();
      const order = await newOrder();
      const socket = await connect(url(), a.token);

      const onBudget = nextEvent(socket, 'newNotification');
      await forceState(ctx().db.db, order.id, 'started');
      const budget = await api(app, 'POST', `/api/staff/orders/${order.id}/budget`, {
        token: staff,
        body: { items: [{ itemId: order.item, quantity: 25, unitPrice: 2000, missing: false }], bonus: 0 },
      });
      assert.equal(budget.status, 200, budget.raw);
      const { notificationId } = await onBudget;
      const n = (await api(app, 'GET', `/api/notification/${notificationId}`, { token: a.token })).body.data;
      assert.equal(n.title, 'Presupuesto enviado');
      assert.equal(n.url, `/order/${order.id}`);
      assert.match(n.description, new RegExp(`#${order.number}`));

      const onState = nextEvent(socket, 'newNotification');
      const accepted = await api(app, 'POST', `/api/order/${order.id}/accept`, { token: a.token });
      assert.equal(accepted.status, 200, accepted.raw);
      const moved = await api(app, 'POST', `/api/staff/orders/${order.id}/state`, { token: staff, body: { to: 'waiting' } });
      assert.equal(moved.status, 200, moved.raw);
      const st = (await api(app, 'GET', `/api/notification/${(await onState).notificationId}`, { token: a.token })).body.data;
      assert.equal(st.title, 'Pedido actualizado');
      assert.match(st.description, /Listo, a la espera/);

      // newest first in the list
      assert.deepEqual(
        (await list(a.token)).slice(0, 2).map((x) => x.title),
        ['Pedido actualizado', 'Presupuesto enviado'],
      );
    });

    it('remito y factura notifican; un movimiento rechazado o del cliente no', async () => {
      const { app, db } = ctx();
      const order = await newOrder();
      await forceState(db.db, order.id, 'accepted');
      const count = async () => (await db.db.select().from(notifications).where(and(eq(notifications.userId, a.id), eq(notifications.url, `/order/${order.id}`)))).length;

      const remit = await api(app, 'POST', `/api/staff/orders/${order.id}/remit`, { token: staff, body: { trackingNumber: 'TRK-123' } });
      assert.equal(remit.status, 200, remit.raw);
      assert.equal(await count(), 1);
      const mp = multipart([
        { name: 'kind', value: 'bill' },
        { name: 'file', filename: 'factura.pdf', content: PDF, type: 'application/pdf' },
      ]);
      const bill = await api(app, 'POST', `/api/staff/orders/${order.id}/documents`, { token: staff, payload: mp.payload, headers: mp.headers });
      assert.equal(bill.status, 201, bill.raw);
      const titles = (await list(a.token)).filter((n) => n.url === `/order/${order.id}`).map((n) => n.title);
      assert.deepEqual(titles, ['Factura disponible', 'Remito disponible']);
      assert.match((await list(a.token)).find((n) => n.title === 'Remito disponible')!.description, /TRK-123/);

      // an illegal move (409) and the customer's own moves create nothing
      const bad = await api(app, 'POST', `/api/staff/orders/${order.id}/state`, { token: staff, body: { to: 'received' } });
      assert.equal(bad.status, 409);
      const other = await api(app, 'POST', `/api/staff/orders/${order.id}/documents?kind=other`, {
        token: staff,
        ...(() => {
          const m = multipart([{ name: 'file', filename: 'otro.pdf', content: PDF, type: 'application/pdf' }]);
          return { payload: m.payload, headers: m.headers };
        })(),
      });
      assert.equal(other.status, 201, other.raw);
      assert.equal(await count(), 2);
    });

    it('el personal de pedidos oye los pedidos nuevos y los mensajes del cliente, con enlace al tablero (issue 32, item 7)', async () => {
      const { app } = ctx();
      const before_ = (await list(staff)).length;
      const o = await newOrder();
      const mine = await list(staff);
      const created = mine.find((n) => n.url === `/admin/orders/${o.id}` && n.title === `Pedido nuevo #${o.number}`);
      assert.ok(created, JSON.stringify(mine));
      assert.match(created!.description, /envió un pedido/);
      // the customer does not get the staff's notice
      assert.ok(!(await list(a.token)).some((n) => n.url === `/admin/orders/${o.id}`));
      // two messages from the customer fold into one notice; the shop's own message notifies no staff
      for (const text of ['Hola, ¿tienen stock?', '¿Y para mañana?']) {
        assert.equal((await api(app, 'POST', `/api/order/${o.id}/messages`, { token: a.token, body: { text } })).status, 201);
      }
      assert.equal((await api(app, 'POST', `/api/order/${o.id}/messages`, { token: staff, body: { text: 'Sí, hay stock.' } })).status, 201);
      const after = await list(staff);
      assert.equal(after.filter((n) => n.url === `/admin/orders/${o.id}` && n.title === `Mensaje en el pedido #${o.number}`).length, 1);
      assert.equal(after.length, before_ + 2);
    });

  },
  signedInAppOptions(),
);
