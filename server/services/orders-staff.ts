/**
 * Staff writes outside the order flow: the shop configuration (minimums, maintenance), announced as a
 * catalogue change (the storefront revalidates `config`), and the order deadlines (budget validity, payment
 * due days: issue 24 §1), which only the API reads. Product edits live in services/staff-product-writes.ts.
 */
import { tags as cacheTags } from '../../lib/cache';
import { toCents } from '../../lib/money';
import { DEFAULT_MIN_LOCAL_CENTS, DEFAULT_MIN_ORDER_CENTS, minimumsError } from '../../lib/orders';
import { DEFAULT_BUDGET_VALID_DAYS, DEFAULT_PAYMENT_DUE_DAYS } from '../../lib/orders/deadlines';
import type { StaffConfig } from '../../lib/contracts/catalogue';
import type { Db } from '../db/client';
import { eq } from 'drizzle-orm';
import { HttpError } from '../errors';
import type { WriteDeps } from '../events';
import { config } from '../db/schema';
import { getConfig } from './shop-content';

export interface ConfigPatch {
  minOrderPrice?: number;
  minLocalPrice?: number;
  maintaince?: boolean;
  budgetValidDays?: number;
  paymentDueDays?: number;
}

/** The order deadlines in days (the column defaults when the row is missing). */
export async function deadlineDays(db: Db): Promise<{ budgetValidDays: number; paymentDueDays: number }> {
  const [row] = await db.select({ budgetValidDays: config.budgetValidDays, paymentDueDays: config.paymentDueDays }).from(config).where(eq(config.id, 1)).limit(1);
  return { budgetValidDays: row?.budgetValidDays ?? DEFAULT_BUDGET_VALID_DAYS, paymentDueDays: row?.paymentDueDays ?? DEFAULT_PAYMENT_DUE_DAYS };
}

/** GET api/staff/config: the public configuration and the deadlines. */
export async function getStaffConfig(db: Db): Promise<StaffConfig> {
  const [pub, days] = await Promise.all([getConfig(db), deadlineDays(db)]);
  return { ...pub, ...days };
}

export async function updateShopConfig(deps: WriteDeps, patch: ConfigPatch): Promise<StaffConfig> {
  const { db } = deps;
  const set: Partial<typeof config.$inferInsert> = { updatedAt: new Date() };
  if (patch.minOrderPrice !== undefined) set.minOrderPriceCents = toCents(patch.minOrderPrice);
  if (patch.minLocalPrice !== undefined) set.minLocalPriceCents = toCents(patch.minLocalPrice);
  if (patch.maintaince !== undefined) set.maintaince = patch.maintaince;
  if (patch.budgetValidDays !== undefined) set.budgetValidDays = patch.budgetValidDays;
  if (patch.paymentDueDays !== undefined) set.paymentDueDays = patch.paymentDueDays;
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
  // the deadlines are not in the public configuration: changing only them has nothing to revalidate
  const publicChange = patch.minOrderPrice !== undefined || patch.minLocalPrice !== undefined || patch.maintaince !== undefined;
  if (publicChange) await deps.events.emit({ type: 'catalogue.changed', areas: ['config'], tags: [cacheTags.config] });
  return getStaffConfig(db);
}
