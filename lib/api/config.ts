/**
 * Where the shop API lives. Read at run time (never inlined at build), so one build can be pointed
 * at another (staging) API by changing SHOP_API_URL and restarting.
 */
export function shopApiUrl(): string {
  return (process.env.SHOP_API_URL ?? 'http://localhost:4000').replace(/\/+$/, '');
}

/** The API address as the browser must reach it (REST from client islands, socket.io). */
export function publicApiUrl(): string {
  return (process.env.PUBLIC_API_URL ?? process.env.SHOP_API_URL ?? 'http://localhost:4000').replace(/\/+$/, '');
}

/** Absolute origin of the storefront for canonical, Open Graph and sitemap URLs. */
export function publicSiteUrl(): string {
  return (process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Deadlines and circuit breaker of the storefront server's calls to the API (lib/api/resilience.ts).
 * Read at run time like the URLs above. A hung API must cost a visitor seconds at most, never the socket.
 */
export function apiTimeouts(): { callMs: number; shellMs: number; breakerFailures: number; breakerHalfOpenMs: number } {
  return {
    /** deadline of one server-side call (pages, route handlers) */
    callMs: positiveInt('SHOP_API_TIMEOUT_MS', 4000),
    /** deadline of the shell's data (menu, footer, minimums): every page waits for it */
    shellMs: positiveInt('SHOP_API_SHELL_TIMEOUT_MS', 1500),
    /** failures (timeouts, refused connections, 503) in a row that open the breaker */
    breakerFailures: positiveInt('SHOP_API_BREAKER_FAILURES', 3),
    /** how long calls fail at once before one is let through (half-open) */
    breakerHalfOpenMs: positiveInt('SHOP_API_BREAKER_HALF_OPEN_MS', 2000),
  };
}
