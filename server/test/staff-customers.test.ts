/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Staff customers API: who may read, mark VIP and change roles (the demo accounts of every role), the
 * list's search / VIP filter / paging, one customer with their orders, bad inputs — and that a VIP
 * toggle changes the prices the customer gets on their very next request.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, createUser, login, loginDemo, orderSuite, userId, type Customer, type TestCatalogue } from './orders-fixtures';

describeEachDb('personal: clientes, VIP y roles', (ctx) => {
  let cat: TestCatalogue, ana: Customer;
  let tokens: Record<string, string>;
  before(async () => {
    const { app, db } = ctx();
    ({ cat, customers: { ana } } = await orderSuite(app, db.db, { ana: 'ana.clientes@example.com' }));
    tokens = await loginDemo(app, ['superadmin', 'admin', 'employee', 'orderemployee', 'customer', 'vip']);
  });

  const call = (who: string | null, method: 'GET' | 'PATCH', url: string, body?: unknown) =>
    api(ctx().app, method, url, { token: who ? tokens[who] : null, body });

  it('role matrix: users:read to read, users:write for VIP, roles:write (superadmin) for roles', async () => {
    const id = ana.id;
    const expect = async (who: string | null, method: 'GET' | 'PATCH', url: string, status: number, body?: unknown) => {
      const r = await call(who, method, url, body);
      assert.equal(r.status, status, `${who} ${method} ${url}: ${r.raw}`);
      if (status >= 400) assert.equal(typeof r.body.message, 'string');
      return r;
    };
    for (const url of ['/api/staff/customers', `/api/staff/customers/${id}`]) {
      await expect(null, 'GET', url, 401);
      await expect('customer', 'GET', url, 403);
      await expect('vip', 'GET', url, 403);
      const refused = await expect('orderemployee', 'GET', url, 403);
      assert.equal(refused.body.message, 'No tienes los permisos necesarios');
      for (const who of ['employee', 'admin', 'superadmin']) await expect(who, 'GET', url, 200);
    }
    for (const who of ['customer', 'orderemployee', 'employee']) await expect(who, 'PATCH', `/api/staff/customers/${id}/vip`, 403, { vip: true });
    await expect(null, 'PATCH', `/api/staff/customers/${id}/vip`, 401, { vip: true });
    for (const who of ['customer', 'orderemployee', 'employee', 'admin']) await expect(who, 'PATCH', `/api/staff/customers/${id}/role`, 403, { role: 'vipcustomer' });
    // staff listing is for who may change roles
    await expect('admin', 'GET', '/api/staff/customers?kind=staff', 403);
    const staff = await expect('superadmin', 'GET', '/api/staff/customers?kind=staff&rows=100', 200);
    const emails = staff.body.data.items.map((u: any) => u.email);
    for (const e of ['staff@example.com', 'admin@example.com', 'empleado@example.com', 'pedidos@example.com']) assert.ok(emails.includes(e), e);
    assert.ok(!emails.includes('cliente@example.com'));
    // what the detail offers: roles only to the superadmin, and never for themself
    assert.deepEqual((await call('admin', 'GET', `/api/staff/customers/${id}`)).body.data.assignableRoles, []);
    const offered = (await call('superadmin', 'GET', `/api/staff/customers/${id}`)).body.data.assignableRoles;
    assert.deepEqual(offered, ['superadmin', 'admin', 'employee', 'orderemployee', 'customer', 'vipcustomer']);
    const self = await userId(ctx().db.db, 'staff@example.com');
    assert.deepEqual((await call('superadmin', 'GET', `/api/staff/customers/${self}`)).body.data.assignableRoles, []);
  });

  it('lists customers only, searches by name, e-mail and CUIT (with or without dashes), filters VIP, pages', async () => {
    const list = async (q = '') => {
      const r = await call('admin', 'GET', `/api/staff/customers${q}`);
      assert.equal(r.status, 200, r.raw);
      return r.body.data;
    };
    const all = await list('?rows=100');
    const emails = all.items.map((u: any) => u.email);
    assert.ok(emails.includes('cliente@example.com') && emails.includes('vip@example.com') && emails.includes('ana.clientes@example.com'));
    assert.ok(!emails.includes('staff@example.com') && !emails.includes('pedidos@example.com'), 'staff are not customers');
    assert.equal(all.total, all.items.length);

    const vipOnly = await list('?vip=true&rows=100');
    assert.ok(vipOnly.items.length >= 1 && vipOnly.items.every((u: any) => u.isVip && u.role === 'vipcustomer'));
    const plain = await list('?vip=false&rows=100');
    assert.ok(plain.items.every((u: any) => !u.isVip));
    assert.equal(vipOnly.total + plain.total, all.total);

    assert.deepEqual((await list('?q=ANA.CLIENTES')).items.map((u: any) => u.id), [ana.id]);
    const byName = await list(`?q=${encodeURIComponent('Lucía Fernández')}`);
    assert.deepEqual(byName.items.map((u: any) => u.email), ['cliente@example.com']);
    // accents and case do not matter, either way round (issue 32, item 6)
    for (const q of ['fernandez', 'FERNANDEZ', 'lucia fernandez', 'Fernándéz', 'LUCÍA']) {
      assert.deepEqual((await list(`?q=${encodeURIComponent(q)}`)).items.map((u: any) => u.email), ['cliente@example.com'], q);
    }
    // vip@example.com's demo CUIT 30708090804, typed as on an invoice
    const byCuit = await list('?q=30-70809080-4');
    assert.deepEqual(byCuit.items.map((u: any) => u.email), ['vip@example.com']);
    assert.deepEqual(byCuit.items[0].documents, ['30708090804']);
    assert.equal((await list('?q=%25')).total, 0, 'LIKE wildcards are literal');
    assert.equal((await list('?q=30708090804&vip=false')).total, 0, 'filters combine');

    const p1 = await list('?rows=1&page=1');
    const p2 = await list('?rows=1&page=2');
    assert.equal(p1.items.length, 1);
    assert.equal(p1.totalPages, p1.total);
    assert.notEqual(p1.items[0].id, p2.items[0].id);

    for (const bad of ['?rows=0', '?rows=101', '?page=0', '?vip=yes', '?kind=admins', `?q=${'x'.repeat(101)}`, '?q=%00']) {
      const r = await call('admin', 'GET', `/api/staff/customers${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.message, 'Los parametros son incorrectos');
    }
  });

  it('one customer with addresses, billing data and orders; 404 / 400 for unknown or bad ids', async () => {
    const { app } = ctx();
    const order = await api(app, 'POST', '/api/order', { token: ana.token, body: { products: [{ id: cat.exact, quantity: 25 }, { id: cat.cheap, quantity: 3 }], billingDataId: ana.billingId } });
    assert.equal(order.status, 201, order.raw);
    const r = await call('employee', 'GET', `/api/staff/customers/${ana.id}`);
    assert.equal(r.status, 200, r.raw);
    const c = r.body.data;
    assert.equal(c.email, 'ana.clientes@example.com');
    assert.equal(c.emailVerified, true);
    assert.equal(c.addresses.length, 1);
    assert.equal(c.billing.length, 1);
    assert.equal(c.orderCount, 1);
    assert.deepEqual(
      c.orders.map((o: any) => [o.id, o.number, o.state, o.itemCount, o.finalTotal]),
      [[order.body.data.id, order.body.data.number, 'received', 2, order.body.data.finalTotal]],
    );
    // the same count as the board's (it once counted order_items whose own id matched: issue 32, item 8)
    const board = await call('employee', 'GET', `/api/staff/orders?q=${order.body.data.number}`);
    assert.equal(board.body.data.items.find((o: any) => o.id === order.body.data.id).itemCount, 2);
    // the board's search ignores accents too: Ana, renamed Núñez, is found as "nunez" and "ÑUÑEZ"
    await ctx().db.db.update(users).set({ lastname: 'Núñez' }).where(eq(users.id, ana.id));
    for (const q of ['nunez', 'ÑUÑEZ', 'Nunez']) {
      const found = await call('employee', 'GET', `/api/staff/orders?q=${encodeURIComponent(q)}&rows=100`);
      assert.equal(found.status, 200, found.raw);
      assert.ok(found.body.data.items.some((o: any) => o.id === order.body.data.id), q);
      assert.ok(found.body.data.items.every((o: any) => o.customer.lastname === 'Núñez'), q);
    }
    assert.ok(c.lastOrderAt);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal((await call('employee', 'GET', '/api/staff/customers/999999')).status, 404);
    for (const bad of ['0', 'abc', '-1', '1.5', '99999999999']) assert.equal((await call('employee', 'GET', `/api/staff/customers/${bad}`)).status, 400, bad);
  });

  it('VIP toggle: the customer gets VIP tier prices on the very next request, and loses them again', async () => {
    const { app } = ctx();
    const price = async () => {
      const r = await api(app, 'POST', '/api/order', { token: ana.token, body: { products: [{ id: cat.simple, quantity: 60 }], billingDataId: ana.billingId } });
      assert.equal(r.status, 201, r.raw);
      return r.body.data.items[0].unitPrice as number;
    };
    const me = async () => (await api(app, 'GET', '/api/user/me', { token: ana.token })).body.data.isVip as boolean;
    assert.equal(await price(), 950, '60 units: the public tier');
    assert.equal(await me(), false);

    const on = await call('admin', 'PATCH', `/api/staff/customers/${ana.id}/vip`, { vip: true });
    assert.equal(on.status, 200, on.raw);
    assert.equal(on.body.message, 'El cliente ahora es VIP');
    assert.equal(on.body.data.role, 'vipcustomer');
    assert.equal(on.body.data.isVip, true);
    // same token, no new login: the role is read per request and permissions are cached per role
    assert.equal(await price(), 850);
    assert.equal(await me(), true);
    const session = await api(app, 'GET', '/auth', { token: ana.token });
    assert.deepEqual(session.body.data.permissions, ['isVip']);

    const off = await call('superadmin', 'PATCH', `/api/staff/customers/${ana.id}/vip`, { vip: false });
    assert.equal(off.status, 200, off.raw);
    assert.equal(off.body.data.role, 'customer');
    assert.equal(await price(), 950);
    assert.equal(await me(), false);
  });

  it('VIP toggle refuses staff accounts, unknown users and bad bodies', async () => {
    const staffId = await userId(ctx().db.db, 'pedidos@example.com');
    const r = await call('admin', 'PATCH', `/api/staff/customers/${staffId}/vip`, { vip: true });
    assert.equal(r.status, 409);
    assert.equal(r.body.message, 'Sólo los clientes pueden ser VIP');
    assert.equal((await call('admin', 'PATCH', '/api/staff/customers/999999/vip', { vip: true })).status, 404);
    for (const body of [{}, { vip: 'true' }, { vip: 1 }, null]) {
      assert.equal((await call('admin', 'PATCH', `/api/staff/customers/${ana.id}/vip`, body)).status, 400, JSON.stringify(body));
    }
  });

  it('role changes: superadmin only, never their own, only roles that exist; effective on the next request', async () => {
    const { app, db } = ctx();
    const id = await createUser(db.db, 'futuro.empleado@example.com', 'customer');
    const token = await login(app, 'futuro.empleado@example.com');
    assert.equal((await api(app, 'GET', '/api/staff/orders', { token })).status, 403);

    const r = await call('superadmin', 'PATCH', `/api/staff/customers/${id}/role`, { role: 'orderemployee' });
    assert.equal(r.status, 200, r.raw);
    assert.equal(r.body.message, 'Rol actualizado');
    assert.equal(r.body.data.role, 'orderemployee');
    assert.equal((await api(app, 'GET', '/api/staff/orders', { token })).status, 200, 'same token, new role');
    assert.equal((await api(app, 'GET', '/api/staff/customers', { token })).status, 403, 'orderemployee: no users:read');

    const self = await userId(db.db, 'staff@example.com');
    const own = await call('superadmin', 'PATCH', `/api/staff/customers/${self}/role`, { role: 'customer' });
    assert.equal(own.status, 403);
    assert.equal(own.body.message, 'No podés cambiar tu propio rol');
    assert.equal((await call('superadmin', 'GET', '/api/staff/customers?kind=staff')).status, 200, 'still superadmin');

    for (const body of [{ role: 'root' }, { role: 'SUPERADMIN' }, { role: '' }, {}, { role: ['admin'] }]) {
      const bad = await call('superadmin', 'PATCH', `/api/staff/customers/${id}/role`, body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.message, 'Los parametros son incorrectos');
    }
    assert.equal((await call('superadmin', 'PATCH', '/api/staff/customers/999999/role', { role: 'admin' })).status, 404);

    const back = await call('superadmin', 'PATCH', `/api/staff/customers/${id}/role`, { role: 'customer' });
    assert.equal(back.status, 200);
    assert.equal((await api(app, 'GET', '/api/staff/orders', { token })).status, 403, 'demoted on the next request');
  });
});
