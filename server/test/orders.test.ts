/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * POST /api/order and the customer's order reads: server-side pricing (tamper attempts, VIP tiers),
 * product and quantity rules, minimums (pickup, CABA, interior + VAT), VAT and Misiones IIBB arithmetic
 * in exact centavos, ownership (404), the list groups and the detail.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orderItems, orders, orderStateHistory } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, createCustomer, forceState, insertTestCatalogue, login, setMinimums, totalsOf, userId, type TestCatalogue } from './orders-fixtures';

const NBSP = '\u00a0';

describeEachDb('pedidos: creación y lectura', (ctx) => {
  let cat: TestCatalogue;
  let cliente: string;
  let vip: string;
  let clienteId: number;
  before(async () => {
    cat = await insertTestCatalogue(ctx().db.db);
    cliente = await login(ctx().app, 'cliente@example.com');
    vip = await login(ctx().app, 'vip@example.com');
    clienteId = await userId(ctx().db.db, 'cliente@example.com');
  });

  const post = (token: string | null, body: unknown) => api(ctx().app, 'POST', '/api/order', { token, body });
  /** cliente@example.com's own address (CABA) and billing data from the demo seed */
  const clienteBilling = async () => (await api(ctx().app, 'GET', '/api/user/myBillingData', { token: cliente })).body.data[0].id as number;
  /** cliente's order of these [product id, quantity] lines, billed to her data */
  const orderLines = async (...lines: [number, number][]) =>
    post(cliente, { products: lines.map(([id, quantity]) => ({ id, quantity })), billingDataId: await clienteBilling() });
  const clienteAddress = async () => (await api(ctx().app, 'GET', '/api/address/myAddresses', { token: cliente })).body.data[0].id as number;

  it('needs a session', async () => {
    assert.equal((await post(null, { products: [{ id: cat.exact, quantity: 50 }], billingDataId: 1 })).status, 401);
  });

  it('creates a pickup order priced from the database (defaults of spec §3)', async () => {
    const billingDataId = await clienteBilling();
    const res = await post(cliente, { products: [{ id: cat.exact, quantity: 25 }], billingDataId });
    assert.equal(res.status, 201, res.raw);
    const o = res.body.data;
    assert.match(res.body.message, new RegExp(`#${o.number}`));
    assert.equal(o.state, 'received');
    assert.equal(o.toSucc, true);
    assert.equal(o.shippingZone, 'pickup');
    assert.equal(o.address, null, 'pickup: no address even with the default addressId 1');
    assert.equal(o.transport, null);
    assert.equal(o.subtotal, 50_000);
    assert.equal(o.vat, 10_500);
    assert.equal(o.finalTotal, 60_500);
    assert.deepEqual(
      o.items.map((i: any) => [i.productId, i.name, i.variationName, i.quantity, i.unitPrice, i.lineTotal]),
      [[cat.exact, 'Prueba exact', null, 25, 2000, 50_000]],
    );
    assert.deepEqual(o.history.map((h: any) => [h.from, h.to, h.actor, h.byUserId]), [[null, 'received', 'customer', clienteId]]);
    assert.deepEqual(o.actions, { accept: false, cancel: true, finish: false, add: true, uploadProof: true, requestBudget: false });
    assert.deepEqual(o.additions, { stage: 'received', used: 0, limit: null, remaining: null });
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('ignores prices and other unknown fields sent by the client', async () => {
    const billingDataId = await clienteBilling();
    const res = await post(cliente, {
      products: [{ id: cat.simple, quantity: 60, price: 1, unitPrice: 1, discount: 0.01 }],
      billingDataId,
      total: 1,
      isVip: true,
      subtotal: 1,
      state: 'accepted',
      userId: 999,
    });
    assert.equal(res.status, 201, res.raw);
    const o = res.body.data;
    // 60 units ≥ 50: the non-VIP tier ($ 950), not the VIP one ($ 850), not the client's $ 1
    assert.equal(o.items[0].unitPrice, 950);
    assert.equal(o.items[0].regularPrice, 1000);
    assert.equal(o.subtotal, 57_000);
    assert.equal(o.state, 'received');
    const [row] = await ctx().db.db.select().from(orders).where(eq(orders.id, o.id));
    assert.equal(row!.userId, clienteId);
    assert.equal(row!.subtotalCents, 5_700_000);
  });

  it('applies VIP tiers to the VIP customer only', async () => {
    const vipBilling = (await api(ctx().app, 'GET', '/api/user/myBillingData', { token: vip })).body.data[0].id;
    const v = await post(vip, { products: [{ id: cat.simple, quantity: 60 }], billingDataId: vipBilling });
    assert.equal(v.status, 201, v.raw);
    assert.equal(v.body.data.items[0].unitPrice, 850);
    assert.equal(v.body.data.subtotal, 51_000);
    const c = await post(cliente, { products: [{ id: cat.simple, quantity: 60 }], billingDataId: await clienteBilling() });
    assert.equal(c.body.data.items[0].unitPrice, 950);
  });

  it('tiers sum the units of a parent’s variations; a discount below the tier stays', async () => {
    const res = await orderLines([cat.varA, 20], [cat.varB, 10]);
    assert.equal(res.status, 201, res.raw);
    const items = res.body.data.items;
    assert.deepEqual(
      items.map((i: any) => [i.name, i.variationName, i.unitPrice, i.parentId]),
      [
        ['Prueba variable', 'Lavanda', 1700, cat.variable],
        ['Prueba variable', 'Rosa', 1700, cat.variable],
      ],
    );
    assert.equal(res.body.data.subtotal, 51_000);
    // below the tier: each its own price (B its discount)
    const below = await orderLines([cat.varA, 15], [cat.varB, 14]);
    assert.deepEqual(below.body.data.items.map((i: any) => i.unitPrice), [2000, 1800]);
  });

  it('merges repeated lines of the same product', async () => {
    const res = await orderLines([cat.exact, 10], [cat.exact, 15]);
    assert.equal(res.status, 201, res.raw);
    assert.deepEqual(res.body.data.items.map((i: any) => i.quantity), [25]);
  });

  it('rejects hidden, invisible, noStock, variable-parent and unknown products, naming them', async () => {
    const billingDataId = await clienteBilling();
    const cases: [number, RegExp][] = [
      [cat.hidden, /^El producto “Prueba hidden” no está disponible$/],
      [cat.invisible, /“Prueba invisible” no está disponible/],
      [cat.varOfHidden, /“Prueba hparent – Prueba hvar” no está disponible/],
      [cat.noStock, /^El producto “Prueba nostock” no tiene stock$/],
      [cat.varOfNoStock, /“Prueba nparent – Prueba nvar” no tiene stock/],
      [cat.variable, /^Elegí una variante de “Prueba variable”$/],
      [999_999, /^No se encontró el producto \(id 999999\)$/],
    ];
    for (const [id, message] of cases) {
      const res = await post(cliente, { products: [{ id: cat.exact, quantity: 25 }, { id, quantity: 1 }], billingDataId });
      assert.equal(res.status, 400, `${id}: ${res.raw}`);
      assert.equal(res.body.success, false);
      assert.match(res.body.message, message);
    }
  });

  it('enforces the product’s quantity rules (min 12, steps of 6, max 120)', async () => {
    const billingDataId = await clienteBilling();
    for (const quantity of [6, 13, 20, 126, 5000]) {
      const res = await post(cliente, { products: [{ id: cat.step, quantity }, { id: cat.exact, quantity: 25 }], billingDataId });
      assert.equal(res.status, 400, `quantity ${quantity}`);
      assert.equal(res.body.message, 'La cantidad de “Prueba step” no es válida: se vende de a 6 unidades, entre 12 y 120');
    }
    for (const quantity of [12, 18, 120]) {
      const res = await post(cliente, { products: [{ id: cat.step, quantity }, { id: cat.exact, quantity: 25 }], billingDataId });
      assert.equal(res.status, 201, `quantity ${quantity}: ${res.raw}`);
    }
  });

  it('rejects malformed payloads with the generic message', async () => {
    const billingDataId = await clienteBilling();
    for (const body of [
      {},
      { products: [], billingDataId },
      { products: [{ id: cat.exact, quantity: 0 }], billingDataId },
      { products: [{ id: cat.exact, quantity: 2.5 }], billingDataId },
      { products: [{ id: cat.exact, quantity: -3 }], billingDataId },
      { products: [{ id: String(cat.exact), quantity: 1 }], billingDataId },
      { products: [{ id: cat.exact, quantity: 25 }] },
      { products: [{ id: cat.exact, quantity: 25 }], billingDataId, toSucc: 'yes' },
      { products: [{ id: cat.exact, quantity: 25 }], billingDataId, transportId: 0, toSucc: false },
      { products: 'x', billingDataId },
    ]) {
      const res = await post(cliente, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.body, { success: false, message: 'Los parametros son incorrectos', code: 'BAD_PARAMS' });
    }
  });

  it('someone else’s billing data or address → 404', async () => {
    const vipBilling = (await api(ctx().app, 'GET', '/api/user/myBillingData', { token: vip })).body.data[0].id;
    const vipAddress = (await api(ctx().app, 'GET', '/api/address/myAddresses', { token: vip })).body.data[0].id;
    const a = await post(cliente, { products: [{ id: cat.exact, quantity: 50 }], billingDataId: vipBilling });
    assert.equal(a.status, 404);
    const b = await post(cliente, {
      products: [{ id: cat.exact, quantity: 50 }],
      billingDataId: await clienteBilling(),
      toSucc: false,
      addressId: vipAddress,
      transportId: -1,
      otherTransport: 'Expreso X',
    });
    assert.equal(b.status, 404);
  });

  it('shipping needs a transport: disabled → "Transporte deshabilitado", unknown → 404, "Other" needs a name', async () => {
    const base = { products: [{ id: cat.exact, quantity: 50 }], billingDataId: await clienteBilling(), toSucc: false, addressId: await clienteAddress() };
    const transports = (await api(ctx().app, 'GET', '/api/transport/names')).body.data;
    const disabled = transports.find((t: any) => !t.isAble);
    const enabled = transports.find((t: any) => t.isAble && t.fatherId !== null);
    assert.deepEqual(await post(cliente, { ...base, transportId: disabled.id }).then((r) => [r.status, r.body.message]), [400, 'Transporte deshabilitado']);
    assert.equal((await post(cliente, { ...base, transportId: 999_999 })).status, 404);
    assert.deepEqual(await post(cliente, { ...base }).then((r) => [r.status, r.body.message]), [400, 'Escribí el nombre del transporte']);
    assert.deepEqual(await post(cliente, { ...base, otherTransport: '   ' }).then((r) => [r.status, r.body.message]), [400, 'Escribí el nombre del transporte']);
    assert.deepEqual(await post(cliente, { ...base, addressId: null, transportId: enabled.id }).then((r) => [r.status, r.body.message]), [400, 'Elegí una dirección de envío guardada']);

    const other = await post(cliente, { ...base, otherTransport: '  Expreso del Sur ' });
    assert.equal(other.status, 201, other.raw);
    assert.equal(other.body.data.otherTransport, 'Expreso del Sur');
    assert.equal(other.body.data.transport, null);
    const listed = await post(cliente, { ...base, transportId: enabled.id });
    assert.equal(listed.status, 201, listed.raw);
    assert.deepEqual(listed.body.data.transport, { id: enabled.id, name: enabled.name });
    assert.equal(listed.body.data.shippingZone, 'caba');
    assert.equal(listed.body.data.address.province, 'Ciudad Autónoma de Buenos Aires');
  });

  it('minimums: pickup $ 50.000, CABA $ 100.000, interior $ 121.000 (minimum + VAT), exact at the boundary', async () => {
    const { app, db } = ctx();
    await setMinimums(db.db);
    const cba = await createCustomer(app, db.db, { email: 'minimos.cba@example.com', province: 'Córdoba' });
    const billingDataId = await clienteBilling();
    const ship = { toSucc: false, addressId: await clienteAddress(), transportId: -1, otherTransport: 'Flete' };

    let r = await post(cliente, { products: [{ id: cat.exact, quantity: 24 }], billingDataId });
    assert.deepEqual([r.status, r.body.message], [400, `Tu compra no alcanza el mínimo de $${NBSP}50.000 para retirar en el local`]);
    assert.equal((await post(cliente, { products: [{ id: cat.exact, quantity: 25 }], billingDataId })).status, 201);

    r = await post(cliente, { products: [{ id: cat.exact, quantity: 49 }], billingDataId, ...ship });
    assert.deepEqual([r.status, r.body.message], [400, `Tu compra no alcanza el mínimo de $${NBSP}100.000`]);
    assert.equal((await post(cliente, { products: [{ id: cat.exact, quantity: 50 }], billingDataId, ...ship })).status, 201);

    const interior = { billingDataId: cba.billingId, toSucc: false, addressId: cba.addressId, transportId: -1, otherTransport: 'Flete' };
    r = await post(cba.token, { products: [{ id: cat.exact, quantity: 60 }], ...interior });
    assert.deepEqual([r.status, r.body.message], [400, `Tu compra no alcanza el mínimo de $${NBSP}121.000 (mínimo + IVA) para envíos al interior`]);
  });

  it('minimum on the exact interior boundary and the configured minimums', async () => {
    const { app, db } = ctx();
    await setMinimums(db.db);
    const cba = await createCustomer(app, db.db, { email: 'limite.cba@example.com', province: 'Córdoba' });
    const interior = { billingDataId: cba.billingId, toSucc: false, addressId: cba.addressId, transportId: -1, otherTransport: 'Flete' };
    // 60 × $ 2.000 + 1 × $ 1.000 = $ 121.000 = 100.000 × 1,21
    let r = await post(cba.token, { products: [{ id: cat.exact, quantity: 60 }, { id: cat.simple, quantity: 1 }], ...interior });
    assert.equal(r.status, 201, r.raw);
    assert.equal(r.body.data.shippingZone, 'interior');
    // configured minimums through the config row
    await setMinimums(db.db, 20_000_000, 1_000_000);
    r = await post(cba.token, { products: [{ id: cat.exact, quantity: 61 }], ...interior });
    assert.match(r.body.message, /242\.000 \(mínimo \+ IVA\)/);
    r = await post(cba.token, { products: [{ id: cat.exact, quantity: 5 }], billingDataId: cba.billingId });
    assert.equal(r.status, 201, 'pickup minimum now $ 10.000');
    r = await post(cba.token, { products: [{ id: cat.exact, quantity: 4 }], billingDataId: cba.billingId });
    assert.match(r.body.message, /mínimo de \$\u00a010\.000 para retirar/);
    await setMinimums(db.db);
  });

  it('VAT and the Misiones IIBB surcharge in exact centavos', async () => {
    const { app, db } = ctx();
    await setMinimums(db.db);
    const mis = await createCustomer(app, db.db, { email: 'posadas@example.com', province: 'Misiones' });
    const body = {
      // 130 × $ 950 (tier) + 1 × $ 10,05 = $ 123.510,05
      products: [
        { id: cat.simple, quantity: 130 },
        { id: cat.cheap, quantity: 1 },
      ],
      billingDataId: mis.billingId,
      toSucc: false,
      addressId: mis.addressId,
      transportId: -1,
      otherTransport: 'Expreso Misionero',
    };
    const r = await post(mis.token, body);
    assert.equal(r.status, 201, r.raw);
    const o = r.body.data;
    assert.equal(o.shippingZone, 'interior');
    // VAT: 21 % of 12.351.005 centavos = 2.593.711,05 → 2.593.711; IIBB: 4,5 % of 12.351.005 = 555.795,225 → 555.795
    assert.deepEqual(totalsOf(o), { subtotal: 123_510.05, net: 123_510.05, vat: 25_937.11, priceWithVat: 149_447.16, iibb: 5_557.95, finalTotal: 155_005.11 });
    const [row] = await db.db.select().from(orders).where(eq(orders.id, o.id));
    assert.deepEqual(
      [row!.subtotalCents, row!.vatCents, row!.priceWithVatCents, row!.iibbCents, row!.finalTotalCents, row!.totalPriceCents],
      [12_351_005, 2_593_711, 14_944_716, 555_795, 15_500_511, 12_351_005],
    );
    // the same goods picked up at the shop: no IIBB
    const pickup = await post(mis.token, { products: body.products, billingDataId: mis.billingId });
    assert.equal(pickup.body.data.iibb, 0);
    assert.equal(pickup.body.data.finalTotal, 149_447.16);
  });

  it('writes order, items and history in one transaction (a failure leaves nothing)', async () => {
    const { db } = ctx();
    const before = await db.db.select({ id: orders.id }).from(orders);
    const r = await post(cliente, { products: [{ id: cat.exact, quantity: 25 }, { id: cat.hidden, quantity: 1 }], billingDataId: await clienteBilling() });
    assert.equal(r.status, 400);
    const after = await db.db.select({ id: orders.id }).from(orders);
    assert.equal(after.length, before.length);
    const ok = await post(cliente, { products: [{ id: cat.exact, quantity: 25 }], billingDataId: await clienteBilling() });
    const items = await db.db.select().from(orderItems).where(eq(orderItems.orderId, ok.body.data.id));
    const history = await db.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, ok.body.data.id));
    assert.equal(items.length, 1);
    assert.equal(history.length, 1);
  });

  it('lists: all, actual, confirmed and finished groups; newest first; only mine', async () => {
    const { app, db } = ctx();
    const me = await createCustomer(app, db.db, { email: 'listas@example.com' });
    const make = async () => (await post(me.token, { products: [{ id: cat.exact, quantity: 25 }], billingDataId: me.billingId })).body.data.id as number;
    const ids: Record<string, number> = {};
    for (const state of ['received', 'review', 'accepted', 'shipped', 'completed', 'cancelled'] as const) {
      ids[state] = await make();
      await forceState(db.db, ids[state]!, state);
    }
    const list = async (url: string) => (await api(app, 'GET', url, { token: me.token })).body.data.map((o: any) => o.state);
    assert.deepEqual(await list('/api/order/myOrders'), ['cancelled', 'completed', 'shipped', 'accepted', 'review', 'received']);
    assert.deepEqual(await list('/api/order/myActualOrders'), ['review', 'received']);
    assert.deepEqual(await list('/api/order/myConfirmedOrders'), ['shipped', 'accepted']);
    assert.deepEqual(await list('/api/order/profile/finished'), ['cancelled', 'completed']);
    const summary = (await api(app, 'GET', '/api/order/myOrders', { token: me.token })).body.data[0];
    assert.equal(summary.itemCount, 1);
    assert.equal(summary.totalUnits, 25);
    assert.equal(summary.items, undefined, 'lists carry summaries');
    assert.equal((await api(app, 'GET', '/api/order/myOrders')).status, 401);
  });

  it('GET /api/order/:id: owner and staff only; anyone else 404', async () => {
    const { app } = ctx();
    const own = await post(cliente, { products: [{ id: cat.exact, quantity: 25 }], billingDataId: await clienteBilling() });
    const id = own.body.data.id;
    const mine = await api(app, 'GET', `/api/order/${id}`, { token: cliente });
    assert.equal(mine.status, 200);
    assert.equal(mine.body.data.customer, undefined);
    assert.equal(mine.body.data.billingData.documentNumber, '27301234568');
    const other = await api(app, 'GET', `/api/order/${id}`, { token: vip });
    assert.deepEqual([other.status, other.body.message], [404, 'No se encontró el recurso']);
    const staff = await api(app, 'GET', `/api/order/${id}`, { token: await login(app, 'staff@example.com') });
    assert.equal(staff.status, 200);
    assert.equal(staff.body.data.customer.email, 'cliente@example.com');
    assert.equal((await api(app, 'GET', '/api/order/999999', { token: cliente })).status, 404);
    assert.equal((await api(app, 'GET', '/api/order/abc', { token: cliente })).status, 400);
    assert.equal((await api(app, 'GET', `/api/order/${id}`)).status, 401);
    // customer moves on someone else's order are 404 too
    for (const action of ['accept', 'cancel', 'finish']) {
      assert.equal((await api(app, 'POST', `/api/order/${id}/${action}`, { token: vip })).status, 404, action);
    }
    assert.equal((await api(app, 'POST', `/api/order/${id}/add`, { token: vip, body: { products: [{ id: cat.exact, quantity: 1 }] } })).status, 404);
  });
});
