/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * The staff orders filter cuts days in the shop's time zone (issue 18 item 7): an order placed at 22:30
 * in Buenos Aires (01:30 UTC the next day) is an order of the day it was placed there.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, createCustomer, insertTestCatalogue, login, setMinimums } from './orders-fixtures';

describeEachDb('personal: filtro de fechas en el huso de la tienda', (ctx) => {
  let staff: string;
  let number: number;

  before(async () => {
    const { app, db } = ctx();
    await setMinimums(db.db);
    const cat = await insertTestCatalogue(db.db);
    const buyer = await createCustomer(app, db.db, { email: 'noche.fechas@example.com' });
    staff = await login(app, 'staff@example.com');
    const r = await api(app, 'POST', '/api/order', { token: buyer.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: buyer.billingId } });
    assert.equal(r.status, 201, r.raw);
    number = r.body.data.number;
    // 22:30 on the 24th in Buenos Aires
    await db.db.update(orders).set({ createdAt: new Date('2026-11-25T01:30:00Z') }).where(eq(orders.id, r.body.data.id));
  });

  const found = async (query: string) => {
    const r = await api(ctx().app, 'GET', `/api/staff/orders?q=${number}&${query}`, { token: staff });
    assert.equal(r.status, 200, r.raw);
    return r.body.data.items.map((o: any) => o.number).includes(number);
  };

  it('una compra a las 22:30 del 24 (01:30 UTC del 25) es del 24', async () => {
    assert.equal(await found('from=2026-11-24&to=2026-11-24'), true, 'in the 24th');
    assert.equal(await found('from=2026-11-25&to=2026-11-25'), false, 'not in the 25th');
    assert.equal(await found('to=2026-11-24'), true);
    assert.equal(await found('from=2026-11-25'), false);
  });

  it('una fecha y hora sin huso es la hora de la tienda; con huso, exacta', async () => {
    assert.equal(await found('from=2026-11-24T22:00&to=2026-11-24T23:00'), true);
    assert.equal(await found('from=2026-11-24T23:00'), false);
    assert.equal(await found(`from=${encodeURIComponent('2026-11-25T01:00:00Z')}&to=${encodeURIComponent('2026-11-25T02:00:00Z')}`), true);
  });
});
