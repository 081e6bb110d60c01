/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Bulk price changes and the audit log (issue 24 §2; routes/staff/price-changes.ts, services/bulk-prices.ts):
 * the role matrix, preview (nothing written), the rule's validation, violations blocking the apply, the
 * apply (one transaction, an audit entry, the storefront revalidated), the undo and what wins after a later
 * manual edit (the manual edit: that row is skipped and listed), the CSV export (formulas neutralised) and
 * import (BOM, `;` and `,`, es-AR amounts, Windows-1252, binary, every bad row listed, 10,000 rows), and
 * the audit log's filters.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { auditLog, categories, offers, productCategories, products } from '../db/schema';
import { describeEachDb } from './helpers';
import { startFakeStorefront } from './fake-storefront';
import { api, EVERY_ROLE, insertTestCatalogue, login, multipart, tokensByRole, type TestCatalogue } from './orders-fixtures';

const storefront = await startFakeStorefront();
const received = storefront.calls;


let emailSeq = 0;
const email = (role: string) => `${role}.prices.${process.pid}.${++emailSeq}@example.com`;

describeEachDb('personal: cambios de precios masivos y auditoría', (ctx) => {
  let cat: TestCatalogue;
  let staff: string;
  let tokens: Record<string, string>;
  let category: { id: number; slug: string };
  const ids = () => [cat.simple, cat.variable, cat.varA, cat.varB];

  before(async () => {
    const { app, db } = ctx();
    cat = await insertTestCatalogue(db.db);
    staff = await login(app, 'staff@example.com');
    tokens = await tokensByRole(app, db.db, EVERY_ROLE, email);
    [category] = (await db.db
      .insert(categories)
      .values({ name: 'Precios de prueba', slug: `precios-prueba-${process.pid}-${Date.now()}` })
      .returning({ id: categories.id, slug: categories.slug })) as [{ id: number; slug: string }];
    await db.db.insert(productCategories).values([
      { productId: cat.simple, categoryId: category.id },
      { productId: cat.variable, categoryId: category.id },
    ]);
  });

  const post = (url: string, body: unknown, token: string | null = staff) => api(ctx().app, 'POST', `/api/staff${url}`, { token, body });
  const get = (url: string, token: string | null = staff) => api(ctx().app, 'GET', `/api/staff${url}`, { token });
  const rise10 = () => ({ selection: { category: category.id }, rule: { kind: 'percent', value: 10, fields: ['price'], rounding: 'none' } });
  const pricesOf = async (list: number[]) => {
    const rows = await ctx().db.db.select({ id: products.id, price: products.priceCents, discount: products.discountCents }).from(products).where(inArray(products.id, list));
    return Object.fromEntries(rows.map((r) => [r.id, [r.price, r.discount]]));
  };
  const upload = (url: string, content: Buffer | string, token: string | null = staff, filename = 'precios.csv') => {
    const m = multipart([{ name: 'file', filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), type: 'text/csv' }]);
    return api(ctx().app, 'POST', `/api/staff${url}`, { token, payload: m.payload, headers: m.headers });
  };
  /** Undo whatever change is still undoable, so each test starts from a clean slate. */
  const undoAll = async () => {
    for (;;) {
      const last = await get('/prices/last');
      const [row] = await ctx().db.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'prices.bulk')).limit(1);
      if (!last.body.data.entry || !row) return;
      const undoable = (await get('/audit?page=1', tokens.admin)).body.data.items.find((e: any) => e.canUndo);
      if (!undoable) return;
      assert.equal((await post(`/prices/changes/${undoable.id}/undo`, {})).status, 200);
    }
  };

  it('role matrix: guest 401; customer and orderemployee 403; the audit log only for admin and superadmin', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', '/prices/preview', rise10()],
      ['POST', '/prices/apply', rise10()],
      ['GET', '/prices/export'],
      ['GET', '/prices/last'],
      ['POST', '/prices/changes/1/undo', {}],
      ['GET', '/audit'],
    ];
    for (const [method, url, body] of routes) {
      const guest = await api(ctx().app, method as 'GET', `/api/staff${url}`, { body });
      assert.equal(guest.status, 401, `${url} guest`);
      for (const role of ['customer', 'orderemployee']) {
        const r = await api(ctx().app, method as 'GET', `/api/staff${url}`, { token: tokens[role], body });
        assert.equal(r.status, 403, `${url} ${role}`);
        assert.equal(r.body.message, 'No tienes los permisos necesarios');
      }
    }
    for (const role of ['customer', 'orderemployee']) assert.equal((await upload('/prices/import/preview', 'SKU;Precio\r\n', tokens[role])).status, 403);
    // the employee holds products:write but not audit:read
    assert.equal((await post('/prices/preview', rise10(), tokens.employee)).status, 200);
    assert.equal((await get('/audit', tokens.employee)).status, 403);
    for (const role of ['admin', 'superadmin']) assert.equal((await get('/audit', tokens[role])).status, 200, role);
    // nothing was applied by the forbidden calls
    assert.equal((await get('/prices/last')).body.data.entry, null);
  });

  it('preview lists every changed product and variation old → new with the count and total, and writes nothing', async () => {
    const before_ = await pricesOf(ids());
    const r = await post('/prices/preview', rise10());
    assert.equal(r.status, 200, r.raw);
    const d = r.body.data;
    assert.equal(d.count, 4);
    assert.equal(d.selected, 4);
    const byId = new Map(d.rows.map((x: any) => [x.productId, x]));
    assert.deepEqual([(byId.get(cat.simple) as any).before.price, (byId.get(cat.simple) as any).after.price], [1000, 1100]);
    assert.deepEqual([(byId.get(cat.varB) as any).before.discount, (byId.get(cat.varB) as any).after.discount], [1800, 1800]);
    assert.equal((byId.get(cat.varA) as any).parentId, cat.variable);
    // 1000 + 2000 + 2000 + 2000 → +10 %
    assert.equal(d.totals.price, 700);
    assert.equal(d.violationCount, 0);
    assert.deepEqual(await pricesOf(ids()), before_);
    assert.equal((await get('/prices/last')).body.data.entry, null);
  });

  it('filters by search and state, and rounds (,99 / 100 pesos) every changed amount', async () => {
    const bySearch = await post('/prices/preview', { selection: { q: cat.slugs.simple!.replace('test-orders-', 'TST-').replace('simple-', 'simple-') }, rule: { kind: 'amount', value: 33.33, fields: ['price', 'tiers'], rounding: 'ninetyNine' } });
    assert.equal(bySearch.status, 200, bySearch.raw);
    const simpleRow = bySearch.body.data.rows.find((x: any) => x.productId === cat.simple);
    assert.ok(simpleRow, 'the search finds the product by its SKU');
    // 1000 + 33,33 = 1033,33 → 1032,99; tiers 950 → 983,33 → 982,99 and VIP 850 → 882,99
    assert.equal(simpleRow.after.price, 1032.99);
    assert.deepEqual(simpleRow.after.tiers.map((t: any) => t.price).sort(), [882.99, 982.99]);
    const byState = await post('/prices/preview', { selection: { state: 'noStock' }, rule: { kind: 'percent', value: -12.5, fields: ['price'], rounding: 'hundred' } });
    assert.equal(byState.status, 200);
    const ns = byState.body.data.rows.find((x: any) => x.productId === cat.noStock);
    assert.equal(ns.after.price, 900); // 1000 − 12,5 % = 875 → 900
    assert.ok(byState.body.data.rows.some((x: any) => x.productId === cat.varOfNoStock), 'variations of a selected product come along');
    assert.ok(!byState.body.data.rows.some((x: any) => x.productId === cat.simple));
  });

  it('refuses bad rules and selections with a Spanish message', async () => {
    const bad: unknown[] = [
      { selection: {}, rule: { kind: 'percent', value: 0, fields: ['price'] } },
      { selection: {}, rule: { kind: 'percent', value: 10.123, fields: ['price'] } },
      { selection: {}, rule: { kind: 'percent', value: -100, fields: ['price'] } },
      { selection: {}, rule: { kind: 'percent', value: 10, fields: [] } },
      { selection: {}, rule: { kind: 'percent', value: 10, fields: ['cost'] } },
      { selection: {}, rule: { kind: 'magic', value: 10, fields: ['price'] } },
      { selection: {}, rule: { kind: 'amount', value: '10', fields: ['price'] } },
      { selection: {}, rule: { kind: 'amount', value: 30_000_000, fields: ['price'] } },
      { selection: {}, rule: { kind: 'amount', value: 10, fields: ['price'], rounding: 'cinco' } },
      { selection: { category: -1 }, rule: { kind: 'amount', value: 10, fields: ['price'] } },
      { selection: { state: 'borrado' }, rule: { kind: 'amount', value: 10, fields: ['price'] } },
      { selection: { q: 'a\u0000' }, rule: { kind: 'amount', value: 10, fields: ['price'] } },
      { selection: {}, rule: { kind: 'amount', value: 10, fields: ['price'] }, extra: true },
    ];
    for (const body of bad) {
      for (const url of ['/prices/preview', '/prices/apply']) {
        const r = await post(url, body);
        assert.equal(r.status, 400, `${url} ${JSON.stringify(body)}: ${r.raw}`);
        assert.match(r.body.message, /[a-záéíóú]/i);
      }
    }
    assert.equal((await get('/prices/last')).body.data.entry, null);
  });

  it('a rule that leaves a discount at or above the price, or a tier above it, is listed and refused on apply (409, nothing written)', async () => {
    const body = { selection: { category: category.id }, rule: { kind: 'percent', value: 20, fields: ['discount', 'tiers'], rounding: 'peso' } };
    const p = await post('/prices/preview', body);
    assert.equal(p.status, 200);
    const varB = p.body.data.rows.find((x: any) => x.productId === cat.varB);
    // 1800 + 20 % = 2160 ≥ 2000
    assert.deepEqual(varB.violations, ['discountNotBelowPrice']);
    const variable = p.body.data.rows.find((x: any) => x.productId === cat.variable);
    assert.deepEqual(variable.violations, ['tierNotBelowPrice']); // 1700 → 2040 ≥ 2000
    const simple = p.body.data.rows.find((x: any) => x.productId === cat.simple);
    assert.deepEqual(simple.violations, ['tierNotBelowPrice']); // 950 → 1140 ≥ 1000
    assert.equal(p.body.data.violationCount, 3);
    const before_ = await pricesOf(ids());
    const a = await post('/prices/apply', body);
    assert.equal(a.status, 409);
    assert.equal(a.body.message, 'Hay productos cuyos precios quedarían inválidos: revisá la vista previa');
    assert.deepEqual(await pricesOf(ids()), before_);
    const tiers = await ctx().db.db.select({ p: offers.priceCents }).from(offers).where(eq(offers.productId, cat.variable));
    assert.deepEqual(tiers.map((t) => t.p), [170_000]);
    // a rule that changes nothing is refused too
    const none = await post('/prices/apply', { selection: { q: 'zzzz-ningun-producto' }, rule: { kind: 'percent', value: 10, fields: ['price'] } });
    assert.equal(none.status, 409);
  });

  it('apply: one transaction, an audit entry with before/after per row, the storefront revalidated; undo restores it', async () => {
    received.length = 0;
    const a = await post('/prices/apply', rise10());
    assert.equal(a.status, 200, a.raw);
    assert.equal(a.body.message, 'Precios actualizados');
    const entry = a.body.data.entry;
    assert.equal(entry.action, 'prices.bulk');
    assert.equal(entry.summary.count, 4);
    assert.equal(entry.summary.rule.value, 10);
    assert.equal(entry.summary.selection.category, category.id);
    assert.equal(entry.actor.email, 'staff@example.com');
    assert.equal(entry.canUndo, true);
    const now = await pricesOf(ids());
    assert.deepEqual(now[cat.simple], [110_000, null]);
    assert.deepEqual(now[cat.varB], [220_000, 180_000]);
    // revalidation: the product pages by id and slug, and its category
    const { tags } = await storefront.revalidated(`product-id:${cat.simple}`);
    assert.ok(tags.includes(`product:${cat.slugs.simple}`));
    assert.ok(tags.includes(`category:${category.slug}`));
    assert.ok(tags.includes('products'));
    // the detail, as an admin reads it
    const detail = await get(`/audit/${entry.id}`, tokens.admin);
    assert.equal(detail.status, 200);
    const row = detail.body.data.rows.find((x: any) => x.productId === cat.simple);
    assert.deepEqual([row.before.price, row.after.price], [1000, 1100]);
    // the public catalogue answers the new price at once (the API cache was dropped)
    const pub = await api(ctx().app, 'GET', `/api/products/${cat.slugs.simple}`);
    if (pub.status === 200) assert.equal(JSON.stringify(pub.body).includes('1100'), true);

    received.length = 0;
    const u = await post(`/prices/changes/${entry.id}/undo`, {});
    assert.equal(u.status, 200, u.raw);
    assert.equal(u.body.data.entry.action, 'prices.undo');
    assert.equal(u.body.data.entry.summary.undoOf, entry.id);
    assert.deepEqual(u.body.data.entry.summary.skipped, []);
    const back = await pricesOf(ids());
    assert.deepEqual(back[cat.simple], [100_000, null]);
    assert.deepEqual(back[cat.varA], [200_000, null]);
    await storefront.revalidated(`product-id:${cat.simple}`);
    // undone once: a second undo of it is refused
    const again = await post(`/prices/changes/${entry.id}/undo`, {});
    assert.equal(again.status, 409);
    const gone = await post('/prices/changes/999999/undo', {});
    assert.equal(gone.status, 404);
  });

  it('undo after a later manual edit: the manual edit wins — that row is skipped and listed, the others go back', async () => {
    const a = await post('/prices/apply', rise10());
    assert.equal(a.status, 200);
    const entry = a.body.data.entry;
    // someone edits one product by hand afterwards
    const edit = await api(ctx().app, 'PATCH', `/api/staff/products/${cat.simple}`, { token: staff, body: { price: 1234 } });
    assert.equal(edit.status, 200, edit.raw);
    const u = await post(`/prices/changes/${entry.id}/undo`, {});
    assert.equal(u.status, 200);
    assert.deepEqual(u.body.data.entry.summary.skipped.map((s: any) => s.productId), [cat.simple]);
    assert.equal(u.body.data.entry.summary.count, 3);
    const now = await pricesOf(ids());
    assert.deepEqual(now[cat.simple], [123_400, null]);
    assert.deepEqual(now[cat.variable], [200_000, null]);
    assert.deepEqual(now[cat.varB], [200_000, 180_000]);
    await api(ctx().app, 'PATCH', `/api/staff/products/${cat.simple}`, { token: staff, body: { price: 1000 } });
  });

  it('only the newest change can be undone', async () => {
    const first = (await post('/prices/apply', rise10())).body.data.entry;
    const second = (await post('/prices/apply', { selection: { category: category.id }, rule: { kind: 'amount', value: -5, fields: ['price'] } })).body.data.entry;
    const r = await post(`/prices/changes/${first.id}/undo`, {});
    assert.equal(r.status, 409);
    assert.equal(r.body.message, 'Sólo se puede deshacer el último cambio de precios que no fue deshecho');
    assert.equal((await post(`/prices/changes/${second.id}/undo`, {})).status, 200);
    assert.equal((await post(`/prices/changes/${first.id}/undo`, {})).status, 200);
    assert.deepEqual((await pricesOf(ids()))[cat.simple], [100_000, null]);
    await undoAll();
  });

  it('CSV export: BOM, `;`, es-AR amounts, tiers as columns, formula-looking names neutralised', async () => {
    await ctx().db.db.update(products).set({ name: '=HYPERLINK("http://x","clic")' }).where(eq(products.id, cat.exact));
    await ctx().db.db.insert(productCategories).values({ productId: cat.exact, categoryId: category.id });
    const r = await get(`/prices/export?category=${category.id}`);
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /text\/csv/);
    assert.equal(r.rawPayload.subarray(0, 3).toString('hex'), 'efbbbf');
    const lines = r.raw.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], 'SKU;Nombre;Precio;Descuento;Tramo 1 unidades;Tramo 1 precio;VIP 1 unidades;VIP 1 precio');
    const simple = lines.find((l) => l.startsWith('TST-simple-'))!;
    assert.match(simple, /;1000,00;;50;950,00;50;850,00$/);
    const exact = lines.find((l) => l.startsWith('TST-exact-'))!;
    assert.match(exact, /;"'=HYPERLINK\(""http:\/\/x"",""clic""\)";2000,00;/);
    const varB = lines.find((l) => l.startsWith('TST-varb-'))!;
    assert.match(varB, /;Rosa;2000,00;1800,00;;;;$/);
    assert.equal((await get('/prices/export?category=abc')).status, 400);
  });

  it('CSV import: the exported file edited → the same preview; nothing applied until confirmed; then applied and audited', async () => {
    const exported = (await get(`/prices/export?category=${category.id}`)).raw;
    const edited = exported.replace(/(TST-simple-[^;]+;[^;]*;)1000,00;;50;950,00/, '$11.250,50;1.100;50;$ 1.000');
    assert.notEqual(edited, exported);
    const before_ = await pricesOf(ids());
    const p = await upload('/prices/import/preview', edited);
    assert.equal(p.status, 200, p.raw);
    assert.deepEqual(p.body.data.bad, []);
    assert.equal(p.body.data.count, 1);
    const row = p.body.data.rows[0];
    assert.equal(row.productId, cat.simple);
    assert.deepEqual([row.after.price, row.after.discount, row.after.tiers[0].price], [1250.5, 1100, 1000]);
    assert.deepEqual(await pricesOf(ids()), before_);
    const a = await upload('/prices/import/apply', edited, staff, 'lista-marzo.csv');
    assert.equal(a.status, 200, a.raw);
    assert.equal(a.body.data.entry.action, 'prices.csv');
    assert.equal(a.body.data.entry.summary.fileName, 'lista-marzo.csv');
    assert.deepEqual((await pricesOf([cat.simple]))[cat.simple], [125_050, 110_000]);
    const u = await post(`/prices/changes/${a.body.data.entry.id}/undo`, {});
    assert.equal(u.status, 200);
    assert.deepEqual((await pricesOf([cat.simple]))[cat.simple], [100_000, null]);
    const tiers = await ctx().db.db.select({ p: offers.priceCents }).from(offers).where(eq(offers.productId, cat.simple));
    assert.deepEqual(tiers.map((t) => t.p).sort(), [85_000, 95_000]);
  });

  it('CSV import lists every bad row (unknown SKU, negative or non-numeric price, formulas, tier units not increasing, discount above price) and applies nothing', async () => {
    const rows = await ctx().db.db.select({ id: products.id, sku: products.sku }).from(products);
    const skuOf = new Map(rows.map((r) => [r.id, r.sku]));
    const sku = (k: 'exact' | 'cheap' | 'step' | 'simple' | 'hidden' | 'noStock') => skuOf.get(cat[k])!;
    const csv = [
      'SKU;Nombre;Precio;Descuento;Tramo 1 unidades;Tramo 1 precio;Tramo 2 unidades;Tramo 2 precio',
      `NO-EXISTE-1;x;100;;;;;`,
      `${sku('exact')};x;-5;;;;;`,
      `${sku('cheap')};x;diez;;;;;`,
      `${sku('step')};x;=1+1;;;;;`,
      `${sku('simple')};x;1000;;50;900;40;800`,
      `${sku('hidden')};x;1000;1500;;;;`,
      `${sku('noStock')};x;900;;;;;`,
    ].join('\n');
    const p = await upload('/prices/import/preview', csv);
    assert.equal(p.status, 200, p.raw);
    const problems = Object.fromEntries(p.body.data.bad.map((b: any) => [b.line, b.problems]));
    assert.deepEqual(problems, {
      2: ['unknownSku'],
      3: ['priceNegative'],
      4: ['priceInvalid'],
      5: ['priceInvalid'],
      6: ['tierUnitsNotIncreasing'],
      7: ['discountAbovePrice'],
    });
    assert.equal(p.body.data.count, 1); // the noStock row is fine
    const before_ = await pricesOf([cat.noStock, cat.exact]);
    const a = await upload('/prices/import/apply', csv);
    assert.equal(a.status, 400);
    assert.equal(a.body.message, 'El archivo tiene filas con errores: corregilas y volvé a importarlo');
    assert.deepEqual(await pricesOf([cat.noStock, cat.exact]), before_);
  });

  it('CSV import reads `,` separators with quoted es-AR amounts, a BOM, Windows-1252 bytes; refuses binary files and bad headers', async () => {
    const [{ sku }] = (await ctx().db.db.select({ sku: products.sku }).from(products).where(eq(products.id, cat.exact))) as [{ sku: string }];
    const comma = `\uFEFFSKU,Nombre,Precio\r\n${sku},"Sándalo, grande","2.100,50"\r\n`;
    const r = await upload('/prices/import/preview', comma);
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(r.body.data.bad, []);
    assert.equal(r.body.data.rows[0].after.price, 2100.5);
    // Excel (es-AR) "CSV": Windows-1252, `;`
    const latin1 = Buffer.from(`SKU;Nombre;Precio\r\n${sku};Sándalo ñandú;2222\r\n`, 'latin1');
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(latin1));
    const l = await upload('/prices/import/preview', latin1);
    assert.equal(l.status, 200, l.raw);
    assert.equal(l.body.data.rows[0].after.price, 2222);
    // UTF-16 with BOM (Excel "Texto Unicode")
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`SKU\tPrecio\r\n${sku}\t2300\r\n`, 'utf16le')]);
    const w = await upload('/prices/import/preview', utf16);
    assert.equal(w.status, 200, w.raw);
    assert.equal(w.body.data.rows[0].after.price, 2300);
    // a binary file (a PNG) and a file without the columns
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const b = await upload('/prices/import/preview', png);
    assert.equal(b.status, 400);
    assert.equal(b.body.message, 'El archivo no es un CSV de texto (UTF-8 o Windows-1252)');
    const h = await upload('/prices/import/preview', 'Código;Importe\r\nX;1\r\n');
    assert.equal(h.status, 400);
    assert.equal(h.body.message, 'La primera fila debe tener las columnas SKU y Precio');
    assert.equal((await upload('/prices/import/preview', '')).status, 400);
    // a quote left open (lib/csv, the one reader of every upload): 400 naming the line, nothing read from it
    const q = await upload('/prices/import/preview', `SKU;Precio\r\n${sku};100\r\n"${sku};200\r\n`);
    assert.equal(q.status, 400);
    assert.equal(q.body.message, 'El archivo tiene comillas sin cerrar o mal puestas en la fila 3');
    const noFile = await api(ctx().app, 'POST', '/api/staff/prices/import/preview', { token: staff, body: { csv: 'x' } });
    assert.equal(noFile.status, 400);
  });

  it('CSV import of 10,000 rows: previewed in one go and applied in one transaction', async () => {
    const { db } = ctx();
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const values = Array.from({ length: 10_000 }, (_, i) => ({ sku: `BULK-${tag}-${i}`, name: `Masivo ${i}`, slug: `masivo-${tag}-${i}`, priceCents: 10_000 + i }));
    for (let i = 0; i < values.length; i += 1000) await db.db.insert(products).values(values.slice(i, i + 1000));
    const csv = `SKU;Nombre;Precio\r\n${values.map((v) => `${v.sku};${v.name};${(v.priceCents + 100) / 100}`.replace('.', ',')).join('\r\n')}\r\n`;
    const t0 = performance.now();
    const p = await upload('/prices/import/preview', csv);
    const ms = performance.now() - t0;
    assert.equal(p.status, 200, p.raw.slice(0, 300));
    assert.equal(p.body.data.count, 10_000);
    assert.deepEqual(p.body.data.bad, []);
    console.log(`# preview de 10.000 filas (${ctx().kind}): ${Math.round(ms)} ms`);
    const a = await upload('/prices/import/apply', csv);
    assert.equal(a.status, 200, a.raw.slice(0, 300));
    const [one] = await db.db.select({ p: products.priceCents }).from(products).where(eq(products.sku, `BULK-${tag}-9999`));
    assert.equal(one!.p, 20_099);
    // too many rows for one file
    const huge = `SKU;Precio\r\n${Array.from({ length: 20_001 }, (_, i) => `X${i};1`).join('\r\n')}`;
    const big = await upload('/prices/import/preview', huge);
    assert.equal(big.status, 400);
    assert.equal(big.body.message, 'El archivo tiene más de 20.000 filas');
  });

  it('audit log: newest first, filters who / what / date; entries keep the actor', async () => {
    const admin = tokens.admin!;
    const all = await get('/audit', admin);
    assert.equal(all.status, 200);
    assert.ok(all.body.data.total >= 8);
    const staffId = all.body.data.actors.find((a: any) => a.email === 'staff@example.com').id;
    const byWho = await get(`/audit?actor=${staffId}`, admin);
    assert.ok(byWho.body.data.items.every((e: any) => e.actor.email === 'staff@example.com'));
    const undos = await get('/audit?action=prices.undo', admin);
    assert.ok(undos.body.data.items.length >= 3);
    assert.ok(undos.body.data.items.every((e: any) => e.action === 'prices.undo' && e.summary.undoOf));
    const csvs = await get('/audit?action=prices.csv', admin);
    assert.ok(csvs.body.data.items.every((e: any) => e.action === 'prices.csv'));
    const future = await get('/audit?from=2099-01-01', admin);
    assert.equal(future.body.data.total, 0);
    const past = await get('/audit?to=2000-01-01', admin);
    assert.equal(past.body.data.total, 0);
    const ids_ = all.body.data.items.map((e: any) => e.id);
    assert.deepEqual(ids_, [...ids_].sort((a: number, b: number) => b - a));
    for (const q of ['?action=borrar', '?from=ayer', '?actor=0', '?page=0']) assert.equal((await get(`/audit${q}`, admin)).status, 400, q);
    assert.equal((await get('/audit/999999', admin)).status, 404);
  });
});
