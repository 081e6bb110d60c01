/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Staff API: the order list (filters, search, paging, counts per state), budgets (quantities, prices,
 * missing products, bonus, boxes → lib/orders totals, review, budgetSentAt, a budget document), remits,
 * configuration and product changes — and the storefront revalidation they trigger (captured by a local
 * HTTP server standing in for the storefront).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orders, users } from '../db/schema';
import { describeEachDb } from './helpers';
import { startFakeStorefront } from './fake-storefront';
import { api, forceState, login, orderSuite, totalsOf, type Customer, type TestCatalogue } from './orders-fixtures';
import { shopDay } from '../../lib/time';

const storefront = await startFakeStorefront();
const received = storefront.calls;


describeEachDb('personal: pedidos, presupuestos, configuración y productos', (ctx) => {
  let cat: TestCatalogue, c1: Customer, c2: Customer;
  let staff: string;
  before(async () => {
    const { app, db } = ctx();
    staff = await login(app, 'staff@example.com');
    const emails = { c1: 'ana.busqueda@example.com', c2: { email: 'bruno.misiones@example.com', province: 'Misiones' } };
    ({ cat, customers: { c1, c2 } } = await orderSuite(app, db.db, emails));
  });

  const order = async (who: typeof c1, products: { id: number; quantity: number }[], ship = false) => {
    const body = ship
      ? { products, billingDataId: who.billingId, toSucc: false, addressId: who.addressId, transportId: -1, otherTransport: 'Expreso' }
      : { products, billingDataId: who.billingId };
    const r = await api(ctx().app, 'POST', '/api/order', { token: who.token, body });
    assert.equal(r.status, 201, r.raw);
    return r.body.data;
  };

  it('lists orders newest first, filters by state, date and search, pages, counts per state', async () => {
    const { app, db } = ctx();
    const o1 = await order(c1, [{ id: cat.exact, quantity: 25 }]);
    const o2 = await order(c1, [{ id: cat.exact, quantity: 30 }]);
    const o3 = await order(c2, [{ id: cat.exact, quantity: 70 }], true);
    await forceState(db.db, o2.id, 'review');
    const list = (q = '') => api(app, 'GET', `/api/staff/orders${q}`, { token: staff });

    const all = await list();
    assert.equal(all.status, 200, all.raw);
    const ids = all.body.data.items.map((o: any) => o.id);
    assert.deepEqual(ids.slice(0, 3), [o3.id, o2.id, o1.id]);
    assert.equal(all.body.data.items[0].customer.email, 'bruno.misiones@example.com');
    assert.ok(all.body.data.counts.review >= 1);
    assert.equal(Object.keys(all.body.data.counts).length, 11);

    const review = await list('?state=review');
    assert.ok(review.body.data.items.every((o: any) => o.state === 'review'));
    assert.ok(review.body.data.items.some((o: any) => o.id === o2.id));
    assert.deepEqual(review.body.data.counts, all.body.data.counts, 'counts ignore the state filter');

    const byNumber = await list(`?q=${o3.number}`);
    assert.deepEqual(byNumber.body.data.items.map((o: any) => o.id), [o3.id]);
    const byEmail = await list('?q=ANA.BUSQUEDA');
    assert.deepEqual(byEmail.body.data.items.map((o: any) => o.id).sort(), [o1.id, o2.id].sort());
    const byName = await list(`?q=${encodeURIComponent('Cliente Test')}`);
    assert.ok(byName.body.data.total >= 3);
    const dni = (await api(app, 'GET', '/api/user/myBillingData', { token: c2.token })).body.data[0].documentNumber;
    const byDoc = await list(`?q=${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5)}`);
    assert.deepEqual(byDoc.body.data.items.map((o: any) => o.id), [o3.id]);
    assert.equal((await list('?q=%25')).body.data.total, 0, 'LIKE wildcards are literal');

    // the shop's days (Buenos Aires), as the filter cuts them: UTC's "today" differs from 21:00 ART on
    const tomorrow = shopDay(new Date(Date.now() + 86_400_000));
    const today = shopDay(new Date());
    assert.equal((await list(`?from=${tomorrow}`)).body.data.total, 0);
    assert.ok((await list(`?from=${today}&to=${today}`)).body.data.total >= 3);
    assert.equal((await list('?to=2000-01-01')).body.data.total, 0);

    const page1 = await list('?rows=2&page=1');
    const page2 = await list('?rows=2&page=2');
    assert.equal(page1.body.data.items.length, 2);
    assert.equal(page1.body.data.totalPages, Math.ceil(page1.body.data.total / 2));
    assert.notDeepEqual(page1.body.data.items[0].id, page2.body.data.items[0].id);

    for (const bad of ['?state=nope', '?rows=0', '?rows=101', '?page=0', '?from=ayer', '?to=2024-13-45', `?q=${'x'.repeat(101)}`]) {
      assert.equal((await list(bad)).status, 400, bad);
    }
  });

  it('sorts the board and exports what it shows as CSV (issue 32, item 6)', async () => {
    const { app, db } = ctx();
    await order(c1, [{ id: cat.exact, quantity: 40 }]);
    await order(c2, [{ id: cat.exact, quantity: 26 }]);
    const list = async (q: string) => (await api(app, 'GET', `/api/staff/orders?rows=100${q}`, { token: staff })).body.data.items as any[];
    const totals = (await list('&sort=totalDesc')).map((o) => o.finalTotal);
    assert.deepEqual(totals, [...totals].sort((a, b) => b - a));
    const asc = (await list('&sort=totalAsc')).map((o) => o.finalTotal);
    assert.deepEqual(asc, [...asc].sort((a, b) => a - b));
    const oldest = (await list('&sort=oldest')).map((o) => o.createdAt);
    assert.deepEqual(oldest, [...oldest].sort());
    assert.equal((await api(app, 'GET', '/api/staff/orders?sort=precio', { token: staff })).status, 400);

    // a customer whose name a spreadsheet would run as a formula
    await db.db.update(users).set({ name: '=HYPERLINK("http://x.example","ver")' }).where(eq(users.id, c2.id));
    const res = await api(app, 'GET', '/api/staff/orders/export?sort=totalDesc', { token: staff });
    assert.equal(res.status, 200, res.raw);
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const text = res.rawPayload.toString('utf8');
    assert.ok(text.startsWith('\uFEFFNúmero;Fecha;Cliente;Email;Documento;Estado;Entrega;Productos;Unidades;Bultos;Subtotal;Bonificación;IVA;Total final\r\n'));
    const lines = text.slice(1).trimEnd().split('\r\n').slice(1);
    const board = await list('&sort=totalDesc');
    assert.equal(lines.length, board.length, 'every order the board has, every page');
    assert.equal(res.headers['x-export-rows'], String(board.length));
    assert.equal(lines[0]!.split(';')[0], String(board[0].number), 'in the board\'s order');
    assert.ok(lines.some((l) => l.includes('"\'=HYPERLINK(""http://x.example"",""ver"")')), 'the formula is text');
    assert.ok(lines.every((l) => /;\d+,\d{2}$/.test(l)), 'amounts with a decimal comma');
    // the same filters as the board; bad ones are refused; staff only
    const one = await api(app, 'GET', `/api/staff/orders/export?q=${board[0].number}`, { token: staff });
    assert.equal(one.rawPayload.toString('utf8').trimEnd().split('\r\n').length, 2);
    assert.equal((await api(app, 'GET', '/api/staff/orders/export?from=2026-02-30', { token: staff })).status, 400);
    assert.equal((await api(app, 'GET', '/api/staff/orders/export')).status, 401);
    assert.equal((await api(app, 'GET', '/api/staff/orders/export', { token: c1.token })).status, 403);
    await db.db.update(users).set({ name: 'Cliente' }).where(eq(users.id, c2.id));
  });

  it('budget: adjusted quantities and prices, a missing product, bonus and boxes → exact totals, review, document', async () => {
    const { app, db } = ctx();
    const o = await order(c2, [
      { id: cat.exact, quantity: 51 },
      { id: cat.simple, quantity: 20 },
      { id: cat.cheap, quantity: 3 },
    ], true);
    assert.equal(o.shippingZone, 'interior');
    const [exact, simple, cheap] = o.items;
    const res = await api(app, 'POST', `/api/staff/orders/${o.id}/budget`, {
      token: staff,
      body: {
        items: [
          { itemId: exact.id, quantity: 48, unitPrice: 1999.99 },
          { itemId: simple.id, quantity: 20, unitPrice: 1000, missing: true },
        ],
        bonus: 1000.5,
        boxes: 3,
        price: 1,
      },
    });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.message, 'Presupuesto enviado');
    const d = res.body.data;
    assert.equal(d.state, 'review');
    assert.ok(d.budgetSentAt);
    assert.equal(d.missingStatus, 'incomplete');
    assert.deepEqual(
      d.items.map((i: any) => [i.quantity, i.requestedQuantity, i.unitPrice, i.missing, i.priceAdjusted]),
      [
        [48, 51, 1999.99, false, true],
        [20, 20, 1000, true, false],
        [3, 3, 10.05, false, false],
      ],
    );
    void cheap;
    // subtotal = 48 × 1999,99 + 3 × 10,05 = 95.999,52 + 30,15 = 96.029,67; totalPrice adds the missing 20.000
    assert.equal(d.totalPrice, 116_029.67);
    assert.equal(d.bonus, 1000.5);
    assert.equal(d.totalBoxes, 3);
    // net = subtotal − bonus; 21 % of 9.502.917 = 1.995.612,57 → 1.995.613; IIBB 4,5 % = 427.631,265 → 427.631
    assert.deepEqual(totalsOf(d), { subtotal: 96_029.67, net: 95_029.17, vat: 19_956.13, priceWithVat: 114_985.3, iibb: 4_276.31, finalTotal: 119_261.61 });
    const budgetDoc = d.documents.find((x: any) => x.kind === 'budget');
    assert.equal(budgetDoc.fileUrl, null);
    assert.equal(budgetDoc.budget.totals.finalTotal, 119_261.61);
    assert.equal(budgetDoc.budget.totals.missingStatus, 'incomplete');
    assert.deepEqual(budgetDoc.budget.items.map((i: any) => i.missing), [false, true, false]);
    const [row] = await db.db.select().from(orders).where(eq(orders.id, o.id));
    assert.equal(row!.finalTotalCents, 11_926_161);

    // the customer sees the same
    const mine = (await api(app, 'GET', `/api/order/${o.id}`, { token: c2.token })).body.data;
    assert.equal(mine.finalTotal, 119_261.61);
    assert.deepEqual(mine.actions, { accept: true, cancel: true, finish: false, add: true, uploadProof: true, requestBudget: false });

    // all missing
    const all = await api(app, 'POST', `/api/staff/orders/${o.id}/budget`, {
      token: staff,
      body: { items: d.items.map((i: any) => ({ itemId: i.id, quantity: i.quantity, unitPrice: i.unitPrice, missing: true })), bonus: 0 },
    });
    assert.equal(all.status, 200);
    assert.equal(all.body.data.missingStatus, 'missing');
    assert.equal(all.body.data.finalTotal, 0);
    assert.equal(all.body.data.documents.filter((x: any) => x.kind === 'budget').length, 2);
  });

  it('budget: fewer units than a tier follow the tiers again unless staff typed a price (issue 32, item 8)', async () => {
    const { app } = ctx();
    // simple: $1.000, from 50 units $950; variable: from 30 units (A + B together) $1.700, B's own price $1.800
    const o = await order(c1, [
      { id: cat.simple, quantity: 60 },
      { id: cat.varA, quantity: 20 },
      { id: cat.varB, quantity: 15 },
    ]);
    const [simple, a, b] = o.items;
    assert.deepEqual([simple.unitPrice, a.unitPrice, b.unitPrice], [950, 1700, 1700]);
    // staff sees the tiers the editor reprices with
    const before_ = await api(app, 'GET', `/api/staff/orders/${o.id}`, { token: staff });
    assert.equal(before_.body.data.pricing.isVip, false);
    assert.deepEqual(before_.body.data.pricing.tiers[String(cat.simple)].map((t: any) => [t.units, t.price, t.isVip]).sort(), [[50, 850, true], [50, 950, false]]);
    // the customer's own view carries no pricing block
    assert.equal((await api(app, 'GET', `/api/order/${o.id}`, { token: c1.token })).body.data.pricing, undefined);

    const res = await api(app, 'POST', `/api/staff/orders/${o.id}/budget`, {
      token: staff,
      body: {
        items: [
          // the editor's old behaviour: units lowered, the old tier price sent back unchanged
          { itemId: simple.id, quantity: 40, unitPrice: 950, missing: false },
          { itemId: a.id, quantity: 10, unitPrice: 1700, missing: false },
        ],
        bonus: 0,
      },
    });
    assert.equal(res.status, 200, res.raw);
    const items = res.body.data.items;
    assert.deepEqual(
      items.map((i: any) => [i.quantity, i.unitPrice, i.priceAdjusted]),
      [
        [40, 1000, false],
        [10, 2000, false],
        [15, 1800, false], // B was not touched, but its group fell below 30 units
      ],
    );
    assert.equal(res.body.data.subtotal, 40 * 1000 + 10 * 2000 + 15 * 1800);

    // a price staff type is theirs, kept and marked
    await forceState(ctx().db.db, o.id, 'started');
    const typed = await api(app, 'POST', `/api/staff/orders/${o.id}/budget`, {
      token: staff,
      body: { items: [{ itemId: simple.id, quantity: 40, unitPrice: 900, missing: false }], bonus: 0 },
    });
    assert.equal(typed.status, 200, typed.raw);
    assert.deepEqual([typed.body.data.items[0].unitPrice, typed.body.data.items[0].priceAdjusted], [900, true]);
  });

  it('budget refusals: bonus over the subtotal, items of another order, bad amounts', async () => {
    const { app } = ctx();
    const o = await order(c1, [{ id: cat.exact, quantity: 25 }]);
    const other = await order(c1, [{ id: cat.exact, quantity: 26 }]);
    const send = (body: unknown, id = o.id) => api(app, 'POST', `/api/staff/orders/${id}/budget`, { token: staff, body });
    assert.deepEqual((await send({ items: [], bonus: 50_000.01 })).body, { success: false, message: 'La bonificación no puede superar el subtotal', code: 'BONUS_TOO_HIGH' });
    assert.deepEqual((await send({ items: [{ itemId: other.items[0].id, quantity: 1, unitPrice: 1 }], bonus: 0 })).body, {
      success: false,
      message: `El ítem ${other.items[0].id} no pertenece al pedido`,
      code: 'ITEM_NOT_IN_ORDER',
    });
    for (const bad of [
      { items: [{ itemId: o.items[0].id, quantity: 0, unitPrice: 1 }] },
      { items: [{ itemId: o.items[0].id, quantity: 1, unitPrice: -1 }] },
      { items: [{ itemId: o.items[0].id, quantity: 1, unitPrice: 1.001 }] },
      { items: [], bonus: -1 },
      { items: [], boxes: -1 },
      { items: 'x' },
    ]) {
      assert.equal((await send(bad)).status, 400, JSON.stringify(bad));
    }
    assert.equal((await send({ items: [], bonus: 0 }, 999_999)).status, 404);
    const ok = await send({ items: [], bonus: 50_000 });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.finalTotal, 0);
  });

  it('remit with tracking number once the order is accepted', async () => {
    const { app, db } = ctx();
    const o = await order(c1, [{ id: cat.exact, quantity: 25 }]);
    const remit = (trackingNumber: unknown) => api(app, 'POST', `/api/staff/orders/${o.id}/remit`, { token: staff, body: { trackingNumber } });
    assert.deepEqual((await remit('VC-123')).body, { success: false, message: 'El remito se carga cuando el pedido fue aceptado', code: 'REMIT_STATE' });
    await forceState(db.db, o.id, 'shipped');
    assert.equal((await remit('')).status, 400);
    assert.equal((await remit('x'.repeat(101))).status, 400);
    const ok = await remit('  VC-000123-AR ');
    assert.equal(ok.status, 200, ok.raw);
    const doc = ok.body.data.documents.find((x: any) => x.kind === 'remit');
    assert.deepEqual([doc.trackingNumber, doc.fileUrl], ['VC-000123-AR', null]);
    const mine = (await api(app, 'GET', `/api/order/${o.id}`, { token: c1.token })).body.data;
    assert.equal(mine.documents.find((x: any) => x.kind === 'remit').trackingNumber, 'VC-000123-AR');
  });

  it('config: read, change (the new minimums apply to orders) and revalidate the storefront', async () => {
    const { app } = ctx();
    received.length = 0;
    const get = await api(app, 'GET', '/api/staff/config', { token: staff });
    assert.deepEqual(get.body.data, { minOrderPrice: 100_000, minLocalPrice: 50_000, maintaince: false, budgetValidDays: 7, paymentDueDays: 5 });
    const patch = await api(app, 'PATCH', '/api/staff/config', { token: staff, body: { minLocalPrice: 60_000.5 } });
    assert.equal(patch.status, 200, patch.raw);
    assert.deepEqual(patch.body.data, { minOrderPrice: 100_000, minLocalPrice: 60_000.5, maintaince: false, budgetValidDays: 7, paymentDueDays: 5 });
    const call = await storefront.revalidated('config');
    assert.equal(call.url, '/api/revalidate');
    assert.equal(call.secret, 'secreto-de-prueba');
    assert.deepEqual(call.tags, ['config']);
    assert.deepEqual((await api(app, 'GET', '/api/config')).body.data.minLocalPrice, 60_000.5);
    const r = await api(app, 'POST', '/api/order', { token: c1.token, body: { products: [{ id: cat.exact, quantity: 30 }], billingDataId: c1.billingId } });
    assert.match(r.body.message, /60\.001 para retirar/);
    for (const bad of [{ minOrderPrice: -1 }, { minOrderPrice: 1.001 }, { maintaince: 'yes' }, { minLocalPrice: 1e12 }]) {
      assert.equal((await api(app, 'PATCH', '/api/staff/config', { token: staff, body: bad })).status, 400, JSON.stringify(bad));
    }
    await api(app, 'PATCH', '/api/staff/config', { token: staff, body: { minLocalPrice: 50_000, maintaince: false } });
  });

  it('config: a pickup minimum above the order minimum is refused, alone or against the stored value', async () => {
    const { app } = ctx();
    const message = 'El mínimo para retirar en el local no puede ser mayor que la compra mínima';
    for (const body of [{ minLocalPrice: 100_000.01 }, { minOrderPrice: 49_999 }, { minOrderPrice: 10, minLocalPrice: 20 }]) {
      const r = await api(app, 'PATCH', '/api/staff/config', { token: staff, body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.message, message);
    }
    const get = await api(app, 'GET', '/api/staff/config', { token: staff });
    assert.deepEqual(get.body.data, { minOrderPrice: 100_000, minLocalPrice: 50_000, maintaince: false, budgetValidDays: 7, paymentDueDays: 5 });
    const equal = await api(app, 'PATCH', '/api/staff/config', { token: staff, body: { minOrderPrice: 50_000 } });
    assert.equal(equal.status, 200, equal.raw);
    await api(app, 'PATCH', '/api/staff/config', { token: staff, body: { minOrderPrice: 100_000 } });
  });

  it('product price / discount / state: validation, effect on orders and revalidation tags', async () => {
    const { app } = ctx();
    received.length = 0;
    const res = await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { price: 2500, discount: 2400 } });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual([res.body.data.price, res.body.data.discount, res.body.data.state], [2500, 2400, 'active']);
    const call = await storefront.revalidated(`product-id:${cat.exact}`);
    assert.equal(call.secret, 'secreto-de-prueba');
    assert.deepEqual(call.tags.sort(), ['products', `product-id:${cat.exact}`, `product:${cat.slugs.exact}`].sort());
    // the next order uses the new price (its discount)
    const o = await order(c1, [{ id: cat.exact, quantity: 25 }]);
    assert.equal(o.items[0].unitPrice, 2400);

    // a variation revalidates its parent too
    received.length = 0;
    await api(app, 'PATCH', `/api/staff/products/${cat.varB}`, { token: staff, body: { discount: null } });
    const v = await storefront.revalidated(`product-id:${cat.varB}`);
    assert.ok(v.tags.includes(`product:${cat.slugs.variable}`) && v.tags.includes(`product-id:${cat.variable}`));

    assert.deepEqual((await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { discount: 2500 } })).body, {
      success: false,
      message: 'El descuento debe ser menor que el precio',
      code: 'PRODUCT_DISCOUNT_NOT_BELOW_PRICE',
    });
    assert.equal((await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { state: 'gone' } })).status, 400);
    assert.equal((await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { price: -5 } })).status, 400);
    assert.equal((await api(app, 'PATCH', '/api/staff/products/999999', { token: staff, body: { price: 5 } })).status, 404);

    // hidden → no longer orderable
    await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { state: 'hidden' } });
    const hidden = await api(app, 'POST', '/api/order', { token: c1.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: c1.billingId } });
    assert.match(hidden.body.message, /no está disponible/);
    await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { state: 'active', price: 2000, discount: null } });
  });

  it('a storefront that is down does not fail the staff request', async () => {
    const { app } = ctx();
    const saved = process.env.STOREFRONT_URL;
    // the revalidator read the URL at start; simulate a dead storefront by closing ours for one call
    await new Promise<void>((r) => storefront.server.close(() => r()));
    const res = await api(app, 'PATCH', '/api/staff/config', { token: staff, body: { maintaince: false } });
    assert.equal(res.status, 200);
    await new Promise<void>((resolve) => storefront.server.listen(Number(new URL(saved!).port), '127.0.0.1', resolve));
  });
});
