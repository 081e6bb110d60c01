/**
 * Which back-office sections a staff member sees, from the permissions of their role (server/db/seed
 * data.ts). The API refuses regardless; this only keeps the navigation honest.
 */
export type AdminSection = 'orders' | 'products' | 'prices' | 'categories' | 'search' | 'customers' | 'audit' | 'config';

export const SECTION_HREF: Record<AdminSection, string> = {
  orders: '/admin',
  products: '/admin/products',
  prices: '/admin/products/prices',
  categories: '/admin/categories',
  search: '/admin/search',
  customers: '/admin/customers',
  audit: '/admin/audit',
  config: '/admin/config',
};

/** Any of these opens the configuration page (each unlocks its own part of it). */
const CONFIG_PERMISSIONS = ['config:write', 'categories:write', 'transports:write'] as const;

export function adminSections(permissions: readonly string[]): AdminSection[] {
  const has = (p: string) => permissions.includes(p);
  const out: AdminSection[] = [];
  if (has('orders:read')) out.push('orders');
  // categories are managed with products:write, as the products in them (API: routes/staff/categories.ts)
  if (has('products:write')) out.push('products', 'prices', 'categories', 'search');
  if (has('users:read')) out.push('customers');
  if (has('audit:read')) out.push('audit');
  if (CONFIG_PERMISSIONS.some(has)) out.push('config');
  return out;
}
