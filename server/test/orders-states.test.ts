/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Order state machine through the API: every (from → to) move of lib/orders/states tried by the
 * customer and by staff, allowed exactly when the table says so (else 409 'No se puede pasar el pedido
 * de … a …'), with a timestamped history row naming who moved it; role permissions of the staff API;
 * additions limits per state and the repricing of the whole order.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import {
  CUSTOMER_ACTION_TARGET,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  canTransition,
  illegalTransitionMessage,
  staffMoveNeedsReason,
  type OrderState,
} from '../../lib/orders';
import { orders, orderStateHistory } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, createUser, forceState, login, orderSuite, signedInUser, type Customer, type Res, type TestCatalogue } from './orders-fixtures';

// staff config/product writes revalidate the storefront: point it at a closed port (fire-and-forget)
process.env.STOREFRONT_URL = 'http://127.0.0.1:9';

describeEachDb('pedidos: estados, permisos y agregados', (ctx) => {
  let cat: TestCatalogue, customer: Customer;
  let staff: string;
  let staffId: number;
  before(async () => {
    const { app, db } = ctx();
    ({ cat, customers: { customer } } = await orderSuite(app, db.db, { customer: 'estados@example.com' }));
    ({ id: staffId, token: staff } = await signedInUser(app, db.db, 'pedidos-estados@example.com', 'orderemployee', 'Empleada'));
  });

  const newOrder = async (token = customer.token, billingDataId = customer.billingId, products = [{ id: cat.exact, quantity: 25 }]) => {
    const r = await api(ctx().app, 'POST', '/api/order', { token, body: { products, billingDataId } });
    assert.equal(r.status, 201, r.raw);
    return r.body.data.id as number;
  };
  const stateOf = async (id: number) => (await ctx().db.db.select({ s: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const lastHistory = async (id: number) =>
    (await ctx().db.db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, id)).orderBy(desc(orderStateHistory.id)).limit(1))[0]!;

  it('every move of the table, and only those, for the customer and for staff', async () => {
    const { app, db } = ctx();
    const exercised = new Set<string>();
    const orderOf = new Map<OrderState, number>();
    for (const s of ORDER_STATES) orderOf.set(s, await newOrder());
    const firstItem = async (id: number) => (await api(app, 'GET', `/api/order/${id}`, { token: customer.token })).body.data.items[0].id;

    const expectMove = async (from: OrderState, to: OrderState, allowed: boolean, res: Res, by: 'customer' | 'staff', label: string) => {
      const id = orderOf.get(from)!;
      if (allowed) {
        assert.equal(res.status, 200, `${label} ${from}→${to}: ${res.raw}`);
        assert.equal(res.body.data.state, to);
        assert.equal(await stateOf(id), to);
        if (from !== to) {
          const h = await lastHistory(id);
          assert.deepEqual([h.fromState, h.toState, h.actor, h.byUserId], [from, to, by, by === 'staff' ? staffId : customer.id], label);
          assert.ok(h.at instanceof Date && Date.now() - h.at.getTime() < 60_000);
        }
      } else {
        assert.equal(res.status, 409, `${label} ${from}→${to} should be refused: ${res.raw}`);
        assert.deepEqual(res.body, { success: false, message: illegalTransitionMessage(from, to), code: 'ILLEGAL_TRANSITION' });
        assert.equal(await stateOf(id), from, 'a refused move changes nothing');
      }
    };

    for (const from of ORDER_STATES) {
      const id = orderOf.get(from)!;
      // customer buttons
      for (const action of ['accept', 'cancel', 'finish'] as const) {
        await forceState(db.db, id, from);
        const to = CUSTOMER_ACTION_TARGET[action];
        const allowed = canTransition(from, to, 'customer', action);
        const res = await api(app, 'POST', `/api/order/${id}/${action}`, { token: customer.token });
        await expectMove(from, to, allowed, res, 'customer', action);
        if (allowed) exercised.add(`${from}>${to}>customer>${action}`);
      }
      // customer additions
      await forceState(db.db, id, from);
      {
        const allowed = canTransition(from, 'modified', 'customer', 'add');
        const res = await api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: cat.exact, quantity: 1 }] } });
        await expectMove(from, 'modified', allowed, res, 'customer', 'add');
        if (allowed) exercised.add(`${from}>modified>customer>add`);
      }
      // staff generic moves to every state
      for (const to of ORDER_STATES) {
        await forceState(db.db, id, from);
        const allowed = canTransition(from, to, 'staff', 'state');
        // rejecting and dismantling need the reason the customer reads (issue 32, item 6: staff-payments.test.ts)
        const res = await api(app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to, ...(staffMoveNeedsReason(to) ? { reason: 'Motivo de prueba' } : {}) } });
        await expectMove(from, to, allowed, res, 'staff', 'state');
        if (allowed) exercised.add(`${from}>${to}>staff>state`);
        // the customer can never use the staff route
        assert.equal((await api(app, 'POST', `/api/staff/orders/${id}/state`, { token: customer.token, body: { to } })).status, 403);
      }
      // staff budget
      await forceState(db.db, id, from);
      {
        const allowed = canTransition(from, 'review', 'staff', 'budget');
        const item = await firstItem(id);
        const res = await api(app, 'POST', `/api/staff/orders/${id}/budget`, {
          token: staff,
          body: { items: [{ itemId: item, quantity: 25, unitPrice: 2000, missing: false }], bonus: 0 },
        });
        await expectMove(from, 'review', allowed, res, 'staff', 'budget');
        if (allowed) exercised.add(`${from}>review>staff>budget`);
      }
    }
    const table = ORDER_TRANSITIONS.map((r) => `${r.from}>${r.to}>${r.by}>${r.via}`);
    assert.deepEqual([...exercised].sort(), [...table].sort(), 'every row of the table was exercised');
  });

  it('accept sets confirmedAt; staff may not use the customer routes on orders that are not theirs', async () => {
    const { app, db } = ctx();
    const id = await newOrder();
    await forceState(db.db, id, 'review');
    assert.equal((await api(app, 'POST', `/api/order/${id}/accept`, { token: staff })).status, 404);
    // an empty body with a JSON content type is accepted on these body-less routes
    const ok = await api(app, 'POST', `/api/order/${id}/accept`, { token: customer.token, payload: '', headers: { 'content-type': 'application/json' } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.message, 'Aceptaste el presupuesto');
    assert.ok(ok.body.data.confirmedAt);
    assert.equal((await api(app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to: 'nope' } })).status, 400);
    const broken = await api(app, 'POST', `/api/order/${id}/cancel`, { token: customer.token, payload: '{"a":', headers: { 'content-type': 'application/json' } });
    assert.deepEqual([broken.status, broken.body.message], [400, 'Los parametros son incorrectos']);
    const poisoned = await api(app, 'POST', '/api/order', { token: customer.token, payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } });
    assert.equal(poisoned.status, 400);
    assert.equal((await api(app, 'POST', `/api/staff/orders/999999/state`, { token: staff, body: { to: 'started' } })).status, 404);
  });

  it('the full life of an order, with its history', async () => {
    const { app } = ctx();
    const id = await newOrder();
    const move = (to: string) => api(app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to } });
    assert.equal((await move('started')).status, 200);
    const detail = (await api(app, 'GET', `/api/staff/orders/${id}`, { token: staff })).body.data;
    const budget = await api(app, 'POST', `/api/staff/orders/${id}/budget`, {
      token: staff,
      body: { items: [{ itemId: detail.items[0].id, quantity: 25, unitPrice: 2000, missing: false }], bonus: 0 },
    });
    assert.equal(budget.status, 200);
    assert.equal((await api(app, 'POST', `/api/order/${id}/accept`, { token: customer.token })).status, 200);
    assert.equal((await move('waiting')).status, 200);
    assert.equal((await move('shipped')).status, 200);
    const fin = await api(app, 'POST', `/api/order/${id}/finish`, { token: customer.token });
    assert.equal(fin.status, 200);
    assert.deepEqual(
      fin.body.data.history.map((h: any) => `${h.from ?? '-'}>${h.to}:${h.actor}`),
      ['->received:customer', 'received>started:staff', 'started>review:staff', 'review>accepted:customer', 'accepted>waiting:staff', 'waiting>shipped:staff', 'shipped>completed:customer'],
    );
    assert.deepEqual(fin.body.data.actions, { accept: false, cancel: false, finish: false, add: false, uploadProof: false, requestBudget: false });
    const at = fin.body.data.history.map((h: any) => Date.parse(h.at));
    assert.deepEqual(at, [...at].sort((a: number, b: number) => a - b), 'timestamps in order');
  });

  it('staff API permissions by role', async () => {
    const { app, db } = ctx();
    await createUser(db.db, 'empleado-estados@example.com', 'employee');
    await createUser(db.db, 'super@example.com', 'superadmin');
    const tokens = {
      none: null,
      customer: customer.token,
      vip: await login(app, 'vip@example.com'),
      orderemployee: staff,
      employee: await login(app, 'empleado-estados@example.com'),
      admin: await login(app, 'staff@example.com'),
      superadmin: await login(app, 'super@example.com'),
    };
    const id = await newOrder();
    const cases: [string, string, string, unknown, Record<keyof typeof tokens, number>][] = [
      ['GET', '/api/staff/orders', 'orders', undefined, { none: 401, customer: 403, vip: 403, orderemployee: 200, employee: 200, admin: 200, superadmin: 200 }],
      ['GET', `/api/staff/orders/${id}`, 'order', undefined, { none: 401, customer: 403, vip: 403, orderemployee: 200, employee: 200, admin: 200, superadmin: 200 }],
      ['GET', '/api/staff/config', 'config', undefined, { none: 401, customer: 403, vip: 403, orderemployee: 200, employee: 200, admin: 200, superadmin: 200 }],
      ['PATCH', '/api/staff/config', 'config write', { maintaince: false }, { none: 401, customer: 403, vip: 403, orderemployee: 403, employee: 403, admin: 200, superadmin: 200 }],
      ['PATCH', `/api/staff/products/${cat.cheap}`, 'product write', { state: 'active' }, { none: 401, customer: 403, vip: 403, orderemployee: 403, employee: 200, admin: 200, superadmin: 200 }],
      ['POST', `/api/staff/orders/${id}/remit`, 'remit', { trackingNumber: 'X' }, { none: 401, customer: 403, vip: 403, orderemployee: 409, employee: 409, admin: 409, superadmin: 409 }],
    ];
    for (const [method, url, label, body, expected] of cases) {
      for (const [who, token] of Object.entries(tokens)) {
        const res = await api(app, method as 'GET', url, { token, body });
        assert.equal(res.status, expected[who as keyof typeof tokens], `${label} as ${who}: ${res.raw}`);
        if (res.status === 403) assert.equal(res.body.message, 'No tienes los permisos necesarios');
      }
    }
  });

  it('additions: unlimited while received', async () => {
    const { app } = ctx();
    const id = await newOrder();
    for (let i = 0; i < 6; i++) {
      const r = await api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: cat.cheap, quantity: 1 }] } });
      assert.equal(r.status, 200, `addition ${i + 1}: ${r.raw}`);
      assert.equal(r.body.data.state, 'modified');
      assert.deepEqual(r.body.data.additions, { stage: 'received', used: i + 1, limit: null, remaining: null });
    }
    const [row] = await ctx().db.db.select().from(orders).where(eq(orders.id, id));
    assert.equal(row!.additionsCount, 6);
    const d = (await api(app, 'GET', `/api/order/${id}`, { token: customer.token })).body.data;
    assert.deepEqual(d.items.map((i: any) => [i.productId, i.quantity]), [[cat.exact, 25], [cat.cheap, 6]]);
    // only one history row for received → modified: staying in modified is not a move
    assert.deepEqual(d.history.map((h: any) => h.to), ['received', 'modified']);
  });

  it('additions: 3 while started (also while modified from started), then 1 in review, 1 prepared', async () => {
    const { app } = ctx();
    const id = await newOrder();
    const add = () => api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: cat.cheap, quantity: 1 }] } });
    const staffMove = (to: string) => api(app, 'POST', `/api/staff/orders/${id}/state`, { token: staff, body: { to } });
    const budget = async () => {
      const d = (await api(app, 'GET', `/api/staff/orders/${id}`, { token: staff })).body.data;
      const r = await api(app, 'POST', `/api/staff/orders/${id}/budget`, {
        token: staff,
        body: { items: d.items.map((i: any) => ({ itemId: i.id, quantity: i.quantity, unitPrice: i.unitPrice, missing: false })), bonus: 0 },
      });
      assert.equal(r.status, 200, r.raw);
    };
    const exhausted = { success: false, message: 'Este pedido ya no admite más agregados en su estado actual', code: 'ADDITIONS_EXHAUSTED' };

    assert.equal((await staffMove('started')).status, 200);
    for (let i = 1; i <= 3; i++) {
      const r = await add();
      assert.equal(r.status, 200, r.raw);
      assert.equal(r.body.data.additions.used, i);
      assert.equal(r.body.data.additions.remaining, 3 - i);
      if (i < 3) assert.equal((await staffMove('started')).status, 200);
    }
    // modified (from started): no more
    assert.deepEqual((await add()).body, exhausted);
    assert.equal((await staffMove('started')).status, 200);
    const fourth = await add();
    assert.deepEqual([fourth.status, fourth.body], [409, exhausted]);
    const d = (await api(app, 'GET', `/api/order/${id}`, { token: customer.token })).body.data;
    assert.equal(d.actions.add, false);

    // review: 1
    await budget();
    assert.equal((await add()).status, 200);
    await budget();
    assert.deepEqual((await add()).body, exhausted);

    // prepared and notified (accepted, waiting): 1 between them
    assert.equal((await api(app, 'POST', `/api/order/${id}/accept`, { token: customer.token })).status, 200);
    assert.equal((await add()).status, 200);
    await budget();
    assert.equal((await api(app, 'POST', `/api/order/${id}/accept`, { token: customer.token })).status, 200);
    assert.deepEqual((await add()).body, exhausted);
    assert.equal((await staffMove('waiting')).status, 200);
    assert.deepEqual((await add()).body, exhausted);
    // shipped: the move does not exist
    assert.equal((await staffMove('shipped')).status, 200);
    assert.deepEqual((await add()).body, { success: false, message: illegalTransitionMessage('shipped', 'modified'), code: 'ILLEGAL_TRANSITION' });
  });

  it('additions: waiting alone allows 1', async () => {
    const { app, db } = ctx();
    const id = await newOrder();
    await forceState(db.db, id, 'waiting');
    const add = () => api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: cat.cheap, quantity: 1 }] } });
    assert.equal((await add()).status, 200);
    assert.equal((await add()).status, 409);
  });

  it('an addition reprices the whole order with lib/pricing (tiers over the combined units)', async () => {
    const { app, db } = ctx();
    const id = await newOrder(customer.token, customer.billingId, [
      { id: cat.varA, quantity: 20 },
      { id: cat.exact, quantity: 10 },
    ]);
    let d = (await api(app, 'GET', `/api/order/${id}`, { token: customer.token })).body.data;
    assert.deepEqual(d.items.map((i: any) => i.unitPrice), [2000, 2000]);
    assert.equal(d.subtotal, 60_000);
    // +10 of the other variation: 30 units of the parent reach the $ 1.700 tier for both
    const r = await api(app, 'POST', `/api/order/${id}/add`, {
      token: customer.token,
      body: { products: [{ id: cat.varB, quantity: 10, price: 0.01 }] },
    });
    assert.equal(r.status, 200, r.raw);
    d = r.body.data;
    assert.deepEqual(
      d.items.map((i: any) => [i.variationName, i.quantity, i.unitPrice]),
      [
        ['Lavanda', 20, 1700],
        [null, 10, 2000],
        ['Rosa', 10, 1700],
      ],
    );
    assert.equal(d.subtotal, 71_000);
    assert.equal(d.vat, 14_910);
    assert.equal(d.finalTotal, 85_910);
    // the same product again: one line, its quantity raised, rules checked on the sum (step product)
    const again = await api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: cat.varA, quantity: 5 }] } });
    assert.deepEqual(again.body.data.items.map((i: any) => [i.productId, i.quantity, i.requestedQuantity]), [
      [cat.varA, 25, 25],
      [cat.exact, 10, 10],
      [cat.varB, 10, 10],
    ]);
    // invalid additions are refused like a new order's lines, and change nothing
    for (const [product, message] of [
      [cat.hidden, /no está disponible/],
      [cat.noStock, /no tiene stock/],
      [cat.variable, /Elegí una variante/],
    ] as const) {
      const bad = await api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: product, quantity: 1 }] } });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, message);
    }
    const stepBad = await api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [{ id: cat.step, quantity: 7 }] } });
    assert.equal(stepBad.status, 400);
    const [row] = await db.db.select().from(orders).where(and(eq(orders.id, id)));
    assert.equal(row!.additionsCount, 2, 'refused additions are not counted');
    assert.equal((await api(app, 'POST', `/api/order/${id}/add`, { token: customer.token, body: { products: [] } })).status, 400);
  });

  it('the VIP keeps VIP tiers when adding', async () => {
    const { app } = ctx();
    const vip = await login(app, 'vip@example.com');
    const vipBilling = (await api(app, 'GET', '/api/user/myBillingData', { token: vip })).body.data[0].id;
    const id = await newOrder(vip, vipBilling, [
      { id: cat.simple, quantity: 40 },
      { id: cat.exact, quantity: 10 },
    ]);
    const r = await api(app, 'POST', `/api/order/${id}/add`, { token: vip, body: { products: [{ id: cat.simple, quantity: 10 }] } });
    assert.equal(r.status, 200, r.raw);
    assert.equal(r.body.data.items[0].unitPrice, 850);
  });
});
