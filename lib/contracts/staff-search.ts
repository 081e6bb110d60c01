/**
 * THE staff search contract (api/staff/search, …/search/synonyms): synonym groups, the search report of the
 * last days and the terms staff type. The routes declare them (server/routes/staff/search.ts) and the
 * back-office reads them. Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';

/** One word or phrase of a synonym group: a letter or digit in it, no control characters. */
const synonymTerm = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .refine((s) => /[\p{L}\p{N}]/u.test(s) && !/[\u0000-\u001f\u007f]/.test(s), { message: 'término inválido' });

/** POST api/staff/search/synonyms and PATCH …/:id: the whole group, 2 to 10 terms. */
export const synonymTermsBody = z.object({ terms: z.array(synonymTerm).min(2).max(10) });

export const synonymGroupSchema = z.object({ id: z.number().int(), terms: z.array(z.string()) });

const searchReportRowSchema = z.object({ query: z.string(), searches: z.number().int(), results: z.number().int() });

export const searchAdminQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** GET api/staff/search: the synonym groups and what shoppers searched most (with and without results). */
export const searchAdminSchema = z.object({
  days: z.number().int(),
  synonyms: z.array(synonymGroupSchema),
  top: z.array(searchReportRowSchema),
  noResults: z.array(searchReportRowSchema),
});

export type SynonymGroup = z.output<typeof synonymGroupSchema>;
export type SearchReportRow = z.output<typeof searchReportRowSchema>;
