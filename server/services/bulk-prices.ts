/**
 * Bulk price changes (issue 24 §2), by rule or by CSV, with their preview, audit entry and undo.
 *
 * - preview: the selection's current prices (top-level products matching the filter, with their variations;
 *   or the CSV's SKUs), the prices after the rule (lib/prices/rules.ts) or the file (lib/prices/csv.ts),
 *   the rows that change with their violations, the count and the total change. Nothing is written.
 * - apply: the same computation again inside one transaction, on rows locked FOR UPDATE (what is written is
 *   computed from the values at that moment, never taken from the client); refused (409) while a row has a
 *   violation or the file a bad row. The products, their tiers and the audit entry (before/after per row)
 *   commit together; then `catalogue.changed` (services/catalogue-changes.ts) drops the API cache and
 *   revalidates the storefront pages of the products.
 * - undo: reverts the newest change not undone yet, as a new audited change. A row whose prices are no longer
 *   what that change wrote (someone edited the product afterwards) is left alone and listed as skipped: the
 *   later manual edit wins.
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import type { AuditSummary, PriceChangeRow, PricePreview, PriceRuleInput, PriceSelection, PriceSetWire } from '../../lib/contracts/price-changes';
import { fromCents, toCents, type Cents } from '../../lib/money';
import { decodeCsvBytes } from '../../lib/csv';
import { parsePriceCsv, type CsvBadRow, type CsvPriceRow, type CsvRowProblem } from '../../lib/prices/csv';
import { PRICE_MESSAGES as M } from '../../lib/prices/messages';
import { adjustPrices, priceViolations, samePrices, type AdjustRule, type PriceSet, type TierPrices } from '../../lib/prices/rules';
import { type Db, transaction } from '../db/client';
import { offers, products } from '../db/schema';
import { HttpError } from '../errors';
import type { WriteDeps } from '../events';
import { escapeLike, searchTokens } from '../lib/text';
import { getAuditEntry, recordAudit, undoableEntryId, type AuditActor, type AuditRow } from './audit';
import { catalogueChanged } from './catalogue-changes';

interface CurrentRow {
  productId: number;
  parentId: number | null;
  sku: string;
  name: string;
  slug: string;
  prices: PriceSet;
}

interface Computed {
  row: CurrentRow;
  after: PriceSet;
}

/* ------------------------------------------------------------- reading */

const rowCols = {
  id: products.id,
  parentId: products.parentId,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
  discountCents: products.discountCents,
};

/** Postgres int[] literal (a parameter on both drivers; NULL for nulls). */
/** Postgres text[] literal, every element quoted. */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const intArray = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/** Current prices of the given products (with `lock`, FOR UPDATE), tiers attached to top-level products. */
async function readRows(db: Db, where: SQL, lock: boolean): Promise<CurrentRow[]> {
  const q = db.select(rowCols).from(products).where(where).orderBy(sql`coalesce(${products.parentId}, ${products.id})`, sql`${products.parentId} nulls first`, asc(products.name), asc(products.id));
  const rows = lock ? await q.for('update') : await q;
  const ownerIds = rows.filter((r) => r.parentId === null).map((r) => r.id);
  // one array parameter, not one placeholder per product (10,000 of them cost PGlite more than the query)
  const tierQuery = () =>
    db
      .select()
      .from(offers)
      .where(sql`${offers.productId} = any(${intArray(ownerIds)}::int[])`)
      .orderBy(asc(offers.isVip), asc(offers.units), asc(offers.id));
  const tierRows = ownerIds.length ? await (lock ? tierQuery().for('update') : tierQuery()) : [];
  const tiersOf = new Map<number, TierPrices[]>();
  for (const t of tierRows) {
    const list = tiersOf.get(t.productId) ?? [];
    list.push({ id: t.id, units: t.units, cents: t.priceCents, isVip: t.isVip });
    tiersOf.set(t.productId, list);
  }
  return rows.map((r) => ({
    productId: r.id,
    parentId: r.parentId,
    sku: r.sku,
    name: r.name,
    slug: r.slug,
    prices: { price: r.priceCents, discount: r.discountCents, tiers: r.parentId === null ? (tiersOf.get(r.id) ?? []) : [] },
  }));
}

