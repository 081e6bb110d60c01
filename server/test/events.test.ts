/**
 * Domain events (server/events, issue 20 item 2): each real change is announced once, by the service,
 * after it committed — and nothing is announced for an idempotent replay or a refused request (4xx).
 * The listeners (realtime, notifications, mail, catalogue cache, storefront revalidation) have their own
 * suites; here a recorder subscribes to every event type on the real app.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { tags as cacheTags } from '../../lib/cache';
import { EventBus, type DomainEvent, type DomainEventType } from '../events';
import { signedInAppOptions } from './auth-fixtures';
import { describeEachDb } from './helpers';
import { api, createCustomer, forceState, insertTestCatalogue, login, multipart, PDF, setMinimums, type TestCatalogue } from './orders-fixtures';

const TYPES: DomainEventType[] = [
  'order.created',
  'order.stateChanged',
  'order.budgetSent',
  'order.documentAttached',
  'order.messagePosted',
  'order.messagesRead',
  'catalogue.changed',
];

/** Records every domain event of `app` from now on. */
function record(app: FastifyInstance): { events: DomainEvent[]; types: () => string[]; stop: () => void } {
  const events: DomainEvent[] = [];
  const offs = TYPES.map((t) => app.events.on(t, 'test recorder', (e) => void events.push(e)));
  return { events, types: () => events.map((e) => e.type), stop: () => offs.forEach((off) => off()) };
}

describe('EventBus', () => {
  it('runs the listeners in subscription order; one that throws is logged and skipped, the others still run', async () => {
    const logged: unknown[] = [];
    const bus = new EventBus({ error: (...args: unknown[]) => void logged.push(args) } as never);
    const seen: string[] = [];
    bus.on('catalogue.changed', 'first', async () => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push('first');
    });
    bus.on('catalogue.changed', 'broken', () => {
      throw new Error('listener roto');
    });
    const off = bus.on('catalogue.changed', 'last', (e) => void seen.push(`last:${e.tags.join(',')}`));
    await bus.emit({ type: 'catalogue.changed', areas: ['config'], tags: ['config'] });
    assert.deepEqual(seen, ['first', 'last:config']);
    assert.equal(logged.length, 1);
    assert.match(JSON.stringify(logged[0]), /"listener":"broken"/);
    off();
    await bus.emit({ type: 'catalogue.changed', areas: ['config'], tags: ['x'] });
    assert.deepEqual(seen, ['first', 'last:config', 'first'], 'unsubscribed');
  });
});

