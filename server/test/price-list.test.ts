/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Issue 23 §3: GET /api/price-list?format=pdf|xlsx&category={slug} — the signed-in customer's price list at
 * their own tiers. The XLSX is read back with exceljs and its prices compared with lib/pricing's; the PDF's
 * text is extracted with unpdf.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatPesos } from '../../lib/money';
import { priceCart } from '../../lib/pricing';
import { categories, productCategories, products } from '../db/schema';
import { loadTiers } from '../services/orders-pricing';
import { describeEachDb } from './helpers';
import { PRICE_LIST_LIMIT } from '../routes/wholesale';
import { api, createCustomer, insertTestCatalogue, login, type TestCatalogue } from './orders-fixtures';

interface SheetRow {
  sku: string;
  product: string;
  variation: string | null;
  unitPrice: number;
  tiers: string[];
  state: string | null;
}

/** The data rows of a price list XLSX (between the column heads and the first empty row). */
async function readXlsx(buffer: Buffer): Promise<{ rows: Map<string, SheetRow>; header: string[]; footer: string[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as any);
  const sheet = wb.worksheets[0]!;
  const values = (n: number) => ((sheet.getRow(n).values as unknown[]) ?? []).slice(1);
  let head = 0;
  for (let n = 1; n <= sheet.rowCount; n++) if (values(n)[0] === 'SKU') head = n;
  assert.ok(head > 0, 'no column heads');
  const heads = values(head) as string[];
  const stateCol = heads.indexOf('Estado');
  const rows = new Map<string, SheetRow>();
  let n = head + 1;
  for (; n <= sheet.rowCount && values(n).length; n++) {
    const v = values(n);
    rows.set(String(v[0]), {
      sku: String(v[0]),
      product: String(v[1]),
      variation: (v[2] as string | undefined) ?? null,
      unitPrice: Number(v[3]),
      tiers: v.slice(4, stateCol).filter((x): x is string => typeof x === 'string'),
      state: (v[stateCol] as string | undefined) ?? null,
    });
  }
  const text = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => String(values(from + i)[0] ?? ''));
  return { rows, header: text(1, head), footer: text(n, sheet.rowCount + 1) };
}

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\u00a0/g, ' ');
}

