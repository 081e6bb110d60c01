/**
 * THE catalogue read of anything that orders: a product or variation by id or by SKU with what decides whether it
 * can be ordered (own and parent state and visibility: `availability`), its quantity rules, and what the
 * storefront needs to put it in the cart (the parent's tiers, first image, product page path). Orders
 * (services/orders-pricing `assertOrderable`), the reorder preview and the quick order all read and judge lines
 * here, so the three cannot disagree on what is orderable.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CartProduct } from '../../lib/contracts/wholesale';
import { fromCents } from '../../lib/money';
import type { Tier } from '../../lib/pricing';
import type { Db } from '../db/client';
import { categories, productCategories, productImages, products } from '../db/schema';

const parent = alias(products, 'parent');

export type Availability = 'ok' | 'hidden' | 'noStock' | 'variable';

export interface CatalogueLine {
  id: number;
  parentId: number | null;
  sku: string;
  name: string;
  parentName: string | null;
  slug: string;
  parentSlug: string | null;
  priceCents: number;
  discountCents: number | null;
  state: 'active' | 'limited' | 'noStock' | 'hidden';
  isVisible: boolean;
  isVariable: boolean;
  parentState: 'active' | 'limited' | 'noStock' | 'hidden' | null;
  parentVisible: boolean | null;
  min: number;
  max: number;
  steps: number;
}

const columns = {
  id: products.id,
  parentId: products.parentId,
  sku: products.sku,
  name: products.name,
  parentName: parent.name,
  slug: products.slug,
  parentSlug: parent.slug,
  priceCents: products.priceCents,
  discountCents: products.discountCents,
  state: products.state,
  isVisible: products.isVisible,
  isVariable: products.isVariable,
  parentState: parent.state,
  parentVisible: parent.isVisible,
  min: products.min,
  max: products.max,
  steps: products.steps,
};

/** The catalogue lines (with their parent's name) that match `where`. */
function lineRows(db: Db, where: SQL) {
  return db.select(columns).from(products).leftJoin(parent, eq(parent.id, products.parentId)).where(where);
}

export async function rowsByIds(db: Db, ids: readonly number[]): Promise<Map<number, CatalogueLine>> {
  if (!ids.length) return new Map();
  const rows = await lineRows(db, inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Rows by SKU, keyed by the SKU in capitals (lib/wholesale/lines `skuKey`): an exact match ignoring case.
 */
export async function rowsBySkus(db: Db, keys: readonly string[]): Promise<Map<string, CatalogueLine>> {
  if (!keys.length) return new Map();
  const rows = await lineRows(db, inArray(sql`upper(${products.sku})`, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.sku.toUpperCase(), r]));
}

/** Can this row be ordered? The same rules, in the same order, as services/orders-pricing `assertOrderable`. */
export function availability(row: CatalogueLine): Availability {
  const hidden =
    row.state === 'hidden' || !row.isVisible || (row.parentId !== null && (row.parentState === 'hidden' || row.parentVisible === false));
  if (hidden) return 'hidden';
  if (row.state === 'noStock' || row.parentState === 'noStock') return 'noStock';
  if (row.isVariable) return 'variable';
  return 'ok';
}

/** "Parent – Variation" or the product's name. */
export function rowLabel(row: Pick<CatalogueLine, 'name' | 'parentName'>): string {
  return row.parentName ? `${row.parentName} – ${row.name}` : row.name;
}

export function groupOf(row: Pick<CatalogueLine, 'id' | 'parentId'>): number {
  return row.parentId ?? row.id;
}

/** First image and product page path of each group (parent or simple product). */
export async function groupExtras(db: Db, groupIds: readonly number[]): Promise<Map<number, { image: string | null; category: string | null }>> {
  const ids = [...new Set(groupIds)];
  const out = new Map<number, { image: string | null; category: string | null }>(ids.map((id) => [id, { image: null, category: null }]));
  if (!ids.length) return out;
  const [images, cats] = await Promise.all([
    db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ productId: productCategories.productId, slug: categories.slug })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(productCategories.position), asc(categories.order), asc(categories.id)),
  ]);
  for (const img of images) {
    const entry = out.get(img.productId)!;
    entry.image ??= img.url;
  }
  for (const c of cats) {
    const entry = out.get(c.productId)!;
    entry.category ??= c.slug;
  }
  return out;
}

/** The cart product of every orderable row (see `CartProduct`), keyed by id. */
export async function cartProducts(
  db: Db,
  rows: readonly CatalogueLine[],
  tiers: ReadonlyMap<number, readonly Tier[]>,
): Promise<Map<number, CartProduct>> {
  const extras = await groupExtras(db, rows.map(groupOf));
  const out = new Map<number, CartProduct>();
  for (const row of rows) {
    const state = row.state === 'limited' || row.parentState === 'limited' ? 'limited' : 'active';
    const group = groupOf(row);
    const extra = extras.get(group) ?? { image: null, category: null };
    const slug = row.parentSlug ?? row.slug;
    out.set(row.id, {
      id: row.id,
      fatherId: group,
      name: row.name,
      fatherName: row.parentName ?? row.name,
      sku: row.sku,
      price: fromCents(row.priceCents),
      discount: row.discountCents === null ? null : fromCents(row.discountCents),
      state,
      min: row.min,
      max: row.max,
      steps: row.steps,
      offers: (tiers.get(group) ?? []).map((t) => ({ id: t.id, name: t.name, units: t.units, price: fromCents(t.price), isVip: t.isVip, isStrict: t.isStrict })),
      image: extra.image,
      path: `/${extra.category ?? 'products'}/${slug}`,
    });
  }
  return out;
}
