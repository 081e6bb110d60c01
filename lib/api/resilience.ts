import 'server-only';
import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { Agent, type Dispatcher } from 'undici';
import { processWide } from '@/lib/process-wide';
import { answerUnavailable } from '@/lib/status-pages/templates';
import { apiTimeouts } from './config';
import { ApiOutageError } from './errors';
import { callDeadlineMs } from './request-budget';
import { currentRequest, markRenderUnavailable } from './unavailable-status';

/**
 * Every call of the storefront's server to the shop API goes through here (lib/api/server.ts): a
 * deadline per call and one circuit breaker per process (cockatiel). A hung API (a stopped process, a
 * lock wait, a half-open connection) used to hold each visitor's socket for minutes; now a call fails
 * after its deadline, and after `breakerFailures` outages in a row every call fails at once for
 * `breakerHalfOpenMs`, then one call is let through (half-open) and its outcome closes or reopens it.
 * Values: lib/api/config.ts (apiTimeouts) and the README's configuration table.
 *
 * An outage marks the response being rendered (lib/api/unavailable-status.ts), so that page answers
 * 503 with Retry-After, no-store, and never enters a cache (the failed render throws); when the shop's
 * prebuilt 503 page exists (lib/status-pages/templates.ts) the visitor is answered with it at once,
 * without waiting for Next to render the error page.
 *
 * Deadlines: every call of one request shares that request's budget (lib/api/request-budget.ts), so a
 * render that calls the API twice in a row still answers within one SHOP_API_TIMEOUT_MS. Under the
 * signal, the connection itself is bounded (apiDispatcher): Next drops the signal of the background
 * fetch that refreshes a stale data-cache entry, and without a socket deadline those piled up, one per
 * stale page view, for as long as the API hung.
 */

/** One breaker per process: pages, route handlers and instrumentation are separate bundles. */
function apiBreaker(): CircuitBreakerPolicy {
  return processWide('shopApi.breaker', () => {
    const t = apiTimeouts();
    return circuitBreaker(handleWhen((err) => err instanceof ApiOutageError), {
      halfOpenAfter: t.breakerHalfOpenMs,
      breaker: new ConsecutiveBreaker(t.breakerFailures),
    });
  });
}

export function apiBreakerState(): 'closed' | 'open' | 'half-open' | 'isolated' {
  const s = apiBreaker().state;
  return s === CircuitState.Closed ? 'closed' : s === CircuitState.Open ? 'open' : s === CircuitState.HalfOpen ? 'half-open' : 'isolated';
}

/**
 * The connection pool of every call to the API: connect, response headers and the gaps between body
 * chunks are each bounded by the call deadline, whatever signal the caller (or Next) passes.
 */
function apiDispatcher(): Dispatcher {
  return processWide<Dispatcher>('shopApi.dispatcher', () => {
    const ms = apiTimeouts().callMs;
    return new Agent({ connect: { timeout: ms }, headersTimeout: ms, bodyTimeout: ms });
  });
}

export interface ApiAnswer {
  status: number;
  /** the parsed JSON body; undefined when the body is not JSON */
  body: unknown;
}

/** Rejects when `signal` aborts, whatever the awaited work is waiting for (a socket, a cache lock). */
function deadline(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ApiOutageError('timeout', { cause: signal.reason }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

async function attempt(url: string, init: RequestInit, signal: AbortSignal): Promise<ApiAnswer> {
  let res: Response;
  try {
    // `dispatcher` is undici's (Node's fetch) extension of RequestInit; Next passes it through
    res = await fetch(url, { ...init, signal, dispatcher: apiDispatcher() } as RequestInit);
  } catch (err) {
    throw new ApiOutageError(signal.aborted ? 'timeout' : 'unreachable', { cause: err });
  }
  if (res.status === 503) {
    await res.body?.cancel().catch(() => undefined);
    throw new ApiOutageError('unavailable');
  }
  const text = await res.text().catch((err: unknown) => {
    throw new ApiOutageError(signal.aborted ? 'timeout' : 'unreachable', { cause: err });
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/**
 * One call to the API within `timeoutMs` (headers and body), through the breaker. Throws ApiOutageError
 * for an outage; any other answer (4xx, 500) is returned, since it proves the API is there.
 *
 * A cacheable GET is first looked up in Next's data cache alone (a fetch with an already aborted
 * signal answers from the cache or fails at once): cache hits never count for the breaker (they would
 * reset its count of consecutive failures) and keep pages rendering while the API is down or the
 * breaker is open. Only a miss goes to the network, through the breaker.
 */
export async function fetchApi(url: string, init: RequestInit, timeoutMs: number): Promise<ApiAnswer> {
  const request = currentRequest();
  const budget = request ? { startedAt: request.startedAt, totalMs: apiTimeouts().callMs } : undefined;
  const ms = callDeadlineMs(timeoutMs, budget, performance.now());
  // the request's budget is spent: answer now rather than start a call nobody can wait for
  if (ms <= 0) return await outage(new ApiOutageError('timeout'));
  const signal = AbortSignal.timeout(ms);
  const cacheable = init.cache !== 'no-store' && (init.method ?? 'GET') === 'GET';
  if (cacheable) {
    try {
      return await Promise.race([attempt(url, init, AbortSignal.abort()), deadline(signal)]);
    } catch (err) {
      if (signal.aborted) return await outage(err); // waited for the cache lock of a hung call
      // not in the data cache
    }
  }
  // Half-open: one trial call is in flight. cockatiel makes every other call wait for its outcome (up to
  // a whole deadline against a hung API); they fail at once instead, and the trial alone decides.
  if (apiBreaker().state === CircuitState.HalfOpen) return await outage(new ApiOutageError('circuit-open'));
  try {
    return await apiBreaker().execute(() => Promise.race([attempt(url, init, signal), deadline(signal)]));
  } catch (err) {
    return await outage(err instanceof BrokenCircuitError ? new ApiOutageError('circuit-open', { cause: err }) : err);
  }
}

async function outage(err: unknown): Promise<never> {
  if (err instanceof ApiOutageError) {
    const res = currentRequest()?.res;
    if (res && answerUnavailable(res)) {
      // Answered. The rest of this render (Next's error page, never sent) waits for the next turn of
      // the event loop, so it does not hold back the answers of the requests whose deadlines expire
      // in the same instant (a burst of 50 all waiting on the hung API).
      await new Promise((resolve) => setImmediate(resolve));
    } else {
      // no prebuilt page yet, or no request: Next's render of the error page answers, marked 503
      markRenderUnavailable(res);
    }
  }
  throw err;
}
