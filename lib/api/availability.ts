/**
 * Whether the shop API was unreachable a moment ago, as seen by this storefront process.
 *
 * Why: when the API is down, a page that is not cached yet fails to render and Next answers 500 — and
 * Next 16 has no way for a page to choose another status (only notFound/forbidden/unauthorized and
 * redirects set one). A 500 reads as "our bug" to monitors and crawlers; the honest answer is 503
 * (temporary, retry later). lib/api/server.ts records network failures here and instrumentation.ts
 * turns the 500 of a page rendered during an outage into 503 (lib/api/unavailable-status.ts).
 *
 * The state lives on globalThis: instrumentation and the app routes are separate bundles with their
 * own module instances inside the one server process.
 */
const KEY = Symbol.for('aromas.shopApi.unreachableAt');

/** How long after the last failed call a 500 is still blamed on the API. */
export const UNREACHABLE_WINDOW_MS = 10_000;

type Holder = { [KEY]?: number };

/** A call to the API failed at the network level (refused, reset, timeout) or answered 503. */
export function markApiUnreachable(now: number = Date.now()): void {
  (globalThis as Holder)[KEY] = now;
}

/** A call reached the API and got an answer other than 503. */
export function markApiReachable(): void {
  (globalThis as Holder)[KEY] = 0;
}

export function apiRecentlyUnreachable(now: number = Date.now(), windowMs: number = UNREACHABLE_WINDOW_MS): boolean {
  const at = (globalThis as Holder)[KEY] ?? 0;
  return at > 0 && now - at < windowMs;
}
