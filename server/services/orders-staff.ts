/**
 * Staff writes outside the order flow: a product's price / discount / state and the shop configuration
 * (minimums, maintenance). Each returns the lib/cache tags the storefront must revalidate.
 */
import { eq, inArray } from 'drizzle-orm';
import { productChangeTags, tags as cacheTags } from '../../lib/cache';
import { fromCents, toCents } from '../../lib/money';
import type { Db } from '../db/client';
import { categories, config, productCategories, products } from '../db/schema';
import { HttpError } from '../errors';
import { getConfig } from './catalogue';
import { ORDER_MESSAGES as M } from './orders-messages';

export type ProductState = 'active' | 'limited' | 'noStock' | 'hidden';

export interface ProductPatch {
  /** pesos */
  price?: number;
  /** pesos; null removes the discount */
  discount?: number | null;
  state?: ProductState;
}

export interface StaffProductView {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  price: number;
  discount: number | null;
  state: ProductState;
}

async function categorySlugsOf(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId));
  return rows.map((r) => r.slug);
}

/** null when the product does not exist. */
export async function updateProductPricing(db: Db, id: number, patch: ProductPatch): Promise<{ product: StaffProductView; tags: string[] } | null> {
  const [row] = await db
    .select({ id: products.id, parentId: products.parentId, slug: products.slug, priceCents: products.priceCents, discountCents: products.discountCents })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const priceCents = patch.price === undefined ? row.priceCents : toCents(patch.price);
  const discountCents = patch.discount === undefined ? row.discountCents : patch.discount === null ? null : toCents(patch.discount);
  if (discountCents !== null && discountCents >= priceCents) throw HttpError.badRequest(M.discountNotBelowPrice);

  const [updated] = await db
    .update(products)
    .set({ priceCents, discountCents, ...(patch.state ? { state: patch.state } : {}), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({
      id: products.id,
      parentId: products.parentId,
      name: products.name,
      slug: products.slug,
      priceCents: products.priceCents,
      discountCents: products.discountCents,
      state: products.state,
    });

  // a variation shows on its parent's page and in its parent's lists
  const ownerId = row.parentId ?? row.id;
  const ids = [...new Set([row.id, ownerId])];
  const slugs = await db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.id, ids));
  const categorySlugs = await categorySlugsOf(db, ownerId);
  const tags = new Set<string>();
  for (const p of slugs) for (const t of productChangeTags({ id: p.id, slugs: [p.slug], categorySlugs })) tags.add(t);

  return {
    product: {
      id: updated!.id,
      parentId: updated!.parentId,
      name: updated!.name,
      slug: updated!.slug,
      price: fromCents(updated!.priceCents),
      discount: updated!.discountCents === null ? null : fromCents(updated!.discountCents),
      state: updated!.state,
    },
    tags: [...tags],
  };
}

export interface ConfigPatch {
  minOrderPrice?: number;
  minLocalPrice?: number;
  maintaince?: boolean;
}

export async function updateShopConfig(db: Db, patch: ConfigPatch) {
  const set: Partial<typeof config.$inferInsert> = { updatedAt: new Date() };
  if (patch.minOrderPrice !== undefined) set.minOrderPriceCents = toCents(patch.minOrderPrice);
  if (patch.minLocalPrice !== undefined) set.minLocalPriceCents = toCents(patch.minLocalPrice);
  if (patch.maintaince !== undefined) set.maintaince = patch.maintaince;
  await db
    .insert(config)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: config.id, set });
  return { config: await getConfig(db), tags: [cacheTags.config] };
}
