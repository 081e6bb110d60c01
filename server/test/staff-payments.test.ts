/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Issue 32, items 2 and 6: payments staff record (es-AR amounts, methods, void with audit, the derived
 * status on every order answer and the board's filter, the customer's view and bell), the reason of a
 * reject/dismantle (required, stored in the history, read by the customer, in the notification and the
 * mail), the unpaid-dispatch confirmation, and the bulk state change (per order, with results).
 * Permissions per role: every staff role works the orders (orderemployee included); customers never.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../events';
import { memoryMailer, signedInAppOptions } from './auth-fixtures';
import { describeEachDb } from './helpers';
import { api, createCustomer, forceState, orderSuite, tokensByRole, type Customer, type TestCatalogue } from './orders-fixtures';

const mailer = memoryMailer();
const appOptions = signedInAppOptions(mailer);

function record(app: FastifyInstance) {
  const events: DomainEvent[] = [];
  const offs = (['order.paymentRecorded', 'order.paymentVoided', 'order.stateChanged'] as const).map((t) =>
    app.events.on(t, 'test recorder', (e) => void events.push(e)),
  );
  return { events, stop: () => offs.forEach((off) => off()) };
}

describeEachDb(
  'personal: pagos, motivo al rechazar y cambio de estado masivo',
  (ctx) => {
    let cat: TestCatalogue, ana: Customer, beto: Customer;
    let tokens: Record<string, string>;

    before(async () => {
      const { app, db } = ctx();
      const roles = ['superadmin', 'admin', 'employee', 'orderemployee'];
      tokens = await tokensByRole(app, db.db, roles, (role) => `pagos.${role}@example.com`, (role) => role);
      const emails = { ana: 'ana.pagos@example.com', beto: 'beto.pagos@example.com' };
      ({ cat, customers: { ana, beto } } = await orderSuite(app, db.db, emails, [100, 100]));
    });

    /** An order of 25 × $ 2.000 (final total $ 60.500 with VAT); a shipment unless `pickup`. */
    const order = async (who = ana, pickup = false) => {
      const body = pickup
        ? { products: [{ id: cat.exact, quantity: 25 }], billingDataId: who.billingId, toSucc: true }
        : { products: [{ id: cat.exact, quantity: 25 }], billingDataId: who.billingId, toSucc: false, addressId: who.addressId, transportId: -1, otherTransport: 'Vía Cargo' };
      const r = await api(ctx().app, 'POST', '/api/order', { token: who.token, body });
      assert.equal(r.status, 201, r.raw);
      return r.body.data as { id: number; number: number; finalTotal: number; paymentStatus: string };
    };
    const pay = (id: number, body: unknown, token = tokens.orderemployee) => api(ctx().app, 'POST', `/api/staff/orders/${id}/payments`, { token, body });
    const move = (id: number, body: unknown, token = tokens.orderemployee) => api(ctx().app, 'POST', `/api/staff/orders/${id}/state`, { token, body });
    const bulk = (body: unknown, token = tokens.employee) => api(ctx().app, 'POST', '/api/staff/orders/bulk-state', { token, body });

    it('records es-AR amounts; status unpaid → partial → paid on every answer; the customer sees it and is notified', async () => {
      const { app } = ctx();
      const o = await order();
      assert.equal(o.paymentStatus, 'unpaid');
      assert.equal(o.finalTotal, 60_500);
      const rec = record(app);

      const first = await pay(o.id, { amount: '21.500', method: 'transfer', note: 'Comprobante Galicia' });
      assert.equal(first.status, 201, first.raw);
      assert.equal(first.body.message, 'Pago registrado');
      assert.equal(first.body.data.paymentStatus, 'partial');
      assert.equal(first.body.data.paid, 21_500);
      const p = first.body.data.payments[0];
      assert.equal(p.amount, 21_500);
      assert.equal(p.method, 'transfer');
      assert.equal(p.note, 'Comprobante Galicia');
      assert.equal(p.byName, 'orderemployee Test', 'staff see who recorded it');

      const rest = await pay(o.id, { amount: '39.000,00', method: 'cash' }, tokens.admin);
      assert.equal(rest.status, 201, rest.raw);
      assert.equal(rest.body.data.paymentStatus, 'paid');
      assert.equal(rest.body.data.paid, 60_500);
      rec.stop();
      assert.deepEqual(
        rec.events.map((e) => (e.type === 'order.paymentRecorded' ? [e.type, e.amountCents, e.method, e.status] : [e.type])),
        [
          ['order.paymentRecorded', 2_150_000, 'transfer', 'partial'],
          ['order.paymentRecorded', 3_900_000, 'cash', 'paid'],
        ],
      );

      // the customer: the status and the payments, without notes or names
      const mine = await api(app, 'GET', `/api/order/${o.id}`, { token: ana.token });
      assert.equal(mine.status, 200, mine.raw);
      assert.equal(mine.body.data.paymentStatus, 'paid');
      assert.deepEqual(Object.keys(mine.body.data.payments[0]).sort(), ['amount', 'at', 'id', 'method']);
      const list = await api(app, 'GET', '/api/order/myOrders', { token: ana.token });
      assert.equal(list.body.data.find((x: any) => x.id === o.id).paymentStatus, 'paid');
      const bell = await api(app, 'GET', '/api/notifications/client', { token: ana.token });
      const texts = JSON.stringify(bell.body);
      assert.match(texts, /Registramos tu pago de \$\s21\.500,00 \(Transferencia bancaria\)/);
      assert.match(texts, /El pedido está pagado\./);

      // fully paid: no more payments
      const more = await pay(o.id, { amount: '1', method: 'cash' });
      assert.equal(more.status, 409);
      assert.equal(more.body.message, 'El pedido ya figura pagado por completo');
    });

    it('bad amounts and bodies: 400 with a Spanish message, nothing written', async () => {
      const o = await order();
      const cases: [unknown, string][] = [
        ['1e3', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
        ['-5', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
        ['21.50.0', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
        ['abc', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
        ['', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
        ['0', 'El monto del pago debe ser mayor a cero'],
        ['0,00', 'El monto del pago debe ser mayor a cero'],
        ['60.500,01', 'El monto supera el saldo pendiente del pedido ($\u00a060.500,00)'],
        ['99.999.999.999', 'El monto es demasiado grande'],
      ];
      for (const [amount, message] of cases) {
        const r = await pay(o.id, { amount, method: 'cash' });
        assert.equal(r.status, 400, `${String(amount)}: ${r.raw}`);
        assert.equal(r.body.message, message, String(amount));
      }
      assert.equal((await pay(o.id, { amount: 1000, method: 'cash' })).status, 400, 'a JSON number is not how staff type it');
      assert.equal((await pay(o.id, { amount: '100', method: 'cheque' })).status, 400, 'unknown method');
      assert.equal((await pay(o.id, { amount: '100', method: 'cash', note: 'x'.repeat(301) })).body.message, 'La nota puede tener hasta 300 caracteres');
      const after = await api(ctx().app, 'GET', `/api/staff/orders/${o.id}`, { token: tokens.orderemployee });
      assert.deepEqual(after.body.data.payments, []);
      assert.equal(after.body.data.paymentStatus, 'unpaid');

      // "21,50" is twenty-one pesos fifty (es-AR decimal comma)
      const small = await pay(o.id, { amount: '21,50', method: 'debit' });
      assert.equal(small.status, 201, small.raw);
      assert.equal(small.body.data.paid, 21.5);
      assert.equal(small.body.data.paymentStatus, 'partial');
    });

    it('permissions: every staff role records payments; customers 403, no session 401, unknown order 404', async () => {
      const o = await order();
      for (const role of ['superadmin', 'admin', 'employee', 'orderemployee']) {
        const r = await pay(o.id, { amount: '100', method: 'cash' }, tokens[role]);
        assert.equal(r.status, 201, `${role}: ${r.raw}`);
      }
      assert.equal((await pay(o.id, { amount: '100', method: 'cash' }, ana.token)).status, 403);
      assert.equal((await pay(o.id, { amount: '100', method: 'cash' }, beto.token)).status, 403);
      assert.equal((await api(ctx().app, 'POST', `/api/staff/orders/${o.id}/payments`, { body: { amount: '100', method: 'cash' } })).status, 401);
      assert.equal((await pay(999_999, { amount: '100', method: 'cash' })).status, 404);
      const paymentId = (await api(ctx().app, 'GET', `/api/staff/orders/${o.id}`, { token: tokens.admin })).body.data.payments[0].id;
      assert.equal((await api(ctx().app, 'POST', `/api/staff/orders/${o.id}/payments/${paymentId}/void`, { token: ana.token, body: { reason: 'x' } })).status, 403);
      assert.equal((await bulk({ ids: [o.id], to: 'started' }, ana.token)).status, 403);
      assert.equal((await move(o.id, { to: 'rejected', reason: 'No' }, beto.token)).status, 403);
    });

    it('no payment on a cancelled, rejected or dismantled order (409)', async () => {
      for (const state of ['cancelled', 'rejected', 'disarm'] as const) {
        const o = await order();
        await forceState(ctx().db.db, o.id, state);
        const r = await pay(o.id, { amount: '21.500', method: 'transfer' });
        assert.equal(r.status, 409, r.raw);
        assert.match(r.body.message, /^No se puede registrar un pago: el pedido está (cancelado|rechazado|desarmado)$/);
      }
    });

    it('void: reason required, kept with who and when, no longer counts; the customer no longer sees it; twice → 409', async () => {
      const { app } = ctx();
      const o = await order();
      const r = await pay(o.id, { amount: '60.500', method: 'transfer' });
      assert.equal(r.body.data.paymentStatus, 'paid');
      const id = r.body.data.payments[0].id;
      const url = `/api/staff/orders/${o.id}/payments/${id}/void`;
      const noReason = await api(app, 'POST', url, { token: tokens.employee, body: { reason: '   ' } });
      assert.equal(noReason.status, 400);
      assert.equal(noReason.body.message, 'Escribí por qué se anula el pago');
      const rec = record(app);
      const voided = await api(app, 'POST', url, { token: tokens.employee, body: { reason: 'Era de otro pedido' } });
      rec.stop();
      assert.equal(voided.status, 200, voided.raw);
      assert.equal(voided.body.data.paymentStatus, 'unpaid');
      assert.equal(voided.body.data.payments[0].voided.reason, 'Era de otro pedido');
      assert.equal(voided.body.data.payments[0].voided.byName, 'employee Test');
      assert.deepEqual(rec.events, [{ type: 'order.paymentVoided', orderId: o.id, ownerId: ana.id, paymentId: id, status: 'unpaid' }]);
      assert.equal((await api(app, 'POST', url, { token: tokens.employee, body: { reason: 'otra vez' } })).status, 409);
      assert.equal((await api(app, 'POST', `/api/staff/orders/${o.id}/payments/999999/void`, { token: tokens.employee, body: { reason: 'x' } })).status, 404);
      const other = await order(beto);
      assert.equal((await api(app, 'POST', `/api/staff/orders/${other.id}/payments/${id}/void`, { token: tokens.employee, body: { reason: 'x' } })).status, 404, 'a payment of another order');
      const mine = await api(app, 'GET', `/api/order/${o.id}`, { token: ana.token });
      assert.deepEqual(mine.body.data.payments, []);
      assert.equal(mine.body.data.paymentStatus, 'unpaid');
    });

    it('board: the payment filter (and the counts follow it); an unknown value is 400', async () => {
      const { app } = ctx();
      const c = await createCustomer(app, ctx().db.db, { email: 'carla.filtro.pagos@example.com' });
      const unpaid = await order(c);
      const partial = await order(c);
      const paid = await order(c);
      await pay(partial.id, { amount: '100', method: 'cash' });
      await pay(paid.id, { amount: '60.500', method: 'cash' });
      const ids = async (payment: string) =>
        (await api(app, 'GET', `/api/staff/orders?q=carla.filtro&payment=${payment}`, { token: tokens.orderemployee })).body.data.items.map((o: any) => o.id);
      assert.deepEqual(await ids('unpaid'), [unpaid.id]);
      assert.deepEqual(await ids('partial'), [partial.id]);
      assert.deepEqual(await ids('paid'), [paid.id]);
      const counts = (await api(app, 'GET', '/api/staff/orders?q=carla.filtro&payment=paid', { token: tokens.orderemployee })).body.data.counts;
      assert.equal(counts.received, 1);
      assert.equal((await api(app, 'GET', '/api/staff/orders?payment=maybe', { token: tokens.orderemployee })).status, 400);
    });

    it('dispatching an unpaid shipment needs confirmUnpaid (409 without); a paid one or a pickup does not', async () => {
      const ship = await order();
      await forceState(ctx().db.db, ship.id, 'waiting');
      const refused = await move(ship.id, { to: 'shipped' });
      assert.equal(refused.status, 409, refused.raw);
      assert.equal(refused.body.message, `El pedido #${ship.number} es un envío y no figura pagado: confirmá que querés despacharlo sin el pago registrado`);
      assert.equal((await api(ctx().app, 'GET', `/api/staff/orders/${ship.id}`, { token: tokens.admin })).body.data.state, 'waiting', 'nothing changed');
      const partial = await pay(ship.id, { amount: '30.000', method: 'transfer' });
      assert.equal(partial.status, 201);
      assert.equal((await move(ship.id, { to: 'shipped' })).status, 409, 'partly paid is not paid');
      const confirmed = await move(ship.id, { to: 'shipped', confirmUnpaid: true });
      assert.equal(confirmed.status, 200, confirmed.raw);
      assert.equal(confirmed.body.data.state, 'shipped');

      const paid = await order();
      await forceState(ctx().db.db, paid.id, 'waiting');
      await pay(paid.id, { amount: '60.500', method: 'transfer' });
      assert.equal((await move(paid.id, { to: 'shipped' })).status, 200);

      const pickup = await order(ana, true);
      await forceState(ctx().db.db, pickup.id, 'waiting');
      assert.equal((await move(pickup.id, { to: 'shipped' })).status, 200, 'a pickup pays at the counter');
    });

    it('reject / dismantle: a reason is required (≤ 500), stored in the history, read by the customer, in the bell and a mail', async () => {
      const { app } = ctx();
      const o = await order();
      const none = await move(o.id, { to: 'rejected' });
      assert.equal(none.status, 400);
      assert.equal(none.body.message, 'Escribí el motivo para pasar el pedido a Rechazado: el cliente lo va a leer');
      assert.equal((await move(o.id, { to: 'rejected', reason: '  ' })).status, 400);
      const long = await move(o.id, { to: 'rejected', reason: 'x'.repeat(501) });
      assert.equal(long.status, 400);
      assert.equal(long.body.message, 'El motivo puede tener hasta 500 caracteres');
      assert.equal((await move(o.id, { to: 'rejected', reason: 'x'.repeat(2001) })).status, 400);

      const rec = record(app);
      const sentBefore = mailer.sent.length;
      const ok = await move(o.id, { to: 'rejected', reason: '  No trabajamos con ese transporte.  ' });
      rec.stop();
      assert.equal(ok.status, 200, ok.raw);
      assert.deepEqual(rec.events, [
        { type: 'order.stateChanged', orderId: o.id, ownerId: ana.id, from: 'received', to: 'rejected', via: 'state', by: 'staff', reason: 'No trabajamos con ese transporte.' },
      ]);
      const last = ok.body.data.history.at(-1);
      assert.equal(last.to, 'rejected');
      assert.equal(last.reason, 'No trabajamos con ese transporte.');

      const mine = await api(app, 'GET', `/api/order/${o.id}`, { token: ana.token });
      assert.equal(mine.body.data.history.at(-1).reason, 'No trabajamos con ese transporte.');
      const bell = JSON.stringify((await api(app, 'GET', '/api/notifications/client', { token: ana.token })).body);
      assert.match(bell, new RegExp(`Tu pedido #${o.number} pasó a: Rechazado\\. Motivo: No trabajamos con ese transporte\\.`));
      // the mail is started after the answer: wait for it briefly
      for (let n = 0; n < 50 && mailer.sent.length === sentBefore; n++) await new Promise((r) => setTimeout(r, 20));
      const mail = mailer.sent.slice(sentBefore).find((m) => m.to === 'ana.pagos@example.com' && m.kind === 'order-closed');
      assert.ok(mail, 'the customer gets a mail');
      assert.match(`${mail.text}`, /Motivo: No trabajamos con ese transporte\./);

      // dismantle needs one too; a move that needs none ignores an empty reason
      const d = await order();
      await forceState(ctx().db.db, d.id, 'started');
      assert.equal((await move(d.id, { to: 'disarm' })).status, 400);
      const started = await order();
      assert.equal((await move(started.id, { to: 'started', reason: '' })).status, 200);
    });

    it('bulk: per order — changed, and skipped with the reason (illegal move, unknown id, unpaid shipment); events per order', async () => {
      const { app } = ctx();
      const a = await order();
      const b = await order(beto);
      const done = await order();
      await forceState(ctx().db.db, done.id, 'completed');
      const rec = record(app);
      const r = await bulk({ ids: [a.id, b.id, done.id, 987_654, a.id], to: 'started' });
      rec.stop();
      assert.equal(r.status, 200, r.raw);
      assert.equal(r.body.data.changed, 2);
      assert.equal(r.body.data.skipped, 2);
      assert.equal(r.body.message, 'Se cambiaron 2 pedidos; 2 no se pudieron cambiar');
      assert.deepEqual(
        r.body.data.results.map((x: any) => [x.id, x.result, x.message]),
        [
          [a.id, 'changed', null],
          [b.id, 'changed', null],
          [done.id, 'skipped', 'No se puede pasar el pedido de Completado a En preparación'],
          [987_654, 'skipped', 'No existe un pedido con ese número interno'],
        ],
      );
      assert.deepEqual(
        rec.events.map((e) => (e.type === 'order.stateChanged' ? [e.orderId, e.to] : [])),
        [
          [a.id, 'started'],
          [b.id, 'started'],
        ],
      );
      for (const id of [a.id, b.id]) {
        assert.equal((await api(app, 'GET', `/api/staff/orders/${id}`, { token: tokens.employee })).body.data.state, 'started');
      }

      // reject in bulk: the reason is required once for all (400, nothing changed), then stored on each
      const noReason = await bulk({ ids: [a.id, b.id], to: 'rejected' });
      assert.equal(noReason.status, 400);
      assert.equal((await api(app, 'GET', `/api/staff/orders/${a.id}`, { token: tokens.employee })).body.data.state, 'started');
      const rejected = await bulk({ ids: [a.id, b.id], to: 'rejected', reason: 'Sin stock de temporada' }, tokens.orderemployee);
      assert.equal(rejected.body.data.changed, 2, rejected.raw);
      const hist = (await api(app, 'GET', `/api/order/${b.id}`, { token: beto.token })).body.data.history.at(-1);
      assert.equal(hist.reason, 'Sin stock de temporada');

      // unpaid shipments: skipped without confirmUnpaid, moved with it
      const s1 = await order();
      const s2 = await order();
      await forceState(ctx().db.db, s1.id, 'waiting');
      await forceState(ctx().db.db, s2.id, 'waiting');
      await pay(s2.id, { amount: '60.500', method: 'transfer' });
      const ship = await bulk({ ids: [s1.id, s2.id], to: 'shipped' });
      assert.deepEqual(ship.body.data.results.map((x: any) => x.result), ['skipped', 'changed']);
      assert.match(ship.body.data.results[0].message, /no figura pagado/);
      const forced = await bulk({ ids: [s1.id], to: 'shipped', confirmUnpaid: true });
      assert.equal(forced.body.data.changed, 1);
    });

    it('bulk: bad bodies are 400 (no ids, > 200 ids, ids that are not positive integers, unknown state)', async () => {
      assert.equal((await bulk({ ids: [], to: 'started' })).status, 400);
      assert.equal((await bulk({ ids: Array.from({ length: 201 }, (_, n) => n + 1), to: 'started' })).status, 400);
      assert.equal((await bulk({ ids: ['1'], to: 'started' })).status, 400);
      assert.equal((await bulk({ ids: [0], to: 'started' })).status, 400);
      assert.equal((await bulk({ ids: [1.5], to: 'started' })).status, 400);
      assert.equal((await bulk({ ids: [1], to: 'volando' })).status, 400);
      assert.equal((await bulk({ ids: [1], to: 'started', reason: 'x'.repeat(501) })).status, 400);
      const max = await bulk({ ids: Array.from({ length: 200 }, (_, n) => 900_000 + n), to: 'started' });
      assert.equal(max.status, 200, 'two hundred ids are fine');
      assert.equal(max.body.data.skipped, 200);
    });
  },
  appOptions,
);
