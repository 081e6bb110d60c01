/**
 * GET /api/staff-export/customers?q=…&vip=…&sort=…&format=csv|xlsx — the customers list's export links (issue 32,
 * item 6): the session cookie forwarded to the API (lib/admin/export-proxy.ts).
 */
import type { NextRequest } from 'next/server';
import { customersExportPath, parseCustomerFilters } from '@/lib/admin/customer-filters';
import { proxyStaffExport } from '@/lib/admin/export-proxy';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest): Promise<Response> {
  const query = Object.fromEntries(request.nextUrl.searchParams);
  const { q, vip, sort } = parseCustomerFilters(query);
  return proxyStaffExport(request, customersExportPath({ q, vip, sort }, query.format === 'xlsx' ? 'xlsx' : 'csv'), '/admin/customers');
}
