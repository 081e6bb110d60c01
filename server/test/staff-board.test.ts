/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * The staff orders board and order detail (issue #9): list filters, search and counts; unread customer
 * messages per order (and their reset when staff read the chat); the history with who made each change;
 * "other" documents; live `orderChanged` events to the Staff room and the order's room; and the Staff
 * room's authorization (a customer never joins it nor hears its events).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { orderStateHistory } from '../db/schema';
import { signedInAppOptions } from './auth-fixtures';
import { describeEachDb } from './helpers';
import { api, forceState, multipart, orderSuite, PDF, PNG, signedInUser, type Customer, type TestCatalogue } from './orders-fixtures';
import { ask, connect, nextEvent, silence, listening } from './realtime-fixtures';

const appOptions = signedInAppOptions();

describeEachDb(
  'personal: tablero de pedidos y detalle',
  (ctx) => {
    const url = listening(ctx);
    let cat: TestCatalogue, ana: Customer, beto: Customer;
    let staff: string;
    let staffId: number;
    let other: string;

    before(async () => {
      const { app, db } = ctx();
      ({ cat, customers: { ana, beto } } = await orderSuite(app, db.db, { ana: 'ana.tablero@example.com', beto: 'beto.tablero@example.com' }));
      ({ id: staffId, token: staff } = await signedInUser(app, db.db, 'marta.tablero@example.com', 'orderemployee', 'Marta'));
      ({ token: other } = await signedInUser(app, db.db, 'otro.tablero@example.com', 'employee', 'Otro'));
    });

    const order = async (who: typeof ana, quantity = 25) => {
      const r = await api(ctx().app, 'POST', '/api/order', { token: who.token, body: { products: [{ id: cat.exact, quantity }], billingDataId: who.billingId } });
      assert.equal(r.status, 201, r.raw);
      return r.body.data as { id: number; number: number };
    };
    const list = (q = '', token = staff) => api(ctx().app, 'GET', `/api/staff/orders${q}`, { token });
    const detail = (id: number, token = staff) => api(ctx().app, 'GET', `/api/staff/orders/${id}`, { token });

    it('filters, search by number / customer / CUIT and counts that follow the search but not the state', async () => {
      const { db } = ctx();
      const o1 = await order(ana);
      const o2 = await order(beto);
      await forceState(db.db, o2.id, 'accepted');

      const byCustomer = await list('?q=beto.tablero');
      assert.equal(byCustomer.status, 200, byCustomer.raw);
      assert.deepEqual(byCustomer.body.data.items.map((o: any) => o.id), [o2.id]);
      assert.equal(byCustomer.body.data.counts.accepted, 1, 'counts follow the search');
      assert.equal(byCustomer.body.data.counts.received, 0);

      const accepted = await list('?q=tablero&state=accepted');
      assert.deepEqual(accepted.body.data.items.map((o: any) => o.id), [o2.id]);
      assert.equal(accepted.body.data.counts.received, 1, 'counts ignore the state filter');

      const cuit = (await api(ctx().app, 'GET', '/api/user/myBillingData', { token: ana.token })).body.data[0].documentNumber as string;
      assert.deepEqual((await list(`?q=${cuit}`)).body.data.items.map((o: any) => o.id), [o1.id]);
      assert.deepEqual((await list(`?q=${o1.number}`)).body.data.items.map((o: any) => o.id), [o1.id]);
      assert.equal((await list('?q=nadie-con-este-nombre')).body.data.total, 0);
      assert.equal((await list('?from=2026-02-30')).status, 400, 'an impossible date is refused');
      assert.equal((await list('?state=received', ana.token)).status, 403, 'customers cannot list');
      assert.equal((await list('', null as unknown as string)).status, 401);
    });

    it('unread: the customer messages staff have not read, reset when staff open the chat', async () => {
      const { app } = ctx();
      const o = await order(ana);
      const unread = async () => (await list(`?q=${o.number}`)).body.data.items[0].unread as number;
      assert.equal(await unread(), 0);

      for (const text of ['Hola', '¿Llega el martes?']) {
        assert.equal((await api(app, 'POST', `/api/order/${o.id}/messages`, { token: ana.token, body: { text } })).status, 201);
      }
      // the shop's own message never counts
      assert.equal((await api(app, 'POST', `/api/order/${o.id}/messages`, { token: staff, body: { text: 'Sí' } })).status, 201);
      assert.equal(await unread(), 2);

      // the customer reading the shop's messages changes nothing for staff
      await api(app, 'POST', `/api/order/${o.id}/messages/read`, { token: ana.token });
      assert.equal(await unread(), 2);

      const read = await api(app, 'POST', `/api/order/${o.id}/messages/read`, { token: staff });
      assert.equal(read.body.data.marked, 2);
      assert.equal(await unread(), 0);
    });

    it('history: every change with who made it (staff name, customer); documents too; old rows stay valid', async () => {
      const { app, db } = ctx();
      const o = await order(ana);
      assert.equal((await api(app, 'POST', `/api/staff/orders/${o.id}/state`, { token: staff, body: { to: 'started' } })).status, 200);
      const items = (await detail(o.id)).body.data.items;
      const budget = await api(app, 'POST', `/api/staff/orders/${o.id}/budget`, {
        token: other,
        body: { items: items.map((i: any) => ({ itemId: i.id, quantity: i.quantity, unitPrice: i.unitPrice, missing: false })), bonus: 0 },
      });
      assert.equal(budget.status, 200, budget.raw);
      assert.equal((await api(app, 'POST', `/api/order/${o.id}/accept`, { token: ana.token })).status, 200);
      // a row written before actors were recorded
      await db.db.insert(orderStateHistory).values({ orderId: o.id, fromState: 'accepted', toState: 'accepted', byUserId: null, actor: null });

      const d = (await detail(o.id)).body.data;
      const h = d.history.map((x: any) => [x.to, x.actor, x.byName]);
      assert.deepEqual(h, [
        ['received', 'customer', 'Cliente Test'],
        ['started', 'staff', 'Marta Test'],
        ['review', 'staff', 'Otro Test'],
        ['accepted', 'customer', 'Cliente Test'],
        ['accepted', null, null],
      ]);
      assert.equal(d.history[1].byUserId, staffId);
      const budgetDoc = d.documents.find((x: any) => x.kind === 'budget');
      assert.equal(budgetDoc.actor, 'staff');
      assert.equal(budgetDoc.byName, 'Otro Test');

      // the customer's own view never carries staff names
      const mine = (await api(app, 'GET', `/api/order/${o.id}`, { token: ana.token })).body.data;
      assert.ok(mine.history.every((x: any) => x.byName === undefined));
      assert.ok(mine.documents.every((x: any) => x.byName === undefined));
    });

    it('"other" documents: a PDF by staff, listed with its uploader; bad kinds and non-PDF refused', async () => {
      const { app } = ctx();
      const o = await order(beto);
      const send = (parts: Parameters<typeof multipart>[0], token = staff, q = '') => {
        const m = multipart(parts);
        return api(app, 'POST', `/api/staff/orders/${o.id}/documents${q}`, { token, payload: m.payload, headers: m.headers });
      };
      const ok = await send([
        { name: 'kind', value: 'other' },
        { name: 'file', filename: 'constancia.pdf', content: PDF, type: 'application/pdf' },
      ]);
      assert.equal(ok.status, 201, ok.raw);
      assert.equal(ok.body.data.kind, 'other');
      assert.equal(ok.body.data.fileName, 'constancia.pdf');
      const doc = (await detail(o.id)).body.data.documents.find((x: any) => x.id === ok.body.data.id);
      assert.equal(doc.byName, 'Marta Test');
      const file = await api(app, 'GET', doc.fileUrl, { token: beto.token });
      assert.equal(file.status, 200, 'the customer can download it');

      const png = await send([
        { name: 'kind', value: 'other' },
        { name: 'file', filename: 'foto.png', content: PNG, type: 'image/png' },
      ]);
      assert.equal(png.status, 400);
      assert.match(png.body.message, /PDF/);
      const proof = await send([
        { name: 'kind', value: 'proof' },
        { name: 'file', filename: 'x.pdf', content: PDF, type: 'application/pdf' },
      ]);
      assert.equal(proof.status, 400, 'staff cannot add a proof of transfer');
      const customer = await send([{ name: 'kind', value: 'other' }, { name: 'file', filename: 'x.pdf', content: PDF, type: 'application/pdf' }], beto.token);
      assert.equal(customer.status, 403);
    });

    it('live: orderChanged reaches the Staff room for customer and staff changes, and the order room', async () => {
      const { app } = ctx();
      const board = await connect(url(), staff);
      const spy = await connect(url(), beto.token);

      const created = nextEvent(board, 'orderChanged', 3000, (e) => e.kind === 'created');
      const quiet = silence(spy, 'orderChanged', 600);
      const o = await order(ana);
      assert.deepEqual(await created, { orderId: o.id, kind: 'created', by: 'customer' });
      assert.equal(await quiet, true, 'another customer hears nothing');

      const customer = await connect(url(), ana.token);
      assert.deepEqual(await ask(customer, 'joinRoom', `Order-${o.id}`), { ok: true, room: `Order-${o.id}` });
      const onBoard = nextEvent(board, 'orderChanged', 3000, (e) => e.kind === 'state');
      const onOrder = nextEvent(customer, 'orderChanged', 3000, (e) => e.kind === 'state');
      assert.equal((await api(app, 'POST', `/api/staff/orders/${o.id}/state`, { token: staff, body: { to: 'started' } })).status, 200);
      assert.deepEqual(await onBoard, { orderId: o.id, kind: 'state', by: 'staff' });
      assert.deepEqual(await onOrder, { orderId: o.id, kind: 'state', by: 'staff' });

      // a customer message → the staff unread signal; staff reading it → the board hears 'read'
      const count = nextEvent(board, 'newMessageCount', 3000, (e) => e.orderId === o.id);
      await api(app, 'POST', `/api/order/${o.id}/messages`, { token: ana.token, body: { text: 'hola' } });
      await count;
      const read = nextEvent(board, 'orderChanged', 3000, (e) => e.kind === 'read');
      await api(app, 'POST', `/api/order/${o.id}/messages/read`, { token: other });
      assert.deepEqual(await read, { orderId: o.id, kind: 'read', by: 'staff' });

      // a refused move emits nothing
      const none = silence(board, 'orderChanged', 500);
      assert.equal((await api(app, 'POST', `/api/staff/orders/${o.id}/state`, { token: staff, body: { to: 'completed' } })).status, 409);
      assert.equal(await none, true);
    });

    it('the Staff room: a customer socket cannot join it and never hears board events', async () => {
      const customer = await connect(url(), ana.token);
      for (const room of ['Staff', 'staff', 'Staff-1', 'User-0']) {
        const r = await ask(customer, 'joinRoom', room);
        assert.equal(r.ok, false, room);
      }
      const rejoin = await ask(customer, 'rejoinRooms', ['Staff']);
      assert.deepEqual(rejoin.joined, []);
      const quiet = silence(customer, 'orderChanged', 700);
      const quietCount = silence(customer, 'newMessageCount', 700);
      const o = await order(beto);
      await api(ctx().app, 'POST', `/api/order/${o.id}/messages`, { token: beto.token, body: { text: 'hola' } });
      assert.equal(await quiet, true);
      assert.equal(await quietCount, true);

      // staff may not leave the Staff room either (it carries their board)
      const board = await connect(url(), staff);
      assert.equal((await ask(board, 'leaveRoom', 'Staff')).ok, false);
      const still = nextEvent(board, 'orderChanged', 3000, (e) => e.kind === 'created');
      await order(beto);
      await still;
    });
  },
  appOptions,
);
