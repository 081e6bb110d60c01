/** Synonym groups of the search (staff-managed; services/search.ts expands a query word to its group). */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchSynonyms } from '../db/schema';
import { HttpError } from '../errors';
import { normalizeText } from '../lib/text';

export const SEARCH_MESSAGES = {
  saved: 'Sinónimos guardados',
  deleted: 'Sinónimos eliminados',
  tooFew: 'Un grupo de sinónimos necesita al menos dos términos distintos',
};

export type SynonymGroup = { id: number; terms: string[] };

/** Terms as searched: normalized, letters, digits and single spaces; at least two distinct ones. */
function normalizeTerms(terms: string[]): string[] {
  const out = [
    ...new Set(
      terms
        .map((t) =>
          normalizeText(t)
            .replace(/[^a-z0-9]+/g, ' ')
            .trim(),
        )
        .filter((t) => t.length >= 2),
    ),
  ];
  if (out.length < 2) throw HttpError.badRequest(SEARCH_MESSAGES.tooFew);
  return out;
}

export async function listSynonymGroups(db: Db): Promise<SynonymGroup[]> {
  return db.select({ id: searchSynonyms.id, terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
}

export async function createSynonymGroup(db: Db, terms: string[]): Promise<SynonymGroup> {
  const [row] = await db
    .insert(searchSynonyms)
    .values({ terms: normalizeTerms(terms) })
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  return row!;
}

export async function updateSynonymGroup(db: Db, id: number, terms: string[]): Promise<SynonymGroup | null> {
  const [row] = await db
    .update(searchSynonyms)
    .set({ terms: normalizeTerms(terms), updatedAt: sql`now()` })
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  return row ?? null;
}

export async function deleteSynonymGroup(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
  return rows.length > 0;
}
