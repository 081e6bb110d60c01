/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Checkout data: saved addresses (create, list, edit, delete; someone else's → 404; addresses used by
 * orders are archived, never rewritten), billing data (CUIT/CUIL check digit, DNI format, duplicates
 * 'Ya tenemos registrado ese CUIT/CUIL/DNI'), and the transport list.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addresses, transports } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, login, orderSuite, type Customer, type TestCatalogue } from './orders-fixtures';

const ADDRESS = {
  province: 'Misiones',
  city: 'Posadas',
  street: 'Av. Mitre',
  number: '1234',
  postalCode: 'N3300',
  floor: '2° A',
  extraData: 'Portón verde',
};

describeEachDb('direcciones, facturación y transportes', (ctx) => {
  let cat: TestCatalogue, me: Customer, other: Customer;
  before(async () => {
    const emails = { me: 'direcciones@example.com', other: 'otra.persona@example.com' };
    ({ cat, customers: { me, other } } = await orderSuite(ctx().app, ctx().db.db, emails));
  });

  it('defaults: one address and one billing record per customer, mine only', async () => {
    const { app } = ctx();
    const mk = async () => (await api(app, 'POST', '/api/address', { token: me.token, body: ADDRESS })).body.data.id as number;
    const [a1, a2] = [await mk(), await mk()];
    const first = await api(app, 'PATCH', `/api/address/${a1}/default`, { token: me.token });
    assert.equal(first.status, 200, first.raw);
    assert.equal(first.body.data.isDefault, true);
    assert.equal((await api(app, 'PATCH', `/api/address/${a2}/default`, { token: me.token })).status, 200);
    const list = (await api(app, 'GET', '/api/address/myAddresses', { token: me.token })).body.data as { id: number; isDefault: boolean }[];
    assert.deepEqual(list.filter((x) => x.isDefault).map((x) => x.id), [a2], 'one default: the newest choice');
    assert.equal((await api(app, 'PATCH', `/api/address/${a1}/default`, { token: other.token })).status, 404, "someone else's address");
    assert.equal((await api(app, 'PATCH', `/api/address/${a1}/default`)).status, 401);
    assert.equal((await api(app, 'PATCH', '/api/address/abc/default', { token: me.token })).status, 400);

    const billing = (await api(app, 'GET', '/api/user/myBillingData', { token: me.token })).body.data as { id: number; isDefault: boolean }[];
    assert.equal(billing.every((b) => b.isDefault === false), true);
    const b = await api(app, 'PATCH', `/api/billing/${billing[0]!.id}/default`, { token: me.token });
    assert.equal(b.status, 200, b.raw);
    assert.equal(b.body.data.isDefault, true);
    assert.equal((await api(app, 'PATCH', `/api/billing/${billing[0]!.id}/default`, { token: other.token })).status, 404);
    for (const id of [a1, a2]) await api(app, 'DELETE', `/api/address/${id}`, { token: me.token });
  });

  it('addresses: create, list, edit, delete — mine only', async () => {
    const { app } = ctx();
    assert.equal((await api(app, 'GET', '/api/address/myAddresses')).status, 401);
    const created = await api(app, 'POST', '/api/address', { token: me.token, body: { ...ADDRESS, userId: other.id, state: 'archived' } });
    assert.equal(created.status, 201, created.raw);
    assert.equal(created.body.message, 'Dirección creada');
    const a = created.body.data;
    assert.deepEqual({ ...a, id: 0, createdAt: '' }, { ...ADDRESS, id: 0, state: 'active', isDefault: false, createdAt: '' });
    let list = (await api(app, 'GET', '/api/address/myAddresses', { token: me.token })).body.data;
    assert.deepEqual(list.map((x: any) => x.id), [me.addressId, a.id]);
    assert.ok(!(await api(app, 'GET', '/api/address/myAddresses', { token: other.token })).body.data.some((x: any) => x.id === a.id));

    const edited = await api(app, 'PUT', `/api/address/${a.id}`, { token: me.token, body: { ...ADDRESS, floor: '', extraData: null, number: '99' } });
    assert.equal(edited.status, 200, edited.raw);
    assert.deepEqual([edited.body.data.id, edited.body.data.number, edited.body.data.floor, edited.body.data.extraData], [a.id, '99', null, null]);

    assert.equal((await api(app, 'PUT', `/api/address/${a.id}`, { token: other.token, body: ADDRESS })).status, 404);
    assert.equal((await api(app, 'DELETE', `/api/address/${a.id}`, { token: other.token })).status, 404);
    assert.equal((await api(app, 'PUT', '/api/address/999999', { token: me.token, body: ADDRESS })).status, 404);

    const del = await api(app, 'DELETE', `/api/address/${a.id}`, { token: me.token });
    assert.deepEqual(del.body, { success: true, message: 'Dirección eliminada' });
    list = (await api(app, 'GET', '/api/address/myAddresses', { token: me.token })).body.data;
    assert.deepEqual(list.map((x: any) => x.id), [me.addressId]);
    assert.equal((await api(app, 'DELETE', `/api/address/${a.id}`, { token: me.token })).status, 404);
  });

  it('addresses: validation', async () => {
    const { app } = ctx();
    for (const body of [
      {},
      { ...ADDRESS, province: '' },
      { ...ADDRESS, street: '   ' },
      { ...ADDRESS, postalCode: 'x'.repeat(13) },
      { ...ADDRESS, city: 5 },
      { ...ADDRESS, extraData: 'x'.repeat(301) },
      { ...ADDRESS, state: 'deleted' },
      { ...ADDRESS, street: 'a\u0000b' },
    ]) {
      const res = await api(app, 'POST', '/api/address', { token: me.token, body });
      assert.deepEqual([res.status, res.body.message], [400, 'Los parametros son incorrectos'], JSON.stringify(body));
    }
  });

  it('an address used by an order is archived on edit or delete, and the order keeps it', async () => {
    const { app, db } = ctx();
    const a = (await api(app, 'POST', '/api/address', { token: me.token, body: ADDRESS })).body.data;
    const o = await api(app, 'POST', '/api/order', {
      token: me.token,
      body: { products: [{ id: cat.exact, quantity: 65 }], billingDataId: me.billingId, toSucc: false, addressId: a.id, transportId: -1, otherTransport: 'Expreso' },
    });
    assert.equal(o.status, 201, o.raw);
    assert.ok(o.body.data.iibb > 0, 'Misiones');

    const edited = await api(app, 'PUT', `/api/address/${a.id}`, { token: me.token, body: { ...ADDRESS, province: 'Corrientes' } });
    assert.equal(edited.status, 200);
    assert.notEqual(edited.body.data.id, a.id, 'a new address');
    const [old] = await db.db.select().from(addresses).where(eq(addresses.id, a.id));
    assert.deepEqual([old!.state, old!.province], ['archived', 'Misiones']);
    const order = (await api(app, 'GET', `/api/order/${o.body.data.id}`, { token: me.token })).body.data;
    assert.deepEqual([order.address.id, order.address.province, order.address.state], [a.id, 'Misiones', 'archived']);
    // an archived address can no longer be chosen (nor edited)
    const again = await api(app, 'POST', '/api/order', {
      token: me.token,
      body: { products: [{ id: cat.exact, quantity: 65 }], billingDataId: me.billingId, toSucc: false, addressId: a.id, transportId: -1, otherTransport: 'Expreso' },
    });
    assert.equal(again.status, 404);
    assert.equal((await api(app, 'PUT', `/api/address/${a.id}`, { token: me.token, body: ADDRESS })).status, 404);

    // delete of a used address archives it
    const b = edited.body.data;
    await api(app, 'POST', '/api/order', {
      token: me.token,
      body: { products: [{ id: cat.exact, quantity: 65 }], billingDataId: me.billingId, toSucc: false, addressId: b.id, transportId: -1, otherTransport: 'Expreso' },
    });
    assert.equal((await api(app, 'DELETE', `/api/address/${b.id}`, { token: me.token })).status, 200);
    const [bRow] = await db.db.select().from(addresses).where(eq(addresses.id, b.id));
    assert.equal(bRow!.state, 'archived');
  });

  it('billing data: CUIT/CUIL check digit, DNI format, duplicates, mine only', async () => {
    const { app } = ctx();
    const post = (token: string, body: unknown) => api(app, 'POST', '/api/billing', { token, body });
    const ok = await post(me.token, { taxCondition: 'Responsable Inscripto', documentType: 'CUIT', number: '30-71234567-1' });
    assert.equal(ok.status, 201, ok.raw);
    assert.equal(ok.body.message, 'Datos de facturación creados');
    assert.deepEqual(
      [ok.body.data.documentType, ok.body.data.documentNumber, ok.body.data.number, ok.body.data.taxCondition],
      ['CUIT', '30712345671', '30-71234567-1', 'Responsable Inscripto'],
    );
    assert.deepEqual((await post(me.token, { taxCondition: 'Monotributista', documentType: 'CUIT', number: '30-71234567-4' })).body, {
      success: false,
      message: 'El CUIT no es válido',
      code: 'INVALID_DOCUMENT',
    });
    assert.deepEqual((await post(me.token, { taxCondition: 'Monotributista', documentType: 'CUIL', number: '30712345671' })).body.message, 'El CUIL no es válido');
    assert.deepEqual((await post(me.token, { taxCondition: 'Consumidor Final', documentType: 'DNI', number: '123' })).body.message, 'El DNI no es válido (7 u 8 números)');
    // duplicates, with any formatting, by anyone: 409
    for (const [token, number] of [
      [me.token, '30712345671'],
      [other.token, '30 71234567 1'],
    ] as const) {
      const dup = await post(token, { taxCondition: 'Exento', documentType: 'CUIT', number });
      assert.deepEqual([dup.status, dup.body.message], [409, 'Ya tenemos registrado ese CUIT/CUIL/DNI']);
    }
    // the demo customer's CUIT is taken too
    assert.equal((await post(other.token, { taxCondition: 'Exento', documentType: 'CUIL', number: '27-30123456-8' })).status, 409);
    const dni = await post(me.token, { taxCondition: 'Consumidor Final', documentType: 'DNI', number: '30.123.456' });
    assert.equal(dni.status, 201);
    assert.deepEqual([dni.body.data.documentNumber, dni.body.data.number], ['30123456', '30.123.456']);
    for (const body of [
      { taxCondition: 'Otro', documentType: 'DNI', number: '30123457' },
      { taxCondition: 'Exento', documentType: 'PASAPORTE', number: '30123457' },
      { taxCondition: 'Exento', documentType: 'DNI' },
      { taxCondition: 'Exento', documentType: 'DNI', number: '' },
    ]) {
      assert.deepEqual((await post(me.token, body)).body.message, 'Los parametros son incorrectos', JSON.stringify(body));
    }
    const mine = (await api(app, 'GET', '/api/user/myBillingData', { token: me.token })).body.data;
    assert.deepEqual(mine.map((b: any) => b.id), [me.billingId, ok.body.data.id, dni.body.data.id]);
    assert.equal((await api(app, 'GET', '/api/user/myBillingData')).status, 401);

    // delete: mine only, not when used by an order
    assert.equal((await api(app, 'DELETE', `/api/billing/${dni.body.data.id}`, { token: other.token })).status, 404);
    assert.deepEqual((await api(app, 'DELETE', `/api/billing/${dni.body.data.id}`, { token: me.token })).body, {
      success: true,
      message: 'Datos de facturación eliminados',
    });
    const used = await api(app, 'POST', '/api/order', { token: me.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: ok.body.data.id } });
    assert.equal(used.status, 201);
    assert.deepEqual((await api(app, 'DELETE', `/api/billing/${ok.body.data.id}`, { token: me.token })).body, {
      success: false,
      message: 'Estos datos de facturación se usan en pedidos y no se pueden borrar',
      code: 'BILLING_IN_USE',
    });
    // a deleted number can be registered again
    assert.equal((await post(other.token, { taxCondition: 'Consumidor Final', documentType: 'DNI', number: '30123456' })).status, 201);
  });

  it('transports: fathers then children; a child of a disabled father is disabled', async () => {
    const { app, db } = ctx();
    const res = await api(app, 'GET', '/api/transport/names');
    assert.equal(res.status, 200);
    const list = res.body.data;
    assert.ok(list.length >= 5);
    for (const t of list) assert.deepEqual(Object.keys(t).sort(), ['fatherId', 'id', 'isAble', 'name']);
    const seen = new Set<number>();
    for (const t of list) {
      if (t.fatherId !== null) assert.ok(seen.has(t.fatherId), 'children follow their father');
      seen.add(t.id);
    }
    assert.ok(list.some((t: any) => !t.isAble));
    // disable a father: its children become unusable
    const father = list.find((t: any) => list.some((c: any) => c.fatherId === t.id));
    const child = list.find((t: any) => t.fatherId === father.id);
    await db.db.update(transports).set({ isAble: false }).where(eq(transports.id, father.id));
    const after = (await api(app, 'GET', '/api/transport/names')).body.data;
    assert.equal(after.find((t: any) => t.id === child.id).isAble, false);
    const token = await login(app, 'cliente@example.com');
    const billing = (await api(app, 'GET', '/api/user/myBillingData', { token })).body.data[0].id;
    const address = (await api(app, 'GET', '/api/address/myAddresses', { token })).body.data[0].id;
    const r = await api(app, 'POST', '/api/order', {
      token,
      body: { products: [{ id: cat.exact, quantity: 50 }], billingDataId: billing, toSucc: false, addressId: address, transportId: child.id },
    });
    assert.deepEqual([r.status, r.body.message], [400, 'Transporte deshabilitado']);
    await db.db.update(transports).set({ isAble: true }).where(eq(transports.id, father.id));
  });
});
