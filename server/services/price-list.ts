/**
 * Price lists at the customer's own tier rules (issue 23 §3): every orderable product and variation that a
 * customer may see (hidden products and variations of hidden parents are absent; variable parents are listed
 * through their variations), optionally in one category, with
 * - the unit price with its discount applied and, per quantity step this customer may reach (VIP tiers only
 *   for VIP customers), the unit price lib/pricing gives at that quantity — the engine of the cart and the API;
 * - the stock state (limited, no stock).
 * Rows come in batches (the ordered id list first, then each batch by primary key), so memory stays flat with
 * the catalogue's size;
 * services/price-list-files writes them as XLSX or PDF while they stream.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromCents } from '../../lib/money';
import { priceCart, tiersForDisplay, type Tier } from '../../lib/pricing';
import { SHOP_TIME_ZONE } from '../../lib/locales';
import { BANK, CONTACT, SHOP_NAME } from '../../lib/seo/business';
import type { Db } from '../db/client';
import { categories, offers, productCategories, products } from '../db/schema';
import { getConfig } from './shop-content';
import { loadTiers } from './orders-pricing';

const parent = alias(products, 'parent');

export interface PriceListTier {
  /** From this many units (of the product and its sibling variations together). */
  units: number;
  /** The tier applies only on exact multiples of `units`. */
  strict: boolean;
  /** Unit price in pesos at `units` units, as lib/pricing prices it for this customer. */
  price: number;
}

export interface PriceListRow {
  sku: string;
  product: string;
  variation: string | null;
  /** Pesos: the discount when present, else the price. */
  unitPrice: number;
  tiers: PriceListTier[];
  state: 'limited' | 'noStock' | null;
}

export interface PriceListHeader {
  shopName: string;
  customerName: string;
  category: string | null;
  /** YYYY-MM-DD in the shop's time zone (file names). */
  isoDate: string;
  /** DD/MM/YYYY in the shop's time zone. */
  date: string;
  minOrderPrice: number;
  minLocalPrice: number;
  bank: typeof BANK;
  contact: typeof CONTACT;
  /** Most tier steps of any listed product (the XLSX's tier columns). */
  maxTiers: number;
}

export interface PriceListQuery {
  isVip: boolean;
  categoryId: number | null;
}

/** The category of a slug, or null when no category has it. */
export async function categoryBySlug(db: Db, slug: string): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.slug, slug)).limit(1);
  return row ?? null;
}

