import { AuditLog, auditHref, parseAuditFilters } from '@/components/admin/prices/AuditLog';
import { staffGet } from '@/lib/admin/data';
import type { AuditList } from '@/lib/contracts/price-changes';
import type { AuditEntryDetail } from '@/components/admin/prices/AuditLog';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffPageMetadata } from '@/components/admin/ui/metadata';
import { staffRequest } from '@/components/admin/ui/staff-request';
import type { PageProps } from '@/components/layout/page-props';

export const generateMetadata = ({ params }: PageProps) => staffPageMetadata(params, 'adminPrices.audit');

/** /admin/audit (audit:read: admin and superadmin): the audit log, filtered by who, what and date (GET form). */
export default async function AdminAuditPage({ params, searchParams }: PageProps) {
  const { need } = await staffRequest(params);
  const filters = parseAuditFilters(await searchParams);
  const query = new URLSearchParams();
  for (const k of ['actor', 'action', 'from', 'to', 'page'] as const) if (filters[k]) query.set(k, String(filters[k]));
  const [list, entry, products] = await Promise.all([
    staffGet<AuditList>(staffApiPaths.audit(query)),
    filters.entry ? staffGet<AuditEntryDetail>(staffApiPaths.auditEntry(filters.entry)) : Promise.resolve(null),
    staffGet<{ categories: { id: number; name: string }[] }>(staffApiPaths.products(new URLSearchParams({ rows: '1' }))),
  ]);
  const data = need(list, auditHref(filters));
  const detail = entry && entry.kind === 'ok' ? entry.data : null;
  // the category names of the entries' selections (a role with audit:read but not products:write sees ids)
  const categories = products.kind === 'ok' ? Object.fromEntries(products.data.categories.map((c) => [c.id, c.name])) : {};
  return <AuditLog filters={filters} list={data} entry={detail} categories={categories} />;
}
