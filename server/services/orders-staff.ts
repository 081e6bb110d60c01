/**
 * Staff writes outside the order flow: the shop configuration (minimums, maintenance). Returns the
 * lib/cache tags the storefront must revalidate. Product edits live in routes/staff/products.ts.
 */
import { tags as cacheTags } from '../../lib/cache';
import { toCents } from '../../lib/money';
import type { Db } from '../db/client';
import { config } from '../db/schema';
import { getConfig } from './catalogue';

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
