/**
 * The one place a staff change to the catalogue is announced: it works out which storefront cache tags the
 * change touches (lib/cache) and emits `catalogue.changed` (server/events), whose listeners drop the API's
 * catalogue cache first, then tell the storefront. Product and category routes call only `catalogueChanged`.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { productChangeTags, tags as cacheTags } from '../../lib/cache';
import type { Db } from '../db/client';
import type { WriteDeps } from '../events';
import { categories, productCategories, products } from '../db/schema';

export type CatalogueChange =
  /**
   * a product (or variation) was created or changed; `extraCategorySlugs`: categories it left;
   * `visibilityChanged`: it appeared or disappeared (the category menus count visible products)
   */
  | { kind: 'product'; productId: number; extraCategorySlugs?: readonly string[]; visibilityChanged?: boolean }
  /** a product was deleted: what it was, read before the delete */
  | { kind: 'productRemoved'; productId: number; slugs: readonly string[]; categorySlugs: readonly string[] }
  /** a category was created, renamed, reordered, given an image or deleted: its slugs (old and new) */
  | { kind: 'category'; slugs: readonly string[] }
  /** many products' prices changed at once (a bulk price change or its undo: services/bulk-prices.ts) */
  | { kind: 'prices'; productIds: readonly number[] };

async function categorySlugsOf(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position));
  return rows.map((r) => r.slug);
}

/** Tags of a product change: the product and its parent (by id and slug), their categories, the lists. */
async function productTags(db: Db, productId: number, extraCategorySlugs: readonly string[] = [], visibilityChanged = false): Promise<string[]> {
  const [row] = await db.select({ id: products.id, parentId: products.parentId }).from(products).where(eq(products.id, productId)).limit(1);
  if (!row) return [];
  const ownerId = row.parentId ?? row.id;
  const ids = [...new Set([row.id, ownerId])];
  const slugs = await db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.id, ids));
  const categorySlugs = [...new Set([...(await categorySlugsOf(db, ownerId)), ...extraCategorySlugs])];
  const out = new Set<string>();
  for (const p of slugs) for (const t of productChangeTags({ id: p.id, slugs: [p.slug], categorySlugs })) out.add(t);
  // the category menus carry visible-product counts
  if (visibilityChanged && categorySlugs.length) out.add(cacheTags.categories);
  return [...out];
}

/** Past this many products, a price change revalidates every product page and list instead of each one. */
const MAX_PRODUCTS_BY_TAG = 40;

/** Tags of a price change: each product (and its parent) with its categories, or every product page at once. */
async function pricesTags(db: Db, productIds: readonly number[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  if (productIds.length > MAX_PRODUCTS_BY_TAG) return [cacheTags.products, cacheTags.productDetails];
  const out = new Set<string>();
  for (const id of productIds) for (const t of await productTags(db, id)) out.add(t);
  return [...out];
}

/** The tags a change touches (exported for tests). */
async function catalogueChangeTags(db: Db, change: CatalogueChange): Promise<string[]> {
  switch (change.kind) {
    case 'product':
      return productTags(db, change.productId, change.extraCategorySlugs, change.visibilityChanged);
    case 'productRemoved': {
      const out = new Set(productChangeTags({ id: change.productId, slugs: change.slugs, categorySlugs: change.categorySlugs }));
      out.add(cacheTags.categories);
      return [...out];
    }
    case 'prices':
      return pricesTags(db, change.productIds);
    case 'category': {
      // a category's name and slug show in every product card and detail of it, and in the menus
      const out = new Set<string>([cacheTags.categories, cacheTags.products, cacheTags.productDetails]);
      for (const slug of change.slugs) if (slug) out.add(cacheTags.category(slug));
      return [...out];
    }
  }
}

/** Announces a committed catalogue change (the revalidation listener does not hold the staff answer). */
export async function catalogueChanged(deps: WriteDeps, change: CatalogueChange): Promise<void> {
  // category names show on product cards and details: both areas in every case
  const productIds = change.kind === 'product' ? [change.productId] : change.kind === 'prices' ? [...change.productIds] : undefined;
  await deps.events.emit({ type: 'catalogue.changed', areas: ['products', 'categories'], tags: await catalogueChangeTags(deps.db, change), productIds });
}
