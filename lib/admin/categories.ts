/**
 * Staff categories (GET/POST/PATCH/PUT/DELETE api/staff/categories, server/routes/staff/categories.ts):
 * the wire type and the server load. Client islands import only the type.
 */
import 'server-only';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffGet, type StaffLoad } from './data';

export interface StaffCategory {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  order: number;
  /** top-level products in it, hidden and archived included */
  productCount: number;
  /** the ones the storefront shows */
  visibleCount: number;
}

export async function loadCategories(): Promise<StaffLoad<StaffCategory[]>> {
  return staffGet<StaffCategory[]>(staffApiPaths.categories);
}
