/**
 * What a customer's saved addresses and billing records have in common (spec §5): each belongs to one
 * customer, one of them is the default the checkout preselects, and a record an order points at is kept.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addresses, billingData, orders } from '../db/schema';

type RecordTable = typeof addresses | typeof billingData;

/**
 * Makes `id` the customer's default. One default per customer (a partial unique index holds it): clear,
 * then set, in one transaction.
 */
export async function makeDefault<T extends RecordTable>(db: Db, table: T, userId: number, id: number): Promise<T['$inferSelect']> {
  const t = table as RecordTable;
  return db.transaction(async (tx) => {
    await tx.update(t).set({ isDefault: false }).where(and(eq(t.userId, userId), eq(t.isDefault, true)));
    const [updated] = await tx.update(t).set({ isDefault: true }).where(eq(t.id, id)).returning();
    return updated! as T['$inferSelect'];
  });
}

/** True when some order points at the record (it is then kept, never rewritten or deleted). */
export async function usedByOrders(db: Db, column: 'addressId' | 'billingDataId', id: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders[column], id)).limit(1);
  return Boolean(row);
}
