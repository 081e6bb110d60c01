/**
 * Shapes that several contracts share: a paged list (the catalogue, the staff board, customers, products)
 * and a product's quantity rules. Nothing but zod: the contracts the browser parses with import it.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';

/** A page of a list: its items, how many there are in all and which page of how many rows this is. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    rows: z.number().int(),
  });
}

/** A product's quantity rules: the minimum, the maximum (0: the shop's) and the step of what is ordered. */
export const quantityFields = {
  min: z.number().int(),
  max: z.number().int(),
  steps: z.number().int(),
};
