import 'server-only';
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { shopApiUrl } from '@/lib/api/config';
import { storefrontKeyHeader } from '@/lib/api/storefront-key';
import { storefrontEnv } from '@/lib/env';
import { TOKEN_COOKIE } from '@/lib/session/store';

/** A large export is a few thousand rows: seconds, not the page budget of a render. */
const EXPORT_DEADLINE_MS = 30_000;

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } });

/**
 * The staff exports' download links (issue 32 item 6: the board's and the customers' CSV / XLSX). The API
 * wants the session as a Bearer header, which a plain link cannot send: the route handler reads the session
 * cookie, asks the API for `apiPath` (built from the filters it parsed again: nothing else is passed on) and
 * hands the file back. Signed out or not staff → the login page with `next`, as the screens do.
 */
export async function proxyStaffExport(request: NextRequest, apiPath: string, next: string): Promise<Response> {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  const login = new URL(`/login?next=${encodeURIComponent(next)}`, request.nextUrl.origin);
  if (!token) return Response.redirect(login, 303);
  let res: Response;
  try {
    res = await fetch(`${shopApiUrl()}/${apiPath}`, {
      headers: { authorization: `Bearer ${token}`, ...storefrontKeyHeader(storefrontEnv()) },
      cache: 'no-store',
      signal: AbortSignal.timeout(EXPORT_DEADLINE_MS),
    });
  } catch {
    return text('El servidor no responde: probá exportar de nuevo en unos minutos.', 503, { 'retry-after': '30' });
  }
  if (res.status === 401 || res.status === 403) return Response.redirect(login, 303);
  if (!res.ok) return text('No se pudo exportar.', res.status >= 400 ? res.status : 502);
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const h of ['content-type', 'content-disposition', 'x-export-rows', 'x-export-truncated']) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  // at most 5000 rows (≈1 MB): read whole, so the browser gets a length and a file that ends
  const body = await res.arrayBuffer();
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}
