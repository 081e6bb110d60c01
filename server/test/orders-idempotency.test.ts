/**
 * POST /api/order with an `Idempotency-Key`: a repeat by the same customer answers the order the key
 * created (201, same body shape, `Idempotent-Replayed: true`) and writes nothing; concurrent duplicates
 * create one order; the same key of another customer is independent; the same key with another body
 * → 422 and nothing written; a malformed key → 400; without the header nothing changes.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { ORDER_MESSAGES as M } from '../services/orders-messages';
import { orderItems, orders, orderStateHistory } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, orderSuite, type Customer, type TestCatalogue } from './orders-fixtures';

describeEachDb('pedidos: Idempotency-Key', (ctx) => {
  let cat: TestCatalogue, a: Customer, b: Customer;
  before(async () => {
    ({ cat, customers: { a, b } } = await orderSuite(ctx().app, ctx().db.db, { a: 'idem.a@example.com', b: 'idem.b@example.com' }));
  });

  const body = (who: typeof a, quantity = 25) => ({ products: [{ id: cat.exact, quantity }], billingDataId: who.billingId });
  const send = (who: typeof a, key: string | undefined, payload: unknown = body(who)) =>
    api(ctx().app, 'POST', '/api/order', { token: who.token, body: payload, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const countOrders = async (userId?: number) =>
    (await ctx().db.db.select({ id: orders.id }).from(orders).where(userId === undefined ? undefined : eq(orders.userId, userId))).length;

  it('the same key twice → one order; the repeat answers 201 with the same order and writes nothing', async () => {
    const key = randomUUID();
    const before = await countOrders();
    const first = await send(a, key);
    assert.equal(first.status, 201, first.raw);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await send(a, key);
    assert.equal(again.status, 201, again.raw);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(await countOrders(), before + 1);
    const [row] = await ctx().db.db.select().from(orders).where(eq(orders.id, first.body.data.id));
    assert.equal(row!.idempotencyKey, key);
    assert.match(row!.idempotencyHash ?? '', /^[0-9a-f]{64}$/);
    const history = await ctx().db.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, row!.id));
    assert.equal(history.length, 1);
  });

  it('the same body in another normal form (lines split, reordered, fields of pickup ignored) is the same request', async () => {
    const key = `k_${randomUUID()}`;
    const first = await send(a, key, { products: [{ id: cat.exact, quantity: 30 }, { id: cat.cheap, quantity: 2 }], billingDataId: a.billingId });
    assert.equal(first.status, 201, first.raw);
    const again = await send(a, key, {
      products: [{ id: cat.cheap, quantity: 2 }, { id: cat.exact, quantity: 10 }, { id: cat.exact, quantity: 20 }],
      billingDataId: a.billingId,
      toSucc: true,
      transportId: 7,
      otherTransport: 'ignorado al retirar',
    });
    assert.equal(again.status, 201, again.raw);
    assert.equal(again.body.data.id, first.body.data.id);
  });

  it('5 concurrent requests with the same key → one order, five identical answers', async () => {
    const key = randomUUID();
    const before = await countOrders(a.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(a, key)));
    for (const r of results) assert.equal(r.status, 201, r.raw);
    const ids = new Set(results.map((r) => r.body.data.id));
    assert.equal(ids.size, 1);
    for (const r of results) assert.deepEqual(r.body, results[0]!.body);
    assert.equal(results.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1);
    assert.equal(await countOrders(a.id), before + 1);
    const items = await ctx().db.db.select().from(orderItems).where(inArray(orderItems.orderId, [...ids]));
    assert.equal(items.length, 1);
  });

  it('the same key from another customer → an independent order', async () => {
    const key = randomUUID();
    const ra = await send(a, key);
    const rb = await send(b, key, body(b));
    assert.equal(ra.status, 201, ra.raw);
    assert.equal(rb.status, 201, rb.raw);
    assert.notEqual(ra.body.data.id, rb.body.data.id);
    const rows = await ctx().db.db.select({ userId: orders.userId }).from(orders).where(eq(orders.idempotencyKey, key));
    assert.deepEqual(rows.map((r) => r.userId).sort(), [a.id, b.id].sort());
  });

  it('the same key with another body → 422 with a Spanish message, nothing written', async () => {
    const key = randomUUID();
    const first = await send(a, key);
    assert.equal(first.status, 201, first.raw);
    const before = await countOrders();
    const other = await send(a, key, body(a, 40));
    assert.equal(other.status, 422, other.raw);
    assert.deepEqual(other.body, { success: false, message: M.idempotencyKeyReused, code: 'IDEMPOTENCY_KEY_REUSED' });
    const shipped = await send(a, key, { ...body(a), toSucc: false, addressId: a.addressId, transportId: -1, otherTransport: 'Vía Cargo' });
    assert.equal(shipped.status, 422, shipped.raw);
    assert.equal(await countOrders(), before);
    const [row] = await ctx().db.db.select().from(orders).where(eq(orders.id, first.body.data.id));
    assert.equal(row!.totalBoxes, first.body.data.totalBoxes);
  });

  it('a malformed key → 400 with a Spanish message, nothing written', async () => {
    const before = await countOrders();
    for (const key of ['short', 'x'.repeat(101), 'con espacios 123', 'ñandú-123456', 'a/b/c/d/e/f', '']) {
      const r = await send(a, key);
      assert.equal(r.status, 400, `${JSON.stringify(key)}: ${r.raw}`);
      assert.deepEqual(r.body, { success: false, message: M.idempotencyKeyInvalid, code: 'IDEMPOTENCY_KEY_INVALID' });
    }
    assert.equal(await countOrders(), before);
  });

  it('a failed first attempt (below the minimum) does not bind the key: the corrected retry creates the order', async () => {
    const key = randomUUID();
    const low = await send(a, key, body(a, 1));
    assert.equal(low.status, 400, low.raw);
    const ok = await send(a, key, body(a, 25));
    assert.equal(ok.status, 201, ok.raw);
  });

  it('without the header: unchanged, every request creates an order', async () => {
    const before = await countOrders(a.id);
    const r1 = await send(a, undefined);
    const r2 = await send(a, undefined);
    assert.equal(r1.status, 201, r1.raw);
    assert.equal(r2.status, 201, r2.raw);
    assert.notEqual(r1.body.data.id, r2.body.data.id);
    assert.equal(r1.headers['idempotent-replayed'], undefined);
    assert.equal(await countOrders(a.id), before + 2);
    const [row] = await ctx().db.db.select().from(orders).where(eq(orders.id, r1.body.data.id));
    assert.equal(row!.idempotencyKey, null);
  });

  it('OpenAPI documents the header and the 422', async () => {
    const doc = (await api(ctx().app, 'GET', '/docs/json')).body;
    const op = doc.paths['/api/order'].post;
    const header = op.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key');
    assert.ok(header, JSON.stringify(op.parameters));
    assert.equal(header.required, false);
    assert.ok(op.responses['422']);
    assert.match(op.description, /Idempotency-Key/);
  });

  it('CORS: the storefront origin may send Idempotency-Key', async () => {
    const res = await ctx().app.inject({
      method: 'OPTIONS',
      url: '/api/order',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization,idempotency-key' },
    });
    assert.ok(res.statusCode < 300, String(res.statusCode));
    assert.match(String(res.headers['access-control-allow-headers']), /Idempotency-Key/i);
  });
});
