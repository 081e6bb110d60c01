/**
 * GET /api/staff-export/orders?state=…&q=…&sort=… — the board's "Exportar CSV" link (issue 32, item 6). The
 * API wants the session as a Bearer header, which a plain link cannot send: this handler reads the session
 * cookie, asks the API for the CSV with the board's filters (parsed again here: nothing else is passed on)
 * and streams the file back. Signed out or not staff → the login page, as the board does.
 */
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { boardExportPath, parseBoardFilters } from '@/lib/admin/filters';
import { shopApiUrl } from '@/lib/api/config';
import { storefrontKeyHeader } from '@/lib/api/storefront-key';
import { TOKEN_COOKIE } from '@/lib/session/store';

export const dynamic = 'force-dynamic';

/** A large export is a few thousand rows: seconds, not the page budget of a render. */
const EXPORT_DEADLINE_MS = 30_000;

export async function GET(request: NextRequest): Promise<Response> {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  const login = new URL(`/login?next=${encodeURIComponent('/admin')}`, request.nextUrl.origin);
  if (!token) return Response.redirect(login, 303);
  const { state, from, to, q, sort } = parseBoardFilters(Object.fromEntries(request.nextUrl.searchParams));
  let res: Response;
  try {
    res = await fetch(`${shopApiUrl()}/${boardExportPath({ state, from, to, q, sort })}`, {
      headers: { authorization: `Bearer ${token}`, ...storefrontKeyHeader() },
      cache: 'no-store',
      signal: AbortSignal.timeout(EXPORT_DEADLINE_MS),
    });
  } catch {
    return new Response('El servidor no responde: probá exportar de nuevo en unos minutos.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30', 'cache-control': 'no-store' } });
  }
  if (res.status === 401 || res.status === 403) return Response.redirect(login, 303);
  if (!res.ok) return new Response('No se pudo exportar.', { status: res.status >= 400 ? res.status : 502, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const h of ['content-type', 'content-disposition', 'x-export-rows', 'x-export-truncated']) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  // at most MAX_EXPORT_ROWS rows (≈1 MB): read whole, so the browser gets a length and a file that ends
  const body = await res.arrayBuffer();
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}
