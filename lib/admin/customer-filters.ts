/**
 * The staff customers list's filters (q, vip, page) ↔ the URL query string ↔ the staff API query
 * (GET api/staff/customers). Pure: bad input is dropped, never sent on.
 */
import { staffApiPaths } from '@/lib/api/staff-paths';
/** The customers list's orders (issue 32 item 6); the first is the default. */
export const CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'orders', 'lastOrder'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
const isCustomerSort = (v: unknown): v is CustomerSort => typeof v === 'string' && (CUSTOMER_SORTS as readonly string[]).includes(v);

export interface CustomerFilters {
  q?: string;
  /** 'true': VIP only; 'false': non-VIP only */
  vip?: 'true' | 'false';
  /** absent = newest first */
  sort?: CustomerSort;
  page: number;
}

const CUSTOMER_ROWS = 20;

type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export function parseCustomerFilters(query: Query): CustomerFilters {
  const q = first(query.q)?.replace(/[\u0000-\u001f]/g, '').trim().slice(0, 100);
  const vip = first(query.vip);
  const pageRaw = first(query.page);
  const page = pageRaw && /^\d{1,6}$/.test(pageRaw) ? Math.max(1, Math.min(100_000, Number(pageRaw))) : 1;
  const sort = first(query.sort);
  return {
    q: q || undefined,
    vip: vip === 'true' || vip === 'false' ? vip : undefined,
    ...(isCustomerSort(sort) && sort !== 'newest' ? { sort } : {}),
    page,
  };
}

function toParams(f: Partial<CustomerFilters>): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.vip) p.set('vip', f.vip);
  if (f.sort && f.sort !== 'newest') p.set('sort', f.sort);
  if (f.page && f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The list URL for these filters; page 1 and empty values are left out. */
export function customersHref(f: Partial<CustomerFilters>): string {
  const s = toParams(f).toString();
  return s ? `/admin/customers?${s}` : '/admin/customers';
}

/** The staff API path for these filters (always with page and rows). */
export function customersApiPath(f: CustomerFilters): string {
  const p = toParams(f);
  p.set('page', String(f.page));
  p.set('rows', String(CUSTOMER_ROWS));
  return staffApiPaths.customers(p);
}

/** The customers export (CSV or XLSX) with these filters: the storefront's handler that forwards the session. */
export function customersExportHref(f: Omit<CustomerFilters, 'page'>, format: 'csv' | 'xlsx'): string {
  const p = toParams({ ...f, page: 1 });
  p.set('format', format);
  return staffApiPaths.storefrontCustomersExport(p);
}

/** The staff API path of the customers export for these filters. */
export function customersExportPath(f: Omit<CustomerFilters, 'page'>, format: 'csv' | 'xlsx'): string {
  const p = toParams({ ...f, page: 1 });
  p.set('format', format);
  return staffApiPaths.customersExport(p);
}
