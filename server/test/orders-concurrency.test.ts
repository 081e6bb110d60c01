/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Concurrency: parallel order creation gives distinct, consecutive numbers with no lost or duplicated
 * orders, items or history rows; parallel additions cannot exceed a state's limit; parallel moves of the
 * same order let exactly one through.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { orderItems, orders, orderStateHistory } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, forceState, orderSuite, type Customer, type TestCatalogue } from './orders-fixtures';

describeEachDb('pedidos: concurrencia', (ctx) => {
  let cat: TestCatalogue, a: Customer, b: Customer;
  before(async () => {
    ({ cat, customers: { a, b } } = await orderSuite(ctx().app, ctx().db.db, { a: 'paralelo.a@example.com', b: 'paralelo.b@example.com' }));
  });

  it('10 parallel POST /api/order (two customers) → 10 orders, distinct consecutive numbers, consistent rows', async () => {
    const { app, db } = ctx();
    const before = (await db.db.select({ id: orders.id }).from(orders)).length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const who = i % 2 ? a : b;
        return api(app, 'POST', '/api/order', {
          token: who.token,
          body: {
            products: [
              { id: cat.exact, quantity: 25 + i },
              { id: cat.varA, quantity: 10 },
              { id: cat.varB, quantity: 20 },
            ],
            billingDataId: who.billingId,
          },
        });
      }),
    );
    for (const r of results) assert.equal(r.status, 201, r.raw);
    const ids = results.map((r) => r.body.data.id as number);
    const numbers = results.map((r) => r.body.data.number as number).sort((x, y) => x - y);
    assert.equal(new Set(ids).size, 10);
    assert.equal(new Set(numbers).size, 10);
    for (let i = 1; i < numbers.length; i++) assert.equal(numbers[i], numbers[i - 1]! + 1, `consecutive: ${numbers.join(',')}`);

    const rows = await db.db.select().from(orders);
    assert.equal(rows.length, before + 10);
    const items = await db.db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
    assert.equal(items.length, 30);
    const history = await db.db.select().from(orderStateHistory).where(inArray(orderStateHistory.orderId, ids));
    assert.equal(history.length, 10);
    // each order priced on its own (tiers: 30 units of the variable parent → $ 1.700)
    for (const r of results) {
      const o = r.body.data;
      const exact = o.items.find((i: any) => i.productId === cat.exact);
      assert.equal(o.subtotal, exact.quantity * 2000 + 30 * 1700);
      const dbRow = rows.find((x) => x.id === o.id)!;
      assert.equal(dbRow.subtotalCents, Math.round(o.subtotal * 100));
    }
    const mine = (await api(app, 'GET', '/api/order/myOrders', { token: a.token })).body.data;
    assert.equal(mine.filter((o: any) => ids.includes(o.id)).length, 5);
  });

  it('parallel additions in review: exactly one gets through', async () => {
    const { app, db } = ctx();
    const r = await api(app, 'POST', '/api/order', { token: a.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: a.billingId } });
    const id = r.body.data.id as number;
    await forceState(db.db, id, 'review');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api(app, 'POST', `/api/order/${id}/add`, { token: a.token, body: { products: [{ id: cat.cheap, quantity: 1 }] } })),
    );
    assert.deepEqual(results.map((x) => x.status).sort(), [200, 409, 409, 409, 409, 409]);
    const items = await db.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    assert.deepEqual(items.map((i) => [i.productId, i.quantity]).sort(), [[cat.exact, 25], [cat.cheap, 1]].sort());
    const [row] = await db.db.select().from(orders).where(eq(orders.id, id));
    assert.deepEqual([row!.state, row!.additionsCount, row!.additionsStage], ['modified', 1, 'review']);
  });

  it('parallel accept + cancel of the same order: one wins, one history row', async () => {
    const { app, db } = ctx();
    const r = await api(app, 'POST', '/api/order', { token: a.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: a.billingId } });
    const id = r.body.data.id as number;
    await forceState(db.db, id, 'review');
    const [acc, can] = await Promise.all([
      api(app, 'POST', `/api/order/${id}/accept`, { token: a.token }),
      api(app, 'POST', `/api/order/${id}/cancel`, { token: a.token }),
    ]);
    const statuses = [acc.status, can.status].sort();
    // accepted → cancelled is also a legal move, so both may succeed one after the other; never interleaved
    const history = await db.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, id)).orderBy(orderStateHistory.id);
    const moves = history.slice(1).map((h) => `${h.fromState}>${h.toState}`);
    if (statuses[0] === 200 && statuses[1] === 200) assert.deepEqual(moves, ['review>accepted', 'accepted>cancelled']);
    else {
      assert.deepEqual(statuses, [200, 409]);
      assert.equal(moves.length, 1);
    }
    // (row 0 is 'received'; the test forced the order into review without a move)
    for (let i = 2; i < history.length; i++) assert.equal(history[i]!.fromState, history[i - 1]!.toState, 'history is a chain');
    assert.equal(history[1]!.fromState, 'review');
  });
});
