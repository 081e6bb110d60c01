/**
 * Which back-office sections a staff member sees, from the permissions of their role (server/db/seed
 * data.ts). The API refuses regardless; this only keeps the navigation honest.
 */
export type AdminSection = 'orders' | 'products' | 'categories' | 'search' | 'customers' | 'config';

export const SECTION_HREF: Record<AdminSection, string> = {
  orders: '/admin',
  products: '/admin/products',
  categories: '/admin/categories',
  search: '/admin/search',
  customers: '/admin/customers',
  config: '/admin/config',
};

/** Any of these opens the configuration page (each unlocks its own part of it). */
const CONFIG_PERMISSIONS = ['config:write', 'categories:write', 'transports:write'] as const;

export function adminSections(permissions: readonly string[]): AdminSection[] {
  const has = (p: string) => permissions.includes(p);
  const out: AdminSection[] = [];
  if (has('orders:read')) out.push('orders');
  // categories are managed with products:write, as the products in them (API: routes/staff/categories.ts)
  if (has('products:write')) out.push('products', 'categories', 'search');
  if (has('users:read')) out.push('customers');
  if (CONFIG_PERMISSIONS.some(has)) out.push('config');
  return out;
}