describeEachDb(
  'eventos de dominio',
  (ctx) => {
    let cat: TestCatalogue;
    let a: Awaited<ReturnType<typeof createCustomer>>;
    const email = `events.${randomUUID().slice(0, 8)}@example.com`;
    let staff: string;
    let rec: ReturnType<typeof record>;
    before(async () => {
      const { app, db } = ctx();
      await setMinimums(db.db);
      cat = await insertTestCatalogue(db.db);
      a = await createCustomer(app, db.db, { email });
      staff = await login(app, 'staff@example.com');
    });
    afterEach(() => rec?.stop());

    const body = () => ({ products: [{ id: cat.exact, quantity: 25 }], billingDataId: a.billingId });
    const create = (key?: string, payload: unknown = body()) =>
      api(ctx().app, 'POST', '/api/order', { token: a.token, body: payload, headers: key ? { 'idempotency-key': key } : {} });

    it('order.created: once per new order, with the customer; not on an idempotent replay nor on a refused order', async () => {
      rec = record(ctx().app);
      const key = randomUUID();
      const first = await create(key);
      assert.equal(first.status, 201, first.raw);
      assert.deepEqual(rec.events, [
        { type: 'order.created', orderId: first.body.data.id, customer: { id: a.id, email, name: 'Cliente', lastname: 'Test' } },
      ]);

      const replay = await create(key);
      assert.equal(replay.status, 201, replay.raw);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(rec.events.length, 1, 'a replay announces nothing');

      // refused: below the minimum (400), someone else's billing data (404), the key with another body (422), a bad key (400)
      assert.equal((await create(undefined, { products: [{ id: cat.cheap, quantity: 1 }], billingDataId: a.billingId })).status, 400);
      assert.equal((await create(undefined, { ...body(), billingDataId: 999_999 })).status, 404);
      assert.equal((await create(key, { products: [{ id: cat.exact, quantity: 26 }], billingDataId: a.billingId })).status, 422);
      assert.equal((await create('mala clave!')).status, 400);
      assert.deepEqual(rec.types(), ['order.created']);
    });

    it('order moves: one order.stateChanged per legal move (customer and staff), none for a 409', async () => {
      const created = await create();
      const id = created.body.data.id as number;
      rec = record(ctx().app);

      const added = await api(ctx().app, 'POST', `/api/order/${id}/add`, { token: a.token, body: { products: [{ id: cat.simple, quantity: 1 }] } });
      assert.equal(added.status, 200, added.raw);
      const started = await api(ctx().app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to: 'started' } });
      assert.equal(started.status, 200, started.raw);
      assert.deepEqual(rec.events, [
        { type: 'order.stateChanged', orderId: id, ownerId: a.id, from: 'received', to: 'modified', via: 'add', by: 'customer' },
        { type: 'order.stateChanged', orderId: id, ownerId: a.id, from: 'modified', to: 'started', via: 'state', by: 'staff' },
      ]);

      const illegal = await api(ctx().app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to: 'completed' } });
      assert.equal(illegal.status, 409, illegal.raw);
      const notYours = await api(ctx().app, 'POST', `/api/order/${id}/accept`, { token: a.token });
      assert.equal(notYours.status, 409, 'no budget yet');
      const badBody = await api(ctx().app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to: 'nada' } });
      assert.equal(badBody.status, 400);
      assert.equal(rec.events.length, 2);
    });

    it('budget, remit and documents: one event each; refused ones none', async () => {
      const created = await create();
      const id = created.body.data.id as number;
      const item = created.body.data.items[0].id as number;
      await forceState(ctx().db.db, id, 'started');
      rec = record(ctx().app);

      const tooBig = await api(ctx().app, 'POST', `/api/staff/orders/${id}/budget`, {
        token: staff,
        body: { items: [{ itemId: item, quantity: 25, unitPrice: 2000, missing: false }], bonus: 999_999 },
      });
      assert.equal(tooBig.status, 400, tooBig.raw);
      const budget = await api(ctx().app, 'POST', `/api/staff/orders/${id}/budget`, {
        token: staff,
        body: { items: [{ itemId: item, quantity: 25, unitPrice: 2000, missing: false }], bonus: 0 },
      });
      assert.equal(budget.status, 200, budget.raw);
      assert.deepEqual(rec.events, [{ type: 'order.budgetSent', orderId: id, ownerId: a.id, from: 'started' }]);

      const early = await api(ctx().app, 'POST', `/api/staff/orders/${id}/remit`, { token: staff, body: { trackingNumber: 'TRK-1' } });
      assert.equal(early.status, 409, 'no remit before the customer accepts');
      assert.equal((await api(ctx().app, 'POST', `/api/order/${id}/accept`, { token: a.token })).status, 200);
      const remit = await api(ctx().app, 'POST', `/api/staff/orders/${id}/remit`, { token: staff, body: { trackingNumber: 'TRK-1' } });
      assert.equal(remit.status, 200, remit.raw);
      const m = multipart([{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'factura.pdf', content: PDF, type: 'application/pdf' }]);
      const bill = await api(ctx().app, 'POST', `/api/staff/orders/${id}/documents`, { token: staff, payload: m.payload, headers: m.headers });
      assert.equal(bill.status, 201, bill.raw);
      const notPdf = multipart([{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'x.pdf', content: Buffer.from('no soy un pdf'), type: 'application/pdf' }]);
      assert.equal((await api(ctx().app, 'POST', `/api/staff/orders/${id}/documents`, { token: staff, payload: notPdf.payload, headers: notPdf.headers })).status, 400);

      const remitDoc = remit.body.data.documents.find((d: { kind: string }) => d.kind === 'remit');
      assert.deepEqual(rec.events.slice(1), [
        { type: 'order.stateChanged', orderId: id, ownerId: a.id, from: 'review', to: 'accepted', via: 'accept', by: 'customer' },
        { type: 'order.documentAttached', orderId: id, ownerId: a.id, documentId: remitDoc.id, kind: 'remit', trackingNumber: 'TRK-1', by: 'staff' },
        { type: 'order.documentAttached', orderId: id, ownerId: a.id, documentId: bill.body.data.id, kind: 'bill', trackingNumber: null, by: 'staff' },
      ]);
    });

    it('chat: one order.messagePosted per message, order.messagesRead only when something was unread', async () => {
      const id = (await create()).body.data.id as number;
      rec = record(ctx().app);
      assert.equal((await api(ctx().app, 'POST', `/api/order/${id}/messages`, { token: a.token, body: { text: '   ' } })).status, 400);
      const sent = await api(ctx().app, 'POST', `/api/order/${id}/messages`, { token: a.token, body: { text: 'hola' } });
      assert.equal(sent.status, 201, sent.raw);
      assert.deepEqual(rec.events, [{ type: 'order.messagePosted', orderId: id, ownerId: a.id, message: sent.body.data }]);

      const read = await api(ctx().app, 'POST', `/api/order/${id}/messages/read`, { token: staff });
      assert.equal(read.body.data.marked, 1);
      const again = await api(ctx().app, 'POST', `/api/order/${id}/messages/read`, { token: staff });
      assert.equal(again.body.data.marked, 0);
      assert.deepEqual(rec.events.slice(1), [{ type: 'order.messagesRead', orderId: id, ownerId: a.id, byShop: true, messageIds: [sent.body.data.id] }]);
    });

    it('catalogue.changed: once per configuration, product or synonym change; none for a refused one', async () => {
      rec = record(ctx().app);
      const bad = await api(ctx().app, 'PATCH', '/api/staff/config', { token: staff, body: { minOrderPrice: 10, minLocalPrice: 20 } });
      assert.equal(bad.status, 400, bad.raw);
      const ok = await api(ctx().app, 'PATCH', '/api/staff/config', { token: staff, body: { maintaince: false } });
      assert.equal(ok.status, 200, ok.raw);
      const price = await api(ctx().app, 'PATCH', `/api/staff/products/${cat.simple}`, { token: staff, body: { price: 1234 } });
      assert.equal(price.status, 200, price.raw);
      assert.equal((await api(ctx().app, 'PATCH', '/api/staff/products/999999', { token: staff, body: { price: 1 } })).status, 404);
      const customer = await api(ctx().app, 'PATCH', `/api/staff/products/${cat.simple}`, { token: a.token, body: { price: 1 } });
      assert.equal(customer.status, 403);
      assert.equal((await api(ctx().app, 'DELETE', '/api/staff/search/synonyms/999999', { token: staff })).status, 404);

      assert.deepEqual(
        rec.events.map((e) => (e.type === 'catalogue.changed' ? e.areas : e.type)),
        [['config'], ['products', 'categories']],
      );
      const productEvent = rec.events[1] as Extract<DomainEvent, { type: 'catalogue.changed' }>;
      assert.ok(productEvent.tags.includes(cacheTags.productId(cat.simple)), productEvent.tags.join(' '));
    });

    it('a listener that fails never fails the request nor silences the others', async () => {
      const { app } = ctx();
      const off = app.events.on('order.created', 'broken on purpose', () => {
        throw new Error('listener roto');
      });
      rec = record(app);
      try {
        const res = await create();
        assert.equal(res.status, 201, res.raw);
        assert.deepEqual(rec.types(), ['order.created']);
      } finally {
        off();
      }
    });
  },
  signedInAppOptions(),
);
