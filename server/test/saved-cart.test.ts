/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Issue 23 §4: the saved cart, GET/PUT /api/cart — the caller's own cart only, lines judged by the order rules,
 * prices recomputed (never stored or trusted), per-line merge of two devices' writes with a version.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CART_MAX_LINES } from '../../lib/contracts/cart';
import { cartLines, products } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, createCustomer, insertTestCatalogue, login, type TestCatalogue } from './orders-fixtures';

describeEachDb('carrito guardado (GET/PUT /api/cart)', (ctx) => {
  let cat: TestCatalogue;
  let vip: string;
  let n = 0;
  before(async () => {
    cat = await insertTestCatalogue(ctx().db.db);
    vip = await login(ctx().app, 'vip@example.com');
  });

  /** a fresh customer per test: each starts with no saved cart */
  const customer = async () => (await createCustomer(ctx().app, ctx().db.db, { email: `carrito-${process.pid}-${++n}-${Date.now()}@example.com` })).token;
  const get = (token: string | null) => api(ctx().app, 'GET', '/api/cart', { token });
  const put = (token: string | null, body: unknown) => api(ctx().app, 'PUT', '/api/cart', { token, body });
  const units = (cart: any) => Object.fromEntries(cart.lines.map((l: any) => [l.id, l.units]));

  it('guests get 401 on GET and PUT; a new customer has an empty cart at version 0', async () => {
    assert.equal((await get(null)).status, 401);
    const res = await put(null, { baseVersion: 0, lines: [{ id: cat.simple, units: 1 }] });
    assert.equal(res.status, 401);
    assert.equal(res.body.success, false);
    const token = await customer();
    const empty = await get(token);
    assert.equal(empty.status, 200, empty.raw);
    assert.deepEqual([empty.body.data.version, empty.body.data.lines, empty.body.data.total], [0, [], 0]);
    assert.equal(empty.headers['cache-control'], 'no-store');
  });

  it('PUT with wrong types, duplicates or too many lines is a 400 in Spanish and saves nothing', async () => {
    const token = await customer();
    const bad: unknown[] = [
      { baseVersion: 'x', lines: [] },
      { baseVersion: 0, lines: 'todo' },
      { baseVersion: 0, lines: [{ id: '1', units: 2 }] },
      { baseVersion: 0, lines: [{ id: cat.simple, units: 1.5 }] },
      { baseVersion: 0, lines: [{ id: cat.simple, units: -1 }] },
      { baseVersion: 0, lines: [{ id: 0, units: 1 }] },
      { baseVersion: -1, lines: [] },
      { baseVersion: 0, mode: 'sumar', lines: [] },
      { baseVersion: 0, lines: [{ id: cat.simple, units: 1 }, { id: cat.simple, units: 2 }] },
      { baseVersion: 0, lines: Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => ({ id: i + 1, units: 1 })) },
      null,
    ];
    for (const body of bad) {
      const res = await put(token, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)?.slice(0, 80)} → ${res.raw}`);
      assert.equal(res.body.success, false);
      assert.equal(res.body.message, 'Los parametros son incorrectos');
      assert.equal(typeof res.body.code, 'string');
      assert.doesNotMatch(res.raw, /at .*\.ts/); // no stack trace
    }
    assert.equal((await get(token)).body.data.version, 0);
  });

  it('stores ids and units, snaps quantities off the step, rejects unknown, hidden, out-of-stock and variable products', async () => {
    const token = await customer();
    const res = await put(token, {
      baseVersion: 0,
      lines: [
        { id: cat.simple, units: 3 },
        { id: cat.step, units: 13 }, // min 12, steps 6 → 12
        { id: 99_999_999, units: 1 },
        { id: cat.hidden, units: 1 },
        { id: cat.invisible, units: 1 },
        { id: cat.varOfHidden, units: 1 },
        { id: cat.noStock, units: 1 },
        { id: cat.variable, units: 1 },
        { id: cat.varB, units: 2 },
      ],
    });
    assert.equal(res.status, 200, res.raw);
    const c = res.body.data;
    assert.equal(c.version, 1);
    assert.equal(c.stale, false);
    assert.deepEqual(units(c), { [cat.simple]: 3, [cat.step]: 12, [cat.varB]: 2 });
    assert.deepEqual(c.adjusted, [{ id: cat.step, requested: 13, units: 12 }]);
    assert.deepEqual(
      c.rejected.map((r: any) => [r.id, r.reason]),
      [
        [99_999_999, 'unknown'],
        [cat.hidden, 'hidden'],
        [cat.invisible, 'hidden'],
        [cat.varOfHidden, 'hidden'],
        [cat.noStock, 'noStock'],
        [cat.variable, 'variable'],
      ],
    );
    // lines in the order they came in; priced by lib/pricing (varB's discount)
    assert.deepEqual(
      c.lines.map((l: any) => [l.id, l.state, l.unitPrice, l.lineTotal, l.product.fatherId]),
      [
        [cat.simple, 'active', 1000, 3000, cat.simple],
        [cat.step, 'active', 500, 6000, cat.step],
        [cat.varB, 'active', 1800, 3600, cat.variable],
      ],
    );
    assert.equal(c.total, 3000 + 6000 + 3600);
    assert.equal(c.totalUnits, 17);
    // the same on GET
    const again = (await get(token)).body.data;
    assert.deepEqual(units(again), units(c));
    assert.equal(again.version, 1);
  });

  it('tampered prices are ignored: only ids and units are kept, prices come from the catalogue at the customer’s tier', async () => {
    const token = await customer();
    const res = await put(token, { baseVersion: 0, lines: [{ id: cat.simple, units: 60, price: 1, discount: 0.01, unitPrice: 1, offers: [] } as any], total: 1 });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual([res.body.data.lines[0].unitPrice, res.body.data.total], [950, 57_000]); // the 50+ tier
    const stored = await ctx().db.db.select().from(cartLines).where(eq(cartLines.productId, cat.simple));
    assert.ok(stored.every((r) => !('price' in r)));
    // the VIP customer gets the VIP tier on the same line
    await put(vip, { baseVersion: 0, lines: [{ id: cat.simple, units: 60 }] });
    const v = (await get(vip)).body.data;
    assert.equal(v.lines.find((l: any) => l.id === cat.simple).unitPrice, 850);
    // a price change in the catalogue shows on the next read
    await ctx().db.db.update(products).set({ discountCents: 90_000 }).where(eq(products.id, cat.exact));
    await put(token, { baseVersion: 1, lines: [{ id: cat.exact, units: 1 }] });
    assert.equal((await get(token)).body.data.lines.find((l: any) => l.id === cat.exact).unitPrice, 900);
    await ctx().db.db.update(products).set({ discountCents: null }).where(eq(products.id, cat.exact));
  });

  it('another customer’s cart cannot be read or written: each token reaches its own cart only', async () => {
    const a = await customer();
    const b = await customer();
    await put(a, { baseVersion: 0, lines: [{ id: cat.simple, units: 4 }] });
    const bCart = (await get(b)).body.data;
    assert.deepEqual([bCart.version, bCart.lines], [0, []]);
    // B's removal of A's line touches only B's (empty) cart
    await put(b, { baseVersion: 0, lines: [{ id: cat.simple, units: 0 }] });
    assert.deepEqual(units((await get(a)).body.data), { [cat.simple]: 4 });
    // there is no path with a user id to try
    assert.equal((await api(ctx().app, 'GET', '/api/cart/1', { token: b })).status, 404);
  });

  it('two devices editing from the same version: both lines kept, last write per line wins, the stale one gets the merged cart', async () => {
    const token = await customer();
    const start = (await put(token, { baseVersion: 0, lines: [{ id: cat.simple, units: 10 }, { id: cat.exact, units: 1 }] })).body.data;
    assert.equal(start.version, 1);
    // phone and desktop both hold version 1
    const phone = await put(token, { baseVersion: 1, lines: [{ id: cat.cheap, units: 5 }, { id: cat.simple, units: 20 }] });
    assert.deepEqual([phone.body.data.version, phone.body.data.stale], [2, false]);
    const desktop = await put(token, { baseVersion: 1, lines: [{ id: cat.varA, units: 2 }, { id: cat.simple, units: 30 }, { id: cat.exact, units: 0 }] });
    assert.equal(desktop.status, 200, desktop.raw);
    const d = desktop.body.data;
    assert.deepEqual([d.version, d.stale], [3, true]);
    // the phone's new line survived the desktop's stale write; simple: the desktop wrote last; exact: removed
    assert.deepEqual(units(d), { [cat.simple]: 30, [cat.cheap]: 5, [cat.varA]: 2 });
  });

  it('concurrent PUTs never lose a line (interleaved writes, each from the same stale base)', async () => {
    const token = await customer();
    const ids = [cat.simple, cat.exact, cat.cheap, cat.varA, cat.varB, cat.step];
    const answers = await Promise.all(ids.map((id) => put(token, { baseVersion: 0, lines: [{ id, units: id === cat.step ? 12 : 2 }] })));
    for (const a of answers) assert.equal(a.status, 200, a.raw);
    // one version each, one after the other
    assert.deepEqual(answers.map((a) => a.body.data.version).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6]);
    assert.equal(answers.filter((a) => !a.body.data.stale).length, 1);
    const final = (await get(token)).body.data;
    assert.deepEqual(new Set(final.lines.map((l: any) => l.id)), new Set(ids));
    assert.equal(final.version, 6);
  });

  it('sign-in merge: the larger quantity per line, snapped; device lines never remove saved ones', async () => {
    const token = await customer();
    await put(token, { baseVersion: 0, lines: [{ id: cat.simple, units: 10 }, { id: cat.step, units: 24 }, { id: cat.exact, units: 3 }] });
    const res = await put(token, {
      baseVersion: 0,
      mode: 'signIn',
      lines: [
        { id: cat.simple, units: 4 }, // saved 10 stays
        { id: cat.step, units: 37 }, // larger, snapped to 36
        { id: cat.exact, units: 0 }, // not a removal
        { id: cat.cheap, units: 7 }, // new
      ],
    });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(units(res.body.data), { [cat.simple]: 10, [cat.step]: 36, [cat.exact]: 3, [cat.cheap]: 7 });
    assert.deepEqual(res.body.data.adjusted, [{ id: cat.step, requested: 37, units: 36 }]);
    assert.equal(res.body.data.stale, true);
  });

  it('a saved line whose product is later hidden stays, flagged, without name or price, until removed; a deleted product takes its line', async () => {
    const token = await customer();
    const db = ctx().db.db;
    const [p] = await db.insert(products).values({ sku: `CART-H-${Date.now()}`, name: 'Se oculta', slug: `se-oculta-${Date.now()}`, priceCents: 10_000 }).returning();
    const [q] = await db.insert(products).values({ sku: `CART-D-${Date.now()}`, name: 'Se borra', slug: `se-borra-${Date.now()}`, priceCents: 10_000 }).returning();
    await put(token, { baseVersion: 0, lines: [{ id: p!.id, units: 2 }, { id: q!.id, units: 1 }, { id: cat.simple, units: 1 }] });
    await db.update(products).set({ state: 'hidden' }).where(eq(products.id, p!.id));
    await db.delete(products).where(eq(products.id, q!.id));
    const c = (await get(token)).body.data;
    const line = c.lines.find((l: any) => l.id === p!.id);
    assert.deepEqual([line.state, line.product, line.unitPrice, line.units], ['hidden', null, null, 2]);
    assert.equal(c.lines.some((l: any) => l.id === q!.id), false);
    assert.equal(c.total, 1000);
    assert.doesNotMatch(JSON.stringify(c), /Se oculta/);
    // more units for it are refused; removing it works
    const more = (await put(token, { baseVersion: c.version, lines: [{ id: p!.id, units: 5 }] })).body.data;
    assert.deepEqual(more.rejected, [{ id: p!.id, reason: 'hidden' }]);
    assert.equal(units(more)[p!.id], 2);
    const removed = (await put(token, { baseVersion: more.version, lines: [{ id: p!.id, units: 0 }] })).body.data;
    assert.deepEqual(units(removed), { [cat.simple]: 1 });
  });

  it(`a cart holds at most ${CART_MAX_LINES} lines: the lines beyond are rejected as full`, async () => {
    const token = await customer();
    const db = ctx().db.db;
    const tag = `${process.pid}-${Date.now()}`;
    const many = await db
      .insert(products)
      .values(Array.from({ length: CART_MAX_LINES }, (_, i) => ({ sku: `CART-M-${tag}-${i}`, name: `Muchos ${i}`, slug: `muchos-${tag}-${i}`, priceCents: 100 })))
      .returning({ id: products.id });
    const first = await put(token, { baseVersion: 0, lines: many.map((m) => ({ id: m.id, units: 1 })) });
    assert.equal(first.status, 200, first.raw.slice(0, 300));
    assert.equal(first.body.data.lines.length, CART_MAX_LINES);
    const over = (await put(token, { baseVersion: 1, lines: [{ id: cat.simple, units: 1 }, { id: many[0]!.id, units: 3 }] })).body.data;
    assert.deepEqual(over.rejected, [{ id: cat.simple, reason: 'full' }]);
    assert.equal(units(over)[many[0]!.id], 3);
  });
});
