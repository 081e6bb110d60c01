/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Issue 23 §1–2: POST /api/order/:id/reorder (owner only, a preview at today's prices and rules) and
 * POST /api/quick-order (JSON lines, CSV and XLSX files; limits; guest and VIP tiers).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { products } from '../db/schema';
import { describeEachDb } from './helpers';
import { api, createCustomer, insertTestCatalogue, login, multipart, setMinimums, type TestCatalogue } from './orders-fixtures';

async function xlsx(rows: (string | number | { formula: string; result?: number })[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Pedido');
  for (const r of rows) sheet.addRow(r);
  wb.addWorksheet('Otra').addRow(['NO-ES-ESTA', 99]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeEachDb('pedidos mayoristas: volver a pedir y pedido rápido', (ctx) => {
  let cat: TestCatalogue;
  let sku: (id: number) => Promise<string>;
  let cliente: string;
  let vip: string;
  let staff: string;
  before(async () => {
    const db = ctx().db.db;
    cat = await insertTestCatalogue(db);
    await setMinimums(db, 0, 0);
    cliente = await login(ctx().app, 'cliente@example.com');
    vip = await login(ctx().app, 'vip@example.com');
    staff = await login(ctx().app, 'staff@example.com');
    sku = async (id) => (await db.select({ sku: products.sku }).from(products).where(eq(products.id, id)))[0]!.sku;
  });

  const quick = (token: string | null, body: unknown) => api(ctx().app, 'POST', '/api/quick-order', { token, body });
  const upload = (token: string | null, content: Buffer, filename = 'pedido.csv') => {
    const m = multipart([{ name: 'file', filename, content }]);
    return api(ctx().app, 'POST', '/api/quick-order', { token, payload: m.payload, headers: m.headers });
  };

  /* ----------------------------------------------------------- reorder */

  async function placeOrder(token: string, lines: { id: number; quantity: number }[]): Promise<number> {
    const billing = (await api(ctx().app, 'GET', '/api/user/myBillingData', { token })).body.data[0].id;
    const res = await api(ctx().app, 'POST', '/api/order', { token, body: { products: lines, billingDataId: billing } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }

  it('reorder: guest 401, another customer and staff 404, unknown order 404, bad id 400', async () => {
    const orderId = await placeOrder(cliente, [{ id: cat.exact, quantity: 3 }]);
    assert.equal((await api(ctx().app, 'POST', `/api/order/${orderId}/reorder`)).status, 401);
    const other = await createCustomer(ctx().app, ctx().db.db, { email: `otro-${Date.now()}@example.com` });
    const res = await api(ctx().app, 'POST', `/api/order/${orderId}/reorder`, { token: other.token });
    assert.equal(res.status, 404);
    assert.equal(res.body.success, false);
    assert.equal((await api(ctx().app, 'POST', `/api/order/${orderId}/reorder`, { token: staff })).status, 404);
    assert.equal((await api(ctx().app, 'POST', `/api/order/99999999/reorder`, { token: cliente })).status, 404);
    assert.equal((await api(ctx().app, 'POST', `/api/order/abc/reorder`, { token: cliente })).status, 400);
  });

  it('reorder: today’s prices up/down, snapped quantities, and the lines that cannot be added; saves nothing', async () => {
    const db = ctx().db.db;
    // own copies of products so the other tests keep theirs
    const [a] = await db.insert(products).values({ sku: `RO-A-${Date.now()}`, name: 'Reorden A', slug: `reorden-a-${Date.now()}`, priceCents: 100_000 }).returning();
    const [b] = await db.insert(products).values({ sku: `RO-B-${Date.now()}`, name: 'Reorden B', slug: `reorden-b-${Date.now()}`, priceCents: 100_000 }).returning();
    const [c] = await db.insert(products).values({ sku: `RO-C-${Date.now()}`, name: 'Reorden C', slug: `reorden-c-${Date.now()}`, priceCents: 100_000 }).returning();
    const [d] = await db.insert(products).values({ sku: `RO-D-${Date.now()}`, name: 'Reorden D', slug: `reorden-d-${Date.now()}`, priceCents: 100_000 }).returning();
    const orderId = await placeOrder(cliente, [
      { id: a!.id, quantity: 7 },
      { id: b!.id, quantity: 5 },
      { id: c!.id, quantity: 2 },
      { id: d!.id, quantity: 1 },
      { id: cat.varA, quantity: 2 },
    ]);
    const before = await api(ctx().app, 'GET', `/api/order/${orderId}`, { token: cliente });
    await db.update(products).set({ priceCents: 120_000, steps: 5, min: 5 }).where(eq(products.id, a!.id)); // up, 7 → 5
    await db.update(products).set({ discountCents: 90_000 }).where(eq(products.id, b!.id)); // down
    await db.update(products).set({ state: 'hidden' }).where(eq(products.id, c!.id));
    await db.update(products).set({ state: 'noStock' }).where(eq(products.id, d!.id));
    await db.delete(products).where(eq(products.id, cat.varA)); // the variation is gone

    const res = await api(ctx().app, 'POST', `/api/order/${orderId}/reorder`, { token: cliente });
    assert.equal(res.status, 200, res.raw);
    const p = res.body.data;
    assert.equal(p.orderId, orderId);
    const byName = Object.fromEntries(p.lines.map((l: any) => [l.variationName ?? l.name, l]));
    assert.deepEqual(
      [byName['Reorden A'].unitPrice, byName['Reorden A'].paidUnitPrice, byName['Reorden A'].change, byName['Reorden A'].quantity, byName['Reorden A'].snapped.reason],
      [1200, 1000, 'up', 5, 'step'],
    );
    assert.equal(byName['Reorden A'].product.path.endsWith(a!.slug), true);
    assert.deepEqual([byName['Reorden B'].unitPrice, byName['Reorden B'].change, byName['Reorden B'].snapped], [900, 'down', null]);
    assert.deepEqual([byName['Reorden C'].addable, byName['Reorden C'].skipReason, byName['Reorden C'].product], [false, 'hidden', null]);
    assert.deepEqual([byName['Reorden D'].addable, byName['Reorden D'].skipReason], [false, 'noStock']);
    assert.deepEqual([byName['Lavanda'].addable, byName['Lavanda'].skipReason], [false, 'variationGone']);
    assert.equal(p.addableCount, 2);
    assert.equal(p.skippedCount, 3);
    assert.equal(p.total, 5 * 1200 + 5 * 900);
    // nothing saved: the order reads the same
    const after = await api(ctx().app, 'GET', `/api/order/${orderId}`, { token: cliente });
    const shape = (o: any) => o.items.map((i: any) => [i.id, i.quantity, i.requestedQuantity, i.unitPrice, i.lineTotal]);
    assert.deepEqual(shape(after.body.data), shape(before.body.data));
    assert.equal(after.body.data.finalTotal, before.body.data.finalTotal);
    assert.equal(after.body.data.updatedAt, before.body.data.updatedAt);
  });

  it('reorder prices at the customer’s own tier (VIP)', async () => {
    const v = await placeOrder(vip, [{ id: cat.simple, quantity: 60 }]);
    const res = await api(ctx().app, 'POST', `/api/order/${v}/reorder`, { token: vip });
    assert.equal(res.body.data.lines[0].unitPrice, 850);
    assert.equal(res.body.data.lines[0].change, 'same');
  });

  /* ------------------------------------------------------- quick order */

  it('quick order (JSON): one result per merged SKU with tier prices and per-line problems', async () => {
    const lines = [
      { sku: (await sku(cat.simple)).toLowerCase(), quantity: 30, row: 1 },
      { sku: await sku(cat.simple), quantity: 30, row: 2 }, // duplicate: 60 in all → tier 50+
      { sku: 'NO-EXISTE-123', quantity: 5, row: 3 },
      { sku: await sku(cat.hidden), quantity: 5, row: 4 },
      { sku: await sku(cat.noStock), quantity: 5, row: 5 },
      { sku: await sku(cat.step), quantity: 13, row: 6 },
      { sku: await sku(cat.step), quantity: 0, row: 7 }, // merged with row 6: 13
      { sku: await sku(cat.variable), quantity: 5, row: 8 },
      { sku: await sku(cat.exact), quantity: 5001, row: 9 },
      { sku: await sku(cat.varB), quantity: 2, row: 10 },
    ];
    const guest = await quick(null, { lines });
    assert.equal(guest.status, 200, guest.raw);
    const r = guest.body.data;
    assert.deepEqual(
      r.lines.map((l: any) => [l.rows, l.problem, l.nearest]),
      [
        [[1, 2], null, []],
        [[3], 'unknownSku', []],
        [[4], 'hidden', []],
        [[5], 'noStock', []],
        [[6, 7], 'notMultiple', [12, 18]],
        [[8], 'variable', []],
        [[9], 'aboveMax', [5000]],
        [[10], null, []],
      ],
    );
    const simple = r.lines[0];
    assert.deepEqual([simple.quantity, simple.unitPrice, simple.lineTotal], [60, 950, 57_000]);
    assert.equal(simple.product.id, cat.simple);
    assert.equal(simple.product.offers.length, 2, 'the cart gets every tier and picks by the session');
    assert.equal(r.lines[2].name, null, 'a hidden product’s name stays private');
    assert.equal(r.lines[2].product, null);
    assert.deepEqual(r.lines[4].rule, { lowest: 12, highest: 120, step: 6 });
    assert.deepEqual([r.lines[7].unitPrice, r.lines[7].product.fatherId], [1800, cat.variable]);
    assert.deepEqual([r.validCount, r.errorCount, r.total], [2, 6, 57_000 + 3_600]);

    const asVip = (await quick(vip, { lines })).body.data;
    assert.equal(asVip.lines[0].unitPrice, 850, 'VIP tier for a VIP customer');
    const asCliente = (await quick(cliente, { lines })).body.data;
    assert.equal(asCliente.lines[0].unitPrice, 950, 'never the VIP tier for a regular customer');
  });

  it('quick order (JSON): wrong types, empty, too many lines and oversized bodies are 400 in Spanish', async () => {
    const s = await sku(cat.exact);
    for (const body of [
      {},
      { lines: [] },
      { lines: [{ sku: s, quantity: '5' }] },
      { lines: [{ sku: s, quantity: 1.5 }] },
      { lines: [{ sku: s, quantity: -1 }] },
      { lines: [{ sku: '', quantity: 1 }] },
      { lines: [{ sku: 12, quantity: 1 }] },
      { lines: 'SKU 1' },
      [{ sku: s, quantity: 1 }],
    ]) {
      const res = await quick(cliente, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.success, false);
      assert.match(res.body.message, /líneas|parametros/);
    }
    const many = await quick(cliente, { lines: Array.from({ length: 501 }, (_, i) => ({ sku: `X-${i}`, quantity: 1 })) });
    assert.equal(many.status, 400);
    assert.match(many.body.message, /hasta 500 líneas/);
    const huge = await api(ctx().app, 'POST', '/api/quick-order', {
      token: cliente,
      payload: JSON.stringify({ lines: [{ sku: 'A', quantity: 1 }], pad: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(huge.status, 400);
    assert.match(huge.body.message, /1 MB/);
    const broken = await api(ctx().app, 'POST', '/api/quick-order', { payload: '{"lines": [', headers: { 'content-type': 'application/json' } });
    assert.equal(broken.status, 400);
  });

  it('quick order (CSV): header by name, `;` separator, a BOM, duplicates merged, unreadable rows reported', async () => {
    const csv = `\uFEFFDescripción;Cantidad;SKU\r\nUno;12;${await sku(cat.step)}\r\n"Con ""comillas""; y punto y coma";6;${await sku(cat.step)}\r\nMal;doce;${await sku(cat.exact)}\r\n;;\r\n`;
    const res = await upload(cliente, Buffer.from(csv, 'utf8'));
    assert.equal(res.status, 200, res.raw);
    const r = res.body.data;
    assert.deepEqual(r.lines.map((l: any) => [l.quantity, l.rows, l.problem]), [[18, [2, 3], null]]);
    assert.deepEqual(r.rejected.map((x: any) => [x.row, x.problem]), [[4, 'noQuantity']]);
  });

  it('quick order (files): malformed CSV, empty file, binary, >1 MB, 10,000 rows → 400 in Spanish', async () => {
    const cases: [Buffer, RegExp, string?][] = [
      [Buffer.from('SKU;Cantidad\n"ABC;5\nDEF;3\n'), /mal formado.*fila 2/],
      [Buffer.from('SKU;Cantidad\nA"B"C;5\n'), /mal formado/],
      [Buffer.alloc(0), /ninguna línea|No seleccionaste/],
      [Buffer.from('SKU;Cantidad\n'), /ninguna línea/],
      [Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]), /XLSX o un CSV/],
      [Buffer.from('SKU;Cantidad\n' + 'ABC-1;1\n'.repeat(150_000)), /1 MB/],
      [Buffer.from('SKU;Cantidad\n' + Array.from({ length: 10_000 }, (_, i) => `S-${i};1`).join('\n')), /hasta 500 líneas/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), /No pudimos leer la planilla/, 'roto.xlsx'],
    ];
    for (const [content, message, name] of cases) {
      const res = await upload(null, content, name);
      assert.equal(res.status, 400, `${message}: ${res.raw}`);
      assert.match(res.body.message, message);
    }
    const noFile = multipart([{ name: 'note', value: 'hola' }]);
    const res = await api(ctx().app, 'POST', '/api/quick-order', { payload: noFile.payload, headers: noFile.headers });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /No seleccionaste un archivo/);
  });

  it('quick order (XLSX): first sheet, no header, cached formula values; a formula without a value or 10,000 rows → 400', async () => {
    const step = await sku(cat.step);
    const file = await xlsx([
      [step, 'Sahumerio', { formula: '6*2', result: 12 }],
      [await sku(cat.exact), 'Otro', 3],
    ]);
    const res = await upload(vip, file, 'pedido.xlsx');
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(
      res.body.data.lines.map((l: any) => [l.rows, l.quantity, l.problem, l.unitPrice]),
      [
        [[1], 12, null, 500],
        [[2], 3, null, 2000],
      ],
    );
    const uncached = await upload(null, await xlsx([[step, { formula: 'A1*2' }]]), 'f.xlsx');
    assert.equal(uncached.status, 400);
    assert.match(uncached.body.message, /fórmula sin valor calculado/);
    const big = await upload(null, await xlsx(Array.from({ length: 10_000 }, (_, i) => [`S-${i}`, 1])), 'big.xlsx');
    assert.equal(big.status, 400);
    assert.match(big.body.message, /hasta 500 líneas/);
  });

  it('quick order (XLSX): a zip bomb is refused before exceljs inflates it, also when its headers lie about the sizes', async () => {
    // 30 MB of one repeated letter deflates to ~30 kB: well under the 1 MB upload limit
    const bomb = await xlsx([[await sku(cat.step), 1, 'a'.repeat(30 * 1024 * 1024)]]);
    assert.ok(bomb.length < 1024 * 1024, `the upload is small (${bomb.length} bytes)`);
    const honest = await upload(null, bomb, 'bomba.xlsx');
    assert.equal(honest.status, 400, honest.raw);
    assert.match(honest.body.message, /demasiado grande al descomprimirla/);
    // every header claims 100 bytes: the real size is found while inflating, past the claim
    const lying = Buffer.from(bomb);
    for (let i = 0; i + 4 <= lying.length; i++) {
      const sig = lying.readUInt32LE(i);
      if (sig === 0x04034b50 && i + 26 <= lying.length) lying.writeUInt32LE(100, i + 22);
      if (sig === 0x02014b50 && i + 28 <= lying.length) lying.writeUInt32LE(100, i + 24);
    }
    const liar = await upload(null, lying, 'bomba.xlsx');
    assert.equal(liar.status, 400, liar.raw);
    assert.match(liar.body.message, /No pudimos leer la planilla|demasiado grande/);
  });
});
