/**
 * The shape of every paged list the API answers (the catalogue, the staff board, customers, products).
 * Its own module, with nothing but zod: the order contract, which the browser parses with, imports it.
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