/** Top-level products matching every filter (q: each word in the name or SKU, also of a variation), and their variations. */
function selectionWhere(s: PriceSelection): SQL {
  const top: SQL[] = [sql`p.parent_id is null`];
  for (const token of s.q ? searchTokens(s.q) : []) {
    const like = `%${escapeLike(token)}%`;
    top.push(sql`(p.search_name like ${like} or lower(p.sku) like ${like} or exists (select 1 from products v where v.parent_id = p.id and (lower(v.name) like ${like} or lower(v.sku) like ${like})))`);
  }
  if (s.category) top.push(sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${s.category})`);
  if (s.state) top.push(sql`p.state = ${s.state}`);
  const ids = sql`(select p.id from products p where ${sql.join(top, sql` and `)})`;
  return sql`(${products.id} in ${ids} or ${products.parentId} in ${ids})`;
}

/* ------------------------------------------------------------ computing */

const toWire = (p: PriceSet): PriceSetWire => ({
  price: fromCents(p.price),
  discount: p.discount === null ? null : fromCents(p.discount),
  tiers: p.tiers.map((t) => ({ id: t.id, units: t.units, price: fromCents(t.cents), isVip: t.isVip })),
});
const fromWire = (p: PriceSetWire): PriceSet => ({
  price: toCents(p.price),
  discount: p.discount === null ? null : toCents(p.discount),
  tiers: p.tiers.map((t) => ({ id: t.id, units: t.units, cents: toCents(t.price), isVip: t.isVip })),
});

function toRule(r: PriceRuleInput): AdjustRule {
  return { kind: r.kind, value: r.kind === 'percent' ? Math.round(r.value * 100) : toCents(r.value), fields: r.fields, rounding: r.rounding };
}

function summarize(changed: Computed[], selected: number, bad: CsvBadRow[]): PricePreview {
  const totals = { price: 0, discount: 0, tiers: 0 };
  let violationCount = 0;
  const rows: PriceChangeRow[] = changed.map(({ row, after }) => {
    const b = row.prices;
    totals.price += after.price - b.price;
    totals.discount += (after.discount ?? 0) - (b.discount ?? 0);
    totals.tiers += after.tiers.reduce((s, t) => s + t.cents, 0) - b.tiers.reduce((s, t) => s + t.cents, 0);
    const violations = priceViolations(after);
    if (violations.length) violationCount++;
    return { productId: row.productId, parentId: row.parentId, sku: row.sku, name: row.name, slug: row.slug, before: toWire(b), after: toWire(after), violations };
  });
  return {
    count: rows.length,
    selected,
    totals: { price: fromCents(totals.price), discount: fromCents(totals.discount), tiers: fromCents(totals.tiers) },
    violationCount,
    rows,
    bad,
  };
}

function computeRule(current: CurrentRow[], rule: AdjustRule): Computed[] {
  const out: Computed[] = [];
  for (const row of current) {
    const after = adjustPrices(row.prices, rule);
    if (!samePrices(after, row.prices)) out.push({ row, after });
  }
  return out;
}

/** The CSV's rows matched to the current products: tiers by kind and position. */
function computeCsv(current: CurrentRow[], csvRows: CsvPriceRow[], bad: CsvBadRow[]): Computed[] {
  const bySku = new Map(current.map((r) => [r.sku, r]));
  const out: Computed[] = [];
  for (const c of csvRows) {
    const row = bySku.get(c.sku);
    const problems: CsvRowProblem[] = [];
    if (!row) problems.push('unknownSku');
    else if (row.parentId !== null && c.tiers.length) problems.push('variationHasTiers');
    else if (row.parentId === null) {
      for (const vip of [false, true]) {
        if (row.prices.tiers.filter((t) => t.isVip === vip).length !== c.tiers.filter((t) => t.isVip === vip).length) problems.push('tierCountMismatch');
      }
    }
    if (problems.length || !row) {
      bad.push({ line: c.line, sku: c.sku, problems: [...new Set(problems)] });
      continue;
    }
    const incoming = [...c.tiers.filter((t) => !t.isVip), ...c.tiers.filter((t) => t.isVip)];
    const after: PriceSet = {
      price: c.price,
      discount: c.discount,
      tiers: row.prices.tiers.map((t, i) => ({ ...t, units: incoming[i]!.units, cents: incoming[i]!.cents })),
    };
    if (!samePrices(after, row.prices)) out.push({ row, after });
  }
  bad.sort((a, b) => a.line - b.line);
  return out;
}

/** Reads an uploaded CSV (bytes) or answers 400 with what is wrong with the whole file. */
function readCsv(bytes: Buffer): { rows: CsvPriceRow[]; bad: CsvBadRow[] } {
  const text = decodeCsvBytes(bytes);
  if (text === null) throw HttpError.badRequest(M.csvEncoding);
  const parsed = parsePriceCsv(text);
  if (!parsed.ok) {
    const message = {
      encoding: M.csvEncoding,
      malformed: `${M.csvMalformed} ${parsed.line ?? 1}`,
      empty: M.csvEmpty,
      header: M.csvHeader,
      tooManyRows: M.csvTooManyRows,
    }[parsed.problem];
    throw HttpError.badRequest(message);
  }
  return { rows: parsed.rows, bad: [...parsed.bad] };
}

async function csvCurrent(db: Db, rows: CsvPriceRow[], lock: boolean): Promise<CurrentRow[]> {
  const skus = rows.map((r) => r.sku);
  if (skus.length === 0) return [];
  return readRows(db, sql`${products.sku} = any(${textArray(skus)}::text[])`, lock);
}


/* ------------------------------------------------------------- previews */

export async function previewRule(db: Db, selection: PriceSelection, rule: PriceRuleInput): Promise<PricePreview> {
  const current = await readRows(db, selectionWhere(selection), false);
  return summarize(computeRule(current, toRule(rule)), current.length, []);
}

export async function previewCsv(db: Db, bytes: Buffer): Promise<PricePreview> {
  const { rows, bad } = readCsv(bytes);
  const current = await csvCurrent(db, rows, false);
  return summarize(computeCsv(current, rows, bad), rows.length, bad);
}

/* ---------------------------------------------------------------- writes */

async function writePrices(tx: Db, changed: { productId: number; after: PriceSet }[]): Promise<void> {
  if (changed.length === 0) return;
  const ids = changed.map((c) => c.productId);
  const price = changed.map((c) => c.after.price);
  const discount = changed.map((c) => c.after.discount);
  // one statement sets price and discount together: the row's check (discount < price) sees the final pair
  await tx.execute(sql`update products set price_cents = v.p, discount_cents = v.d, updated_at = now()
    from (select unnest(${intArray(ids)}::int[]) as id, unnest(${intArray(price)}::int[]) as p, unnest(${intArray(discount)}::int[]) as d) v
    where products.id = v.id`);
  const tiers = changed.flatMap((c) => c.after.tiers);
  if (tiers.length) {
    await tx.execute(sql`update offers set units = v.u, price_cents = v.p
      from (select unnest(${intArray(tiers.map((t) => t.id))}::int[]) as id, unnest(${intArray(tiers.map((t) => t.units))}::int[]) as u,
            unnest(${intArray(tiers.map((t) => t.cents))}::int[]) as p) v
      where offers.id = v.id`);
  }
}

const auditRows = (changed: Computed[]): AuditRow[] =>
  changed.map(({ row, after }) => ({ productId: row.productId, parentId: row.parentId, sku: row.sku, name: row.name, before: toWire(row.prices), after: toWire(after) }));

function summaryOf(preview: PricePreview, extra: Partial<AuditSummary>): AuditSummary {
  return { selection: null, rule: null, fileName: null, undoOf: null, skipped: [], count: preview.count, totals: preview.totals, ...extra };
}

async function applyChange(
  deps: WriteDeps,
  actor: AuditActor,
  compute: (tx: Db) => Promise<{ changed: Computed[]; preview: PricePreview }>,
  audit: (preview: PricePreview) => { action: 'prices.bulk' | 'prices.csv'; summary: AuditSummary },
): Promise<number> {
  const { id, productIds } = await transaction(deps.db, async (tx) => {
    const { changed, preview } = await compute(tx);
    if (preview.bad.length) throw HttpError.badRequest(M.badRows);
    if (preview.violationCount) throw new HttpError(409, M.violations);
    if (changed.length === 0) throw new HttpError(409, M.nothingToChange);
    await writePrices(tx, changed.map((c) => ({ productId: c.row.productId, after: c.after })));
    const { action, summary } = audit(preview);
    const id = await recordAudit(tx, { actor, action, summary, rows: auditRows(changed) });
    return { id, productIds: changed.map((c) => c.row.productId) };
  });
  await catalogueChanged(deps, { kind: 'prices', productIds });
  return id;
}

export function applyRule(deps: WriteDeps, actor: AuditActor, selection: PriceSelection, rule: PriceRuleInput): Promise<number> {
  return applyChange(
    deps,
    actor,
    async (tx) => {
      const current = await readRows(tx, selectionWhere(selection), true);
      const changed = computeRule(current, toRule(rule));
      return { changed, preview: summarize(changed, current.length, []) };
    },
    (preview) => ({ action: 'prices.bulk', summary: summaryOf(preview, { selection, rule: { ...rule } }) }),
  );
}

export function applyCsv(deps: WriteDeps, actor: AuditActor, bytes: Buffer, fileName: string | null): Promise<number> {
  const { rows, bad } = readCsv(bytes);
  return applyChange(
    deps,
    actor,
    async (tx) => {
      const current = await csvCurrent(tx, rows, true);
      const changed = computeCsv(current, rows, bad);
      return { changed, preview: summarize(changed, rows.length, bad) };
    },
    (preview) => ({ action: 'prices.csv', summary: summaryOf(preview, { fileName: fileName?.slice(0, 200) ?? null }) }),
  );
}

/**
 * Reverts entry `id` (it must be the newest change not undone yet): each row back to its "before", unless its
 * current prices are no longer the entry's "after" (edited since: skipped and listed). Returns the new entry.
 */
export async function undoChange(deps: WriteDeps, actor: AuditActor, id: number): Promise<number> {
  const entry = await getAuditEntry(deps.db, id);
  if (!entry || entry.action === 'prices.undo') throw HttpError.notFound(M.entryNotFound);
  const result = await transaction(deps.db, async (tx) => {
    // under the lock of the rows: a second undo of the same entry waits here, then finds it undone
    const ids = entry.rows.map((r) => r.productId);
    const current = ids.length ? await readRows(tx, sql`${products.id} = any(${intArray(ids)}::int[])`, true) : [];
    if ((await undoableEntryId(tx)) !== id) throw new HttpError(409, M.undoNotLast);
    const byId = new Map(current.map((r) => [r.productId, r]));
    const changed: Computed[] = [];
    const skipped: AuditSummary['skipped'] = [];
    for (const r of entry.rows) {
      const now = byId.get(r.productId);
      const wrote = fromWire(r.after);
      const before = fromWire(r.before);
      // the tiers must still be the same ones (same ids) for the old values to be put back
      if (!now || !samePrices(now.prices, wrote)) {
        skipped.push({ productId: r.productId, sku: r.sku, name: r.name });
        continue;
      }
      changed.push({ row: now, after: before });
    }
    await writePrices(tx, changed.map((c) => ({ productId: c.row.productId, after: c.after })));
    const preview = summarize(changed, entry.rows.length, []);
    const newId = await recordAudit(tx, {
      actor,
      action: 'prices.undo',
      summary: summaryOf(preview, { undoOf: id, skipped, selection: entry.summary.selection, rule: entry.summary.rule, fileName: entry.summary.fileName }),
      rows: auditRows(changed),
      undoOf: id,
    });
    return { newId, productIds: changed.map((c) => c.row.productId) };
  });
  await catalogueChanged(deps, { kind: 'prices', productIds: result.productIds });
  return result.newId;
}

/* ---------------------------------------------------------------- export */

export interface ExportRow {
  sku: string;
  name: string;
  price: Cents;
  discount: Cents | null;
  tiers: TierPrices[];
}

/** The selection's current prices, for the CSV export (products before their variations). */
export async function selectionPrices(db: Db, selection: PriceSelection): Promise<ExportRow[]> {
  const rows = await readRows(db, selectionWhere(selection), false);
  return rows.map((r) => ({ sku: r.sku, name: r.name, ...r.prices }));
}

