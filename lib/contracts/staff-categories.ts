/**
 * THE staff categories contract (api/staff/categories): a category as the back-office manages it and the new
 * order. The name, slug and description bodies answer with the server's own messages: they are in
 * server/schemas/staff-categories.ts (as the products' are). Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { MAX_INT32 } from './common';

export const staffCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  order: z.number().int(),
  productCount: z.number().int().describe('Productos principales en ella, ocultos y archivados incluidos'),
  visibleCount: z.number().int().describe('Los que muestra la tienda'),
});

/** Every category, in order: the list and the answer of a reorder. */
export const staffCategoriesSchema = z.array(staffCategorySchema);

/** PUT api/staff/categories/order: every category id, in the new order. */
export const categoryOrderBody = z.object({ ids: z.array(z.number().int().min(1).max(MAX_INT32)).min(1).max(1000) }).strict();

export type StaffCategory = z.output<typeof staffCategorySchema>;
