import { storefrontEnv } from '../env';

/**
 * Where the shop API lives. Read at run time (never inlined at build), so one build can be pointed
 * at another (staging) API by changing SHOP_API_URL and restarting. Every variable: lib/env.ts.
 */
export function shopApiUrl(): string {
  return storefrontEnv().SHOP_API_URL;
}

/** The API address as the browser must reach it (REST from client islands, socket.io). */
export function publicApiUrl(): string {
  const env = storefrontEnv();
  return env.PUBLIC_API_URL ?? env.SHOP_API_URL;
}

/** Absolute origin of the storefront for canonical, Open Graph and sitemap URLs. */
export function publicSiteUrl(): string {
  const env = storefrontEnv();
  return env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`;
}

/**
 * Deadlines and circuit breaker of the storefront server's calls to the API (lib/api/resilience.ts).
 * Read at run time like the URLs above. A hung API must cost a visitor seconds at most, never the socket.
 */
export function apiTimeouts(): { callMs: number; shellMs: number; breakerFailures: number; breakerHalfOpenMs: number } {
  const env = storefrontEnv();
  return {
    /** deadline of one server-side call (pages, route handlers) */
    callMs: env.SHOP_API_TIMEOUT_MS,
    /** deadline of the shell's data (menu, footer, minimums): every page waits for it */
    shellMs: env.SHOP_API_SHELL_TIMEOUT_MS,
    /** failures (timeouts, refused connections, 503) in a row that open the breaker */
    breakerFailures: env.SHOP_API_BREAKER_FAILURES,
    /** how long calls fail at once before one is let through (half-open) */
    breakerHalfOpenMs: env.SHOP_API_BREAKER_HALF_OPEN_MS,
  };
}
