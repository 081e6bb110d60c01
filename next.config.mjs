import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import createNextIntlPlugin from 'next-intl/plugin';
import { gitCommit, packageVersion } from './lib/build/info.mjs';
import { LOCALE_INFO } from './lib/locales/data.mjs';

// Messages are compiled at build time (icu-minify), so the browser gets a small formatter instead of
// the ICU parser; every JSON file under messages/ goes through next-intl's catalog loader.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/*
 * Shared-cache headers for the HTML (a CDN or deploy/nginx.conf in front). Anonymous visitors (no
 * `userToken` session cookie, lib/maintenance/handler) of the catalogue, category, product and home pages
 * get the same HTML — no page reads cookies or headers; the session and cart are client-side — so a
 * shared cache may keep it for a short while and serve it stale while it refreshes. Next itself would
 * send `s-maxage=300, stale-while-revalidate=<1 year>` for ISR pages and `private, no-store` for the
 * per-request catalogue pages; a header set here wins (Next only fills Cache-Control when it is unset).
 * s-maxage is short so a staff change (which revalidates Next's cache by tag at once) reaches visitors
 * within seconds through the shared cache too; stale-while-revalidate keeps every hit fast meanwhile.
 * Private pages are never stored by anyone. Checked by e2e/cache-headers.spec.ts; deploy/nginx.conf.
 */
const SHARED_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=86400';
const SIGNED_IN = 'private, no-cache, max-age=0';
const NO_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';
// the prefixed locales' URL prefixes (lib/locales: /en, /br; Spanish is unprefixed)
const PREFIXES = Object.values(LOCALE_INFO)
  .map((l) => l.prefix)
  .filter(Boolean);
const LOCALE = `/:locale(${PREFIXES.map((p) => p.slice(1)).join('|')})?`;
// First path segments that are not category slugs (app/[locale]/* folders, non-page paths — proxy.ts reads
// the same list, i18n/internal-path.ts — and the locale prefixes).
const RESERVED = [
  ...JSON.parse(readFileSync(new URL('./i18n/reserved-segments.json', import.meta.url), 'utf8')),
  ...PREFIXES.map((p) => p.slice(1)),
].join('|');
// The lookahead sees the rest of the path (path-to-regexp compiles one regex): a reserved segment is
// followed by '/' or the end — with `$` alone, `/api/health` passed as category 'api', product 'health'.
const CATEGORY = `:category((?!(?:${RESERVED})(?:/|$))[^/.]+)`;
const sessionCookie = [{ type: 'cookie', key: 'userToken' }];
const cacheHeader = (value) => [{ key: 'Cache-Control', value }];

// Security headers sent with every file. Pages also get the CSP (and HSTS on https) from proxy.ts, which knows
// the API origin at run time (lib/security/csp.ts; same values, checked by its test). Build assets
// (/_next/static: scripts, styles, fonts) get only nosniff: the others act on documents alone, and on a page's
// dozen scripts they were ~230 bytes each (issue 25).
const NOSNIFF = { key: 'X-Content-Type-Options', value: 'nosniff' };
const SECURITY_HEADERS = [
  NOSNIFF,
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    const publicPages = ['/', ...PREFIXES, `${LOCALE}/products`, `${LOCALE}/products/:product([^/.]+)`, `${LOCALE}/${CATEGORY}`, `${LOCALE}/${CATEGORY}/:product([^/.]+)`];
    const privatePages = [`${LOCALE}/:page(cart|quick-order|price-list|checkout|profile|orders|autoLogin|verify|reset-password)`, `${LOCALE}/order/:path*`, `${LOCALE}/admin`, `${LOCALE}/admin/:path*`];
    return [
      ...publicPages.map((source) => ({ source, missing: sessionCookie, headers: cacheHeader(SHARED_CACHE) })),
      // The same HTML, but a signed-in visitor's response is never put in a shared cache.
      ...publicPages.map((source) => ({ source, has: sessionCookie, headers: cacheHeader(SIGNED_IN) })),
      ...privatePages.map((source) => ({ source, headers: cacheHeader(NO_STORE) })),
      { source: '/((?!_next/static/).*)', headers: SECURITY_HEADERS },
      { source: '/_next/static/:path*', headers: [NOSNIFF] },
    ];
  },
  // `npm test` type-checks the whole project (tsc) before it builds; NEXT_SKIP_TYPECHECK=1 lets that
  // build, and benchmark builds, skip the second identical pass.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  poweredByHeader: false,
  // Lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The API host is read at run time (SHOP_API_URL), so product images are served through our own origin.
  images: { unoptimized: true },
  // Turbopack's default CSS chunking merged every route's CSS modules (admin, checkout…) into one 103 kB
  // stylesheet that the root layout loaded on every page; 'graph' chunks by which routes use what:
  // home and /products load ~43 kB of CSS instead of ~122 kB (Lighthouse LCP on /products 2.7 → 2.2 s).
  experimental: { cssChunking: 'graph' },
  // SOURCEMAPS=1 next build: browser source maps, for profiling a production build (not for deploys).
  productionBrowserSourceMaps: process.env.SOURCEMAPS === '1',
  // What the build is made of, inlined at build time for /api/health (a deploy may override SHOP_COMMIT at run time).
  env: { SHOP_BUILD_VERSION: packageVersion(), SHOP_BUILD_COMMIT: gitCommit() },
};

/*
 * Several storefront instances (issue 21): with REDIS_URL at `next start`, ISR pages and the fetch cache live in
 * Redis (lib/cache/redis-cache-handler.mjs), shared by every instance, and no instance keeps its own in-memory
 * copy (cacheMaxMemorySize 0) that a revalidation on another could miss. The build never uses it (its
 * prerendered pages stay files; each instance renders into Redis on first request). Without REDIS_URL: Next's
 * file cache, as before.
 */
// NEXT_CACHE_HANDLER (a path from the repository root) swaps in another handler: bench/hosts compares them.
const sharedCache = (phase) =>
  process.env.REDIS_URL && phase !== PHASE_PRODUCTION_BUILD
    ? { cacheHandler: fileURLToPath(new URL(process.env.NEXT_CACHE_HANDLER || './lib/cache/redis-cache-handler.mjs', import.meta.url)), cacheMaxMemorySize: 0 }
    : {};

const config = (phase) => withNextIntl({ ...nextConfig, ...sharedCache(phase) });
export default config;
