/**
 * Current price, limits and state of the cart's items: GET {PUBLIC_API_URL}/api/products/lookup?ids=…
 * (spec §7; unknown ids are omitted, hidden ones come back with state 'hidden').
 */
import type { CartLookupItem } from '@/lib/contracts/catalogue';
import { publicRequest } from '@/lib/api/public';
import { apiPaths } from '@/lib/api/paths';

/** Ids per request (the API accepts up to 200; a cart rarely has more than a few dozen lines). */
export const LOOKUP_CHUNK = 100;

interface LookupResult {
  /** The ids whose answer arrived (absent from `found` = the product no longer exists). */
  requestedIds: number[];
  found: CartLookupItem[];
}

export type LookupFetcher = (ids: readonly number[], signal?: AbortSignal) => Promise<LookupResult>;

function itemsOf(data: unknown): CartLookupItem[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)
      ? (data as { items: unknown[] }).items
      : null;
  if (list === null) throw new Error('lookup: unexpected answer');
  return list.filter(
    (entry): entry is CartLookupItem =>
      typeof entry === 'object' && entry !== null && Number.isSafeInteger((entry as CartLookupItem).id),
  );
}

/**
 * Asks the API in chunks. A chunk that fails is left out of `requestedIds` (its items keep their
 * stored data, never flagged because of a network error); when every chunk fails it throws.
 */
export const fetchLookup: LookupFetcher = async (ids, signal) => {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) chunks.push(unique.slice(i, i + LOOKUP_CHUNK));
  const answers = await Promise.allSettled(
    chunks.map(async (chunk) => {
      const data = await publicRequest<unknown>(apiPaths.productLookup(chunk), { auth: false, signal });
      return { chunk, items: itemsOf(data) };
    }),
  );
  const result: LookupResult = { requestedIds: [], found: [] };
  let failure: unknown = null;
  for (const answer of answers) {
    if (answer.status === 'fulfilled') {
      result.requestedIds.push(...answer.value.chunk);
      result.found.push(...answer.value.items);
    } else {
      failure = answer.reason;
    }
  }
  if (result.requestedIds.length === 0 && failure !== null) throw failure;
  return result;
};
