import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { guardRedirect } from './lib/session/guard';
import { maintenanceGate, TOKEN_COOKIE } from './lib/maintenance/handler';

/**
 * Runs before every page request (not assets, /uploads, /api, files with an extension). Kept cheap:
 * 1. maintenance screen (503) from a cached flag — no API call per request (lib/maintenance);
 * 2. signed-in guard: checkout, profile, orders without the session cookie → login (lib/session/guard);
 * 3. next-intl locale routing (es unprefixed, /en, /br; no detection, no cookie).
 */
const handleI18nRouting = createMiddleware(routing);

export default async function proxy(request: NextRequest) {
  const maintenance = await maintenanceGate(request);
  if (maintenance) return maintenance;

  const loginRedirect = guardRedirect(request.nextUrl.pathname, Boolean(request.cookies.get(TOKEN_COOKIE)?.value));
  if (loginRedirect) return NextResponse.redirect(new URL(loginRedirect, request.url));

  return handleI18nRouting(request);
}

export const config = { matcher: '/((?!api|_next|_vercel|uploads|.*\\..*).*)' };
