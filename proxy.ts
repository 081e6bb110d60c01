import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import { defaultListingPath, internalListingNotFound, spanishInternalPath } from './i18n/internal-path';
import { guardRedirect } from './lib/session/guard';
import { maintenanceGate, TOKEN_COOKIE } from './lib/maintenance/handler';
import { storefrontEnv } from './lib/env';
import { documentSecurity, usesNonce, type DocumentSecurity } from './lib/security/csp';

/**
 * Runs before every page request (not assets, /uploads, /api, files with an extension). Kept cheap:
 * 1. maintenance screen (503) from a cached flag — no API call per request (lib/maintenance);
 * 2. signed-in guard: checkout, profile, orders without the session cookie → login (lib/session/guard);
 * 3. locale routing (es unprefixed: a direct rewrite; /en, /br through next-intl; no detection, no cookie);
 *    /products and /{category} without a query string go to their cached route (i18n/internal-path);
 * 4. security headers: CSP with a per-request nonce on pages rendered per request, a nonce-less one on
 *    cached pages (design in lib/security/csp.ts).
 */
// alternateLinks off: the hreflang alternates are in every page's <head> (lib/seo/metadata), and
// next-intl's Link header repeated them per response (with the request's host, not PUBLIC_SITE_URL) at
// about half of its cost per request (bench/storefront).
const handleI18nRouting = createMiddleware({ ...routing, alternateLinks: false });

/** Cached pages' headers (no nonce) depend only on the environment: built once per process. */
let cachedPageSecurity: DocumentSecurity | undefined;

export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const security = usesNonce(pathname) ? documentSecurity(pathname, storefrontEnv()) : (cachedPageSecurity ??= documentSecurity(pathname, storefrontEnv()));
  const withHeaders = <R extends Response>(res: R): R => {
    for (const [k, v] of Object.entries(security.responseHeaders)) res.headers.set(k, v);
    return res;
  };

  const maintenance = await maintenanceGate(request);
  if (maintenance) return withHeaders(maintenance);

  const loginRedirect = guardRedirect(request.nextUrl.pathname, Boolean(request.cookies.get(TOKEN_COOKIE)?.value));
  if (loginRedirect) return NextResponse.redirect(new URL(loginRedirect, request.url));

  // The nonce travels to the renderer on the request's CSP header (Next reads it from there).
  const nonceHeaders = Object.entries(security.requestHeaders);
  if (nonceHeaders.length === 0) {
    // The first page of /products and of each category, asked without a query string: cached routes.
    const listing = (request.nextUrl.search ? null : defaultListingPath(pathname)) ?? internalListingNotFound(pathname);
    if (listing) return withHeaders(NextResponse.rewrite(new URL(listing, request.url)));
    const internal = spanishInternalPath(pathname);
    if (internal) return withHeaders(NextResponse.rewrite(new URL(internal + request.nextUrl.search, request.url)));
    return withHeaders(handleI18nRouting(request));
  }
  const headers = new Headers(request.headers);
  for (const [k, v] of nonceHeaders) headers.set(k, v);
  return withHeaders(handleI18nRouting(new NextRequest(request, { headers })));
}

export const config = { matcher: '/((?!api|_next|_vercel|uploads|.*\\..*).*)' };
