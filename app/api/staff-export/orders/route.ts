/**
 * GET /api/staff-export/orders?state=…&q=…&sort=…&assignee=…&format=csv|xlsx — the board's "Exportar CSV" and
 * "Exportar XLSX" links (issue 32, item 6): the session cookie forwarded to the API (lib/admin/export-proxy.ts).
 */
import type { NextRequest } from 'next/server';
import { boardExportPath, parseBoardFilters } from '@/lib/admin/filters';
import { proxyStaffExport } from '@/lib/admin/export-proxy';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest): Promise<Response> {
  const query = Object.fromEntries(request.nextUrl.searchParams);
  const { state, from, to, q, sort, assignee } = parseBoardFilters(query);
  const format = query.format === 'xlsx' ? 'xlsx' : 'csv';
  return proxyStaffExport(request, boardExportPath({ state, from, to, q, sort, assignee }, format), '/admin');
}
