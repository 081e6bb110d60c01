/**
 * The customer's billing data (spec §1 "a tax condition plus a CUIT, CUIL or DNI number", §5). CUIT/CUIL
 * are checked with their check digit and DNI by format (lib/validation/cuit); numbers are stored as digits
 * and are unique across the shop. Billing data used by an order cannot be deleted.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDocumentNumber, isValidDocument, normalizeDocumentNumber } from '../../lib/validation/cuit';
import type { Db } from '../db/client';
import { billingData } from '../db/schema';
import { HttpError } from '../errors';
import type { billingBody } from '../routes/orders/schemas';
import { makeDefault, usedByOrders } from './customer-records';
import { ORDER_MESSAGES as M } from './orders-messages';

type BillingRow = typeof billingData.$inferSelect;

const billingView = (b: BillingRow) => ({
  id: b.id,
  taxCondition: b.taxCondition,
  documentType: b.documentType,
  number: formatDocumentNumber(b.documentType, b.documentNumber),
  documentNumber: b.documentNumber,
  isDefault: b.isDefault,
  createdAt: b.createdAt.toISOString(),
});

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function ownId(db: Db, userId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ id: billingData.id })
    .from(billingData)
    .where(and(eq(billingData.id, id), eq(billingData.userId, userId)))
    .limit(1);
  if (!row) throw HttpError.notFound();
  return row.id;
}

export async function listBilling(db: Db, userId: number) {
  const rows = await db.select().from(billingData).where(eq(billingData.userId, userId)).orderBy(asc(billingData.id));
  return rows.map(billingView);
}

/** 400 for a number that fails its check, 409 'Ya tenemos registrado…' for one already stored. */
export async function createBilling(db: Db, userId: number, input: z.infer<typeof billingBody>) {
  const { taxCondition, documentType, number } = input;
  if (!isValidDocument(documentType, number)) throw HttpError.badRequest(M.invalidDocument(documentType), 'INVALID_DOCUMENT');
  const documentNumber = normalizeDocumentNumber(number);
  try {
    const [row] = await db.insert(billingData).values({ userId, taxCondition, documentType, documentNumber }).returning();
    return billingView(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw HttpError.conflict(M.duplicateBilling);
    throw err;
  }
}

export async function setDefaultBilling(db: Db, userId: number, id: number) {
  return billingView(await makeDefault(db, billingData, userId, await ownId(db, userId, id)));
}

/** 404 when not the customer's, 409 when an order uses it. */
export async function deleteBilling(db: Db, userId: number, id: number): Promise<void> {
  const own = await ownId(db, userId, id);
  if (await usedByOrders(db, 'billingDataId', own)) throw HttpError.conflict(M.billingInUse, 'BILLING_IN_USE');
  await db.delete(billingData).where(eq(billingData.id, own));
}
