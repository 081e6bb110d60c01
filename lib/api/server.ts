import 'server-only';
import type { z } from 'zod';
import type { ApiEnvelope } from '@/lib/contracts/common';
import { apiTimeouts, shopApiUrl } from './config';
import { ApiError } from './errors';
import { fetchApi } from './resilience';
import { storefrontKeyHeader } from './storefront-key';
import { storefrontEnv } from '../env';

export { ApiError } from './errors';

export interface ApiGetOptions {
  /** Cache tags for on-demand revalidation (see lib/cache). */
  tags?: string[];
  /** Seconds; false = cache until a tag is revalidated; 0 = never cache. */
  revalidate?: number | false;
  token?: string;
  /** Deadline of this call in ms; default `apiTimeouts().callMs` (SHOP_API_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Server-side GET against the shop API; unwraps the `{ success, data }` envelope. Bounded by a deadline
 * and the circuit breaker (lib/api/resilience.ts): an outage throws ApiOutageError (503) within the
 * deadline, and the page being rendered answers 503 instead of waiting or being cached.
 */
export async function apiGet<T>(path: string, opts: ApiGetOptions = {}): Promise<T> {
  // the key exempts these calls from the API's per-IP limit (lib/api/storefront-key.ts)
  const headers: Record<string, string> = { accept: 'application/json', ...storefrontKeyHeader(storefrontEnv()) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const init: RequestInit & { next?: { revalidate?: number | false; tags?: string[] } } = { headers };
  if (opts.token || opts.revalidate === 0) init.cache = 'no-store';
  else init.next = { revalidate: opts.revalidate ?? 60, tags: opts.tags };
  const { status, body } = await fetchApi(
    `${shopApiUrl()}/${path.replace(/^\/+/, '')}`,
    init,
    opts.timeoutMs ?? apiTimeouts().callMs,
  );
  const envelope = body as ApiEnvelope<T> | undefined;
  if (envelope === undefined || envelope === null || typeof envelope !== 'object') {
    throw new ApiError(status || 502, 'Respuesta inválida del servidor');
  }
  const ok = status >= 200 && status < 300;
  if (!ok || !envelope.success) throw new ApiError(status, envelope.message ?? 'Error en la solicitud');
  return envelope.data as T;
}

/**
 * `apiGet` parsed with the resource's contract (lib/contracts/): the page gets exactly the inferred type,
 * and an answer that does not match it is an ApiError 502, never a silently missing field.
 */
export async function apiRead<S extends z.ZodType>(schema: S, path: string, opts: ApiGetOptions = {}): Promise<z.output<S>> {
  const parsed = schema.safeParse(await apiGet<unknown>(path, opts));
  if (!parsed.success) throw new ApiError(502, 'Respuesta inválida del servidor');
  return parsed.data;
}
