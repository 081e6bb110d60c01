/**
 * The checkout's `Idempotency-Key` of POST /api/order: one key per checkout attempt, kept while the SAME
 * order is sent again (a retry after a network error or a 5xx reuses it, so the API answers the order it
 * may already have created instead of creating a second one); a different order gets a new key.
 */

/** The request header (the API's CORS allows it; lib/orders/payload validates its value). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer's header when the key had already created the order (`true`); exposed by the API's CORS. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export interface OrderAttempt {
  /** the payload the key was made for (JSON) */
  fingerprint: string;
  key: string;
}

/** A random UUID v4; crypto.randomUUID only exists in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The attempt for sending `payload`: the previous one when it was for the same payload, else a new key. */
export function orderAttempt(previous: OrderAttempt | null, payload: unknown, newKey: () => string = newIdempotencyKey): OrderAttempt {
  const fingerprint = JSON.stringify(payload);
  return previous && previous.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}