/** Listed rows: products and variations a customer can see, not variable parents, in the category if any. */
function listedWhere(categoryId: number | null): SQL {
  const conditions: SQL[] = [
    sql`${products.state} <> 'hidden'`,
    eq(products.isVisible, true),
    eq(products.isVariable, false),
    sql`(${products.parentId} is null or (${parent.state} <> 'hidden' and ${parent.isVisible}))`,
  ];
  if (categoryId !== null) {
    conditions.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = coalesce(${products.parentId}, ${products.id}) and ${productCategories.categoryId} = ${categoryId})`,
    );
  }
  return and(...conditions)!;
}

/** Date parts in the shop's time zone. */
function shopDate(now: Date): { isoDate: string; date: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { isoDate: `${get('year')}-${get('month')}-${get('day')}`, date: `${get('day')}/${get('month')}/${get('year')}` };
}

export async function priceListHeader(
  db: Db,
  options: { customerName: string; category: { name: string } | null; categoryId: number | null; isVip: boolean; now?: Date },
): Promise<PriceListHeader> {
  const [config, maxTiers] = await Promise.all([getConfig(db), maxTierCount(db, options.categoryId, options.isVip)]);
  return {
    shopName: SHOP_NAME,
    customerName: options.customerName,
    category: options.category?.name ?? null,
    ...shopDate(options.now ?? new Date()),
    minOrderPrice: config.minOrderPrice,
    minLocalPrice: config.minLocalPrice,
    bank: BANK,
    contact: CONTACT,
    maxTiers,
  };
}

/** The most tiers (this customer may get) of one listed group: an upper bound of the tier steps shown. */
async function maxTierCount(db: Db, categoryId: number | null, isVip: boolean): Promise<number> {
  const groups = db
    .selectDistinct({ group: sql<number>`coalesce(${products.parentId}, ${products.id})`.as('grp') })
    .from(products)
    .leftJoin(parent, eq(parent.id, products.parentId))
    .where(listedWhere(categoryId))
    .as('groups');
  const perGroup = db
    .select({ n: count(offers.id).as('n') })
    .from(offers)
    .innerJoin(groups, eq(groups.group, offers.productId))
    .where(isVip ? undefined : eq(offers.isVip, false))
    .groupBy(offers.productId)
    .as('per_group');
  const [row] = await db.select({ max: sql<number | null>`max(${perGroup.n})` }).from(perGroup);
  return Number(row?.max ?? 0);
}

/**
 * The quantity steps of one product for this customer: for every distinct `units` of the tiers it may get,
 * the unit price lib/pricing gives at exactly that many units; a step that does not lower the price below the
 * regular one and the steps before it is left out (e.g. a general tier at 48 u. after a cheaper VIP one at 24 u.).
 */
function tierSteps(line: { priceCents: number; discountCents: number | null }, tiers: readonly Tier[], isVip: boolean): PriceListTier[] {
  const out: PriceListTier[] = [];
  const seen = new Set<number>();
  let lowest = line.discountCents ?? line.priceCents;
  for (const { tier, eligible } of tiersForDisplay([...tiers], { isVip })) {
    if (!eligible || seen.has(tier.units)) continue;
    seen.add(tier.units);
    const [priced] = priceCart([{ id: 0, parentId: 0, units: tier.units, price: line.priceCents, discount: line.discountCents }], new Map([[0, tiers]]), { isVip }).lines;
    if (!priced || priced.unitPrice >= lowest) continue;
    lowest = priced.unitPrice;
    const strict = priced.tier?.isStrict ?? false;
    out.push({ units: tier.units, strict, price: fromCents(priced.unitPrice) });
  }
  return out;
}

/**
 * The rows of the list, in batches: one query puts the listed ids in order (name, group, id — a few bytes per
 * product), then each batch is read by primary key with its tiers. Memory holds the id list and one batch.
 */
export async function* priceListRows(db: Db, query: PriceListQuery, batchSize = 2000): AsyncGenerator<PriceListRow[]> {
  const sortName = sql`coalesce(${parent.name}, ${products.name})`;
  const group = sql`coalesce(${products.parentId}, ${products.id})`;
  const ordered = await db
    .select({ id: products.id })
    .from(products)
    .leftJoin(parent, eq(parent.id, products.parentId))
    .where(listedWhere(query.categoryId))
    .orderBy(sortName, group, products.id);
  for (let start = 0; start < ordered.length; start += batchSize) {
    const ids = ordered.slice(start, start + batchSize).map((r) => r.id);
    const position = new Map(ids.map((id, i) => [id, i]));
    const rows = await db
      .select({
        id: products.id,
        parentId: products.parentId,
        sku: products.sku,
        name: products.name,
        parentName: parent.name,
        priceCents: products.priceCents,
        discountCents: products.discountCents,
        state: products.state,
        parentState: parent.state,
      })
      .from(products)
      .leftJoin(parent, eq(parent.id, products.parentId))
      .where(inArray(products.id, ids));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    const tiers = await loadTiers(db, rows.map((r) => r.parentId ?? r.id));
    yield rows.map((r) => ({
      sku: r.sku,
      product: r.parentName ?? r.name,
      variation: r.parentName ? r.name : null,
      unitPrice: fromCents(r.discountCents ?? r.priceCents),
      tiers: tierSteps(r, tiers.get(r.parentId ?? r.id) ?? [], query.isVip),
      state: r.state === 'noStock' || r.parentState === 'noStock' ? 'noStock' : r.state === 'limited' || r.parentState === 'limited' ? 'limited' : null,
    }));
  }
}
