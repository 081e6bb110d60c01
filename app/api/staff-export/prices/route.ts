/**
 * GET /api/staff-export/prices?category=…&q=…&state=… — the price page's "Exportar CSV" link (issue 24 §2): the
 * session cookie forwarded to the API (lib/admin/export-proxy.ts), the selection parsed again here (nothing else
 * is passed on).
 */
import type { NextRequest } from 'next/server';
import { proxyStaffExport } from '@/lib/admin/export-proxy';
import { staffApiPaths } from '@/lib/api/staff-paths';

export const dynamic = 'force-dynamic';

const STATES = new Set(['active', 'limited', 'noStock', 'hidden']);

export async function GET(request: NextRequest): Promise<Response> {
  const p = request.nextUrl.searchParams;
  const query = new URLSearchParams();
  const category = p.get('category') ?? '';
  if (/^[0-9]{1,9}$/.test(category)) query.set('category', category);
  const q = (p.get('q') ?? '').trim().slice(0, 100);
  if (q) query.set('q', q);
  const state = p.get('state') ?? '';
  if (STATES.has(state)) query.set('state', state);
  return proxyStaffExport(request, staffApiPaths.pricesExport(query), '/admin/products/prices');
}
