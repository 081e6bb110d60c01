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
