import 'server-only';
import type { ApiEnvelope } from './types';
import { shopApiUrl } from './config';
import { markApiReachable, markApiUnreachable } from './availability';
import { storefrontKeyHeader } from './storefront-key';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

export interface ApiGetOptions {
  /** Cache tags for on-demand revalidation (see lib/cache). */
  tags?: string[];
  /** Seconds; false = cache until a tag is revalidated; 0 = never cache. */
  revalidate?: number | false;
  token?: string;
}

/** Server-side GET against the shop API; unwraps the `{ success, data }` envelope. */
export async function apiGet<T>(path: string, opts: ApiGetOptions = {}): Promise<T> {
  // the key exempts these calls from the API's per-IP limit (lib/api/storefront-key.ts)
  const headers: Record<string, string> = { accept: 'application/json', ...storefrontKeyHeader() };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const init: RequestInit & { next?: { revalidate?: number | false; tags?: string[] } } = { headers };
  if (opts.token || opts.revalidate === 0) init.cache = 'no-store';
  else init.next = { revalidate: opts.revalidate ?? 60, tags: opts.tags };
  let res: Response;
  try {
    res = await fetch(`${shopApiUrl()}/${path.replace(/^\/+/, '')}`, init);
  } catch (err) {
    // API unreachable (refused, reset, DNS): remembered so the failed page answers 503 (lib/api/availability)
    markApiUnreachable();
    throw new ApiError(503, 'El servicio no está disponible', { cause: err });
  }
  if (res.status === 503) markApiUnreachable();
  // only an answer known to come from the network clears the flag (a data-cache hit proves nothing)
  else if (init.cache === 'no-store') markApiReachable();
  let body: ApiEnvelope<T> | null = null;
  try {
    body = (await res.json()) as ApiEnvelope<T>;
  } catch {
    throw new ApiError(res.status || 502, 'Respuesta inválida del servidor');
  }
  if (!res.ok || !body?.success) throw new ApiError(res.status, body?.message ?? 'Error en la solicitud');
  return body.data as T;
}