describeEachDb('lista de precios del cliente (PDF y XLSX)', (ctx) => {
  let cat: TestCatalogue;
  let cliente: string;
  let vip: string;
  let slug: string;
  const skus = new Map<number, string>();
  before(async () => {
    const db = ctx().db.db;
    cat = await insertTestCatalogue(db);
    slug = `lista-${process.pid}-${Date.now()}`;
    const [c] = await db.insert(categories).values({ name: 'Categoría de la lista', slug }).returning();
    await db.insert(productCategories).values([
      { productId: cat.simple, categoryId: c!.id },
      { productId: cat.variable, categoryId: c!.id },
    ]);
    const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, Object.values(cat).filter((v): v is number => typeof v === 'number')));
    for (const r of rows) skus.set(r.id, r.sku);
    cliente = await login(ctx().app, 'cliente@example.com');
    vip = await login(ctx().app, 'vip@example.com');
  });

  const get = (token: string | null, query: string) => api(ctx().app, 'GET', `/api/price-list?${query}`, { token });
  const sku = (id: number) => skus.get(id)!;

  /** What lib/pricing charges per unit for `units` units of one product (the cart's engine). */
  async function engine(id: number, units: number, isVip: boolean): Promise<string> {
    const db = ctx().db.db;
    const [row] = await db.select().from(products).where(eq(products.id, id));
    const group = row!.parentId ?? row!.id;
    const tiers = await loadTiers(db, [group]);
    const priced = priceCart([{ id, parentId: group, units, price: row!.priceCents, discount: row!.discountCents }], tiers, { isVip });
    return formatPesos(priced.lines[0]!.unitPrice / 100);
  }

  it('guests get 401; a bad format 400; an unknown category 404, in Spanish', async () => {
    assert.equal((await get(null, 'format=xlsx')).status, 401);
    assert.equal((await get(null, 'format=pdf')).status, 401);
    for (const q of ['format=doc', '', 'format=xlsx&category=Con%20Espacios']) {
      const res = await get(cliente, q);
      assert.equal(res.status, 400, q);
      assert.equal(res.body.message, 'Los parametros son incorrectos');
    }
    const res = await get(cliente, 'format=xlsx&category=no-existe-esta-categoria');
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'No se encontró la categoría');
  });

  it('XLSX as a regular customer: general tiers only, prices from lib/pricing, hidden products absent, states', async () => {
    const res = await get(cliente, 'format=xlsx');
    assert.equal(res.status, 200, res.raw.slice(0, 300));
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="lista-de-precios-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const { rows, header, footer } = await readXlsx(res.rawPayload);
    const simple = rows.get(sku(cat.simple))!;
    assert.equal(simple.unitPrice, 1000);
    assert.deepEqual(simple.tiers, [`desde 50 u. → ${await engine(cat.simple, 50, false)}`]);
    assert.equal(await engine(cat.simple, 50, false), formatPesos(950));
    assert.ok(!simple.tiers.some((t) => t.includes('850')), 'a regular customer never sees the VIP tier');
    const varB = rows.get(sku(cat.varB))!;
    assert.equal(varB.product, 'Prueba variable');
    assert.equal(varB.variation, 'Rosa');
    assert.equal(varB.unitPrice, 1800, 'discount applied');
    assert.deepEqual(varB.tiers, [`desde 30 u. → ${await engine(cat.varB, 30, false)}`]);
    for (const id of [cat.hidden, cat.invisible, cat.varOfHidden, cat.variable]) assert.ok(!rows.has(sku(id)), `absent: ${sku(id)}`);
    assert.equal(rows.get(sku(cat.noStock))!.state, 'Sin stock');
    assert.equal(rows.get(sku(cat.varOfNoStock))!.state, 'Sin stock');
    assert.equal(rows.get(sku(cat.exact))!.state, null);
    assert.ok(header.some((l) => l.startsWith('Aromas del Alma')));
    if (process.env.PL_DEBUG) console.log(JSON.stringify({ header, footer }));
    assert.ok(header.some((l) => /^Precios vigentes al \d{2}\/\d{2}\/\d{4}$/.test(l)));
    assert.ok(header.some((l) => l.startsWith('Compra mínima:')));
    assert.ok(footer.some((l) => l.includes('CBU 0110000000000000000000')));
    assert.ok(footer.some((l) => l.includes('WhatsApp')));
  });

  it('XLSX as a VIP customer: the VIP tier, at the price lib/pricing gives a VIP', async () => {
    const { rows } = await readXlsx((await get(vip, 'format=xlsx')).rawPayload);
    const simple = rows.get(sku(cat.simple))!;
    const price = await engine(cat.simple, 50, true);
    assert.equal(price, formatPesos(850));
    assert.deepEqual(simple.tiers, [`desde 50 u. → ${price}`]);
  });

  it('category filter: only that category’s products and variations, and the slug in the file name', async () => {
    const res = await get(cliente, `format=xlsx&category=${slug}`);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-disposition']), new RegExp(`filename="lista-de-precios-${slug}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`));
    const { rows, header } = await readXlsx(res.rawPayload);
    assert.deepEqual([...rows.keys()].sort(), [sku(cat.simple), sku(cat.varA), sku(cat.varB)].sort());
    assert.ok(header.includes('Categoría: Categoría de la lista'));
  });

  it('PDF: header, tier prices per customer, hidden products absent, category filter, bank data in the footer', async () => {
    const res = await get(vip, `format=pdf`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="lista-de-precios-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = await pdfText(res.rawPayload);
    if (process.env.PL_DEBUG) console.log(text.slice(0, 1500));
    assert.match(text, /Aromas del Alma/, 'shop name');
    assert.match(text, /Precios vigentes al \d{2}\/\d{2}\/\d{4}/, 'date');
    assert.match(text, /Cliente: \S+/, 'customer');
    assert.match(text, /Compra mínima: \$ [\d.]+/, 'minimum');
    assert.ok(text.includes('Prueba simple'), 'listed');
    assert.ok(!text.includes('Prueba hidden'), 'hidden product absent');
    assert.ok(!text.includes('Prueba invisible'), 'invisible product absent');
    assert.ok(!text.includes('Prueba hparent'), 'variations of a hidden parent absent');
    assert.match(text, /CBU 0110000000000000000000/, 'bank data');

    const vipText = await pdfText((await get(vip, `format=pdf&category=${slug}`)).rawPayload);
    const vipPrice = (await engine(cat.simple, 50, true)).replace(/\u00a0/g, ' ');
    assert.ok(vipText.includes(`desde 50 u. » ${vipPrice}`), vipPrice);
    const regular = await pdfText((await get(cliente, `format=pdf&category=${slug}`)).rawPayload);
    const regularPrice = (await engine(cat.simple, 50, false)).replace(/\u00a0/g, ' ');
    assert.ok(regular.includes(`desde 50 u. » ${regularPrice}`), regularPrice);
    assert.ok(!regular.includes(vipPrice), 'no VIP tier for a regular customer');
    assert.ok(!regular.includes('Prueba exact'), 'category filter');
  });

  it('downloads are limited per customer (429 in Spanish); another customer is not affected', async () => {
    const heavy = await createCustomer(ctx().app, ctx().db.db, { email: `lista-${Date.now()}@example.com` });
    const other = await createCustomer(ctx().app, ctx().db.db, { email: `lista-otro-${Date.now()}@example.com` });
    for (let i = 0; i < PRICE_LIST_LIMIT.max; i++) assert.equal((await get(heavy.token, 'format=xlsx')).status, 200, `download ${i + 1}`);
    const refused = await get(heavy.token, 'format=pdf');
    assert.equal(refused.status, 429);
    assert.match(refused.body.message, /Demasiadas solicitudes/);
    assert.equal((await get(other.token, 'format=xlsx')).status, 200);
  });
});
