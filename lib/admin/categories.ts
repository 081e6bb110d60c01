/**
 * Staff categories (GET/POST/PATCH/PUT/DELETE api/staff/categories, server/routes/staff/categories.ts): the
 * contract's type (lib/contracts/staff-categories.ts) and the server load, parsed with it. Client islands
 * import only the type.
 */
import 'server-only';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffCategoriesSchema, type StaffCategory } from '@/lib/contracts/staff-categories';
import { staffRead, type StaffLoad } from './data';

export type { StaffCategory };

export async function loadCategories(): Promise<StaffLoad<StaffCategory[]>> {
  return staffRead(staffCategoriesSchema, staffApiPaths.categories);
}
