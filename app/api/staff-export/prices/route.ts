/**
 * GET /api/staff-export/prices?category=…&q=…&state=… — the price page's "Exportar CSV" link (issue 24 §2).
 * As the board's export (../orders/route.ts): the API wants the session as a Bearer header, which a plain
 * link cannot send, so this handler reads the session cookie, asks the API for the CSV of the same selection
 * (parsed again here: nothing else is passed on) and sends the file back. Signed out or refused → login.
 */
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import { shopApiUrl } from '@/lib/api/config';
import { storefrontKeyHeader } from '@/lib/api/storefront-key';
import { TOKEN_COOKIE } from '@/lib/session/store';

export const dynamic = 'force-dynamic';

const EXPORT_DEADLINE_MS = 30_000;
const STATES = new Set(['active', 'limited', 'noStock', 'hidden']);

export async function GET(request: NextRequest): Promise<Response> {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  const login = new URL(`/login?next=${encodeURIComponent('/admin/products/prices')}`, request.nextUrl.origin);
  if (!token) return Response.redirect(login, 303);
  const p = request.nextUrl.searchParams;
  const query = new URLSearchParams();
  const category = p.get('category') ?? '';
  if (/^[0-9]{1,9}$/.test(category)) query.set('category', category);
  const q = (p.get('q') ?? '').trim().slice(0, 100);
  if (q) query.set('q', q);
  const state = p.get('state') ?? '';
  if (STATES.has(state)) query.set('state', state);
  let res: Response;
  try {
    res = await fetch(`${shopApiUrl()}/api/staff/prices/export?${query.toString()}`, {
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
  for (const h of ['content-type', 'content-disposition', 'x-export-rows']) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  const body = await res.arrayBuffer();
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}
