/**
 * The `Idempotency-Key` of POST /api/order (services/orders createOrder): the key and the hash of the
 * normalised request are stored with the order, unique per customer (db/schema, orders_user_idempotency_key_idx); a repeat finds that
 * order, the same key with another body is refused (422).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { normalizeCreateOrderPayload, type CreateOrderPayload } from '../../lib/orders';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { HttpError } from '../errors';
import { ORDER_MESSAGES as M } from './orders-messages';

/** An `Idempotency-Key` of POST /api/order with the hash of its request (orderRequestHash). */
export interface OrderIdempotency {
  key: string;
  hash: string;
}

/** SHA-256 (hex) of the normalised creation payload: two requests with the same key must match it. */
export function orderRequestHash(payload: CreateOrderPayload): string {
  return createHash('sha256').update(JSON.stringify(normalizeCreateOrderPayload(payload))).digest('hex');
}

const IDEMPOTENCY_INDEX = 'orders_user_idempotency_key_idx';

/** A unique violation of the (customer, key) index: another request with the same key committed first. */
export function isIdempotencyConflict(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === IDEMPOTENCY_INDEX;
  }
  return false;
}

/** The customer's order created with this key, or null; the same key with another body → 422. */
export async function findKeyedOrder(db: Db, userId: number, idem: OrderIdempotency): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id, hash: orders.idempotencyHash })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idem.key)))
    .limit(1);
  if (!row) return null;
  if (row.hash !== idem.hash) throw new HttpError(422, M.idempotencyKeyReused, { code: 'IDEMPOTENCY_KEY_REUSED' });
  return row.id;
}
