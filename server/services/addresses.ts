/**
 * The customer's saved addresses (spec §3 Address). Addresses used by orders are never rewritten in place:
 * an edit archives the old row and creates a new one, and a delete archives it, so past orders keep showing
 * where they were sent. Archived addresses are not listed. Someone else's address → 404.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { addresses } from '../db/schema';
import { HttpError } from '../errors';
import type { addressBody } from '../routes/orders/schemas';
import { makeDefault, usedByOrders } from './customer-records';

type AddressRow = typeof addresses.$inferSelect;
type AddressInput = z.infer<typeof addressBody>;

/** An address as an order shows it. */
export const orderAddressView = (a: AddressRow) => ({
  id: a.id,
  province: a.province,
  city: a.city,
  street: a.street,
  number: a.number,
  postalCode: a.postalCode,
  floor: a.floor,
  extraData: a.extraData,
  state: a.state,
});

/** A saved address as the customer's list shows it. */
const addressView = (a: AddressRow) => ({ ...orderAddressView(a), isDefault: a.isDefault, createdAt: a.createdAt.toISOString() });

/** The customer's active address; 404 for someone else's, a missing or an archived one. */
async function ownActive(db: Db, id: number, userId: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), eq(addresses.state, 'active')))
    .limit(1);
  if (!row) throw HttpError.notFound();
  return row;
}

export async function listAddresses(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.state, 'active')))
    .orderBy(asc(addresses.id));
  return rows.map(addressView);
}

export async function createAddress(db: Db, userId: number, input: AddressInput) {
  const fields = { ...input };
  delete fields.state;
  const [row] = await db.insert(addresses).values({ ...fields, userId }).returning();
  return addressView(row!);
}

/** Edits an address; one used by orders is archived and saved again as a new row (the answer's id). */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput) {
  const current = await ownActive(db, id, userId);
  const { state, ...fields } = input;
  if (state === 'archived') {
    const [row] = await db.update(addresses).set({ state: 'archived' }).where(eq(addresses.id, current.id)).returning();
    return addressView(row!);
  }
  if (await usedByOrders(db, 'addressId', current.id)) {
    const row = await db.transaction(async (tx) => {
      await tx.update(addresses).set({ state: 'archived' }).where(eq(addresses.id, current.id));
      const [created] = await tx.insert(addresses).values({ ...fields, userId }).returning();
      return created!;
    });
    return addressView(row);
  }
  const [row] = await db.update(addresses).set(fields).where(eq(addresses.id, current.id)).returning();
  return addressView(row!);
}

export async function setDefaultAddress(db: Db, userId: number, id: number) {
  const current = await ownActive(db, id, userId);
  return addressView(await makeDefault(db, addresses, userId, current.id));
}

/** Deletes an address, or archives it when an order uses it. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  const current = await ownActive(db, id, userId);
  if (await usedByOrders(db, 'addressId', current.id)) {
    await db.update(addresses).set({ state: 'archived' }).where(eq(addresses.id, current.id));
  } else {
    await db.delete(addresses).where(eq(addresses.id, current.id));
  }
}
