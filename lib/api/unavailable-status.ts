/**
 * A page whose render failed because the shop API was unreachable, timed out or short-circuited answers
 * 503 with Retry-After and `Cache-Control: no-store` instead of Next's 500. Only that response: any
 * other 500 (our own bugs), even at the same moment, stays a 500.
 *
 * Why this shape: Next 16 gives a page no way to choose its status (only notFound/forbidden/unauthorized
 * and redirects set one) and writes the 500 itself after the render failed (`res.statusCode = 500;
 * res.end(html)`, which ends in writeHead). So each request carries its own response in an
 * AsyncLocalStorage entered when the request starts (Node's `http.server.request.start` diagnostics
 * channel, subscribed once by instrumentation.ts), and lib/api/resilience.ts, on an outage, wraps the
 * writeHead of THAT response only. Nothing process-wide changes status. Cached pages never reach this:
 * they are served from the ISR / data cache while the API is down.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import { onEveryRequestStart, processWide } from '@/lib/process-wide';

export const RETRY_AFTER_SECONDS = 30;

export interface RequestScope {
  res: http.ServerResponse;
  /** performance.now() when the request arrived: the start of its API budget (lib/api/request-budget.ts) */
  startedAt: number;
}

const MARKED = Symbol.for('aromas.unavailableStatus.marked');

const scope = () => processWide('unavailableStatus', () => new AsyncLocalStorage<RequestScope>());

/** The request being served in this async context (undefined at build time and in background work). */
export function currentRequest(): RequestScope | undefined {
  return scope().getStore();
}

/** Once per server process (instrumentation.ts). */
export function installUnavailableStatus(): boolean {
  return onEveryRequestStart('unavailableStatus', ({ response }) => {
    // enterWith: the request listener Node calls right after this runs inside the same context
    if (response) scope().enterWith({ res: response, startedAt: performance.now() });
  });
}

type WriteHead = (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) => http.ServerResponse;

/**
 * The API call the current request was waiting for failed for an outage: if this response goes out as
 * 500, it goes out as 503 + Retry-After + no-store (same body: the something-went-wrong page).
 * Outside a request (build, a background revalidation) it does nothing.
 */
export function markRenderUnavailable(res: http.ServerResponse | undefined = scope().getStore()?.res): boolean {
  if (!res) return false;
  const marked = res as unknown as { [MARKED]?: boolean; writeHead: WriteHead };
  if (marked[MARKED]) return true;
  marked[MARKED] = true;
  const original = marked.writeHead;
  marked.writeHead = function writeHead(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode !== 500) return original.call(this, statusCode, ...rest);
    this.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    this.setHeader('cache-control', 'no-store');
    // writeHead(status, 'Internal Server Error', headers?): drop the reason phrase, keep the headers
    const args = typeof rest[0] === 'string' ? rest.slice(1) : rest;
    return original.call(this, 503, ...args);
  };
  return true;
}
