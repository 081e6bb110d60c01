/**
 * Staff writes outside the order flow: the shop configuration (minimums, maintenance), announced as a
 * catalogue change (the storefront revalidates `config`). Product edits live in services/staff-product-writes.ts.
 */
import { tags as cacheTags } from '../../lib/cache';
import { toCents } from '../../lib/money';
import { DEFAULT_MIN_LOCAL_CENTS, DEFAULT_MIN_ORDER_CENTS, minimumsError } from '../../lib/orders';
import { eq } from 'drizzle-orm';
import { HttpError } from '../errors';
import type { WriteDeps } from '../events';
import { config } from '../db/schema';
import { getConfig } from './catalogue';

export interface ConfigPatch {
  minOrderPrice?: number;
  minLocalPrice?: number;
  maintaince?: boolean;
}

export async function updateShopConfig(deps: WriteDeps, patch: ConfigPatch) {
  const { db } = deps;
  const set: Partial<typeof config.$inferInsert> = { updatedAt: new Date() };
  if (patch.minOrderPrice !== undefined) set.minOrderPriceCents = toCents(patch.minOrderPrice);
  if (patch.minLocalPrice !== undefined) set.minLocalPriceCents = toCents(patch.minLocalPrice);
  if (patch.maintaince !== undefined) set.maintaince = patch.maintaince;
  if (set.minOrderPriceCents !== undefined || set.minLocalPriceCents !== undefined) {
    // Checked against what is stored for the value not sent: the pair must stay coherent.
    const [row] = await db
      .select({ minOrder: config.minOrderPriceCents, minLocal: config.minLocalPriceCents })
      .from(config)
      .where(eq(config.id, 1));
    const error = minimumsError(
      set.minOrderPriceCents ?? row?.minOrder ?? DEFAULT_MIN_ORDER_CENTS,
      set.minLocalPriceCents ?? row?.minLocal ?? DEFAULT_MIN_LOCAL_CENTS,
    );
    if (error) throw HttpError.badRequest(error);
  }
  await db
    .insert(config)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: config.id, set });
  await deps.events.emit({ type: 'catalogue.changed', areas: ['config'], tags: [cacheTags.config] });
  return getConfig(db);
}
