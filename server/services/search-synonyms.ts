/**
 * Synonym groups of the search (staff-managed; services/search.ts expands a query word to its group).
 * A change alters what product searches find: it is announced as a catalogue change (the API's cache —
 * and with it the search lexicon, which follows the cache's version — and the storefront's product lists).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { tags as cacheTags } from '../../lib/cache';
import type { Db } from '../db/client';
import type { WriteDeps } from '../events';
import { searchSynonyms } from '../db/schema';
import { HttpError } from '../errors';
import { normalizeText } from '../lib/text';
import type { SynonymGroup } from '../../lib/contracts/staff-search';

export const SEARCH_MESSAGES = {
  saved: 'Sinónimos guardados',
  deleted: 'Sinónimos eliminados',
  tooFew: 'Un grupo de sinónimos necesita al menos dos términos distintos',
};

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

const synonymsChanged = (deps: WriteDeps) => deps.events.emit({ type: 'catalogue.changed', areas: ['products'], tags: [cacheTags.products] });

export async function createSynonymGroup(deps: WriteDeps, terms: string[]): Promise<SynonymGroup> {
  const [row] = await deps.db
    .insert(searchSynonyms)
    .values({ terms: normalizeTerms(terms) })
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  await synonymsChanged(deps);
  return row!;
}

export async function updateSynonymGroup(deps: WriteDeps, id: number, terms: string[]): Promise<SynonymGroup | null> {
  const [row] = await deps.db
    .update(searchSynonyms)
    .set({ terms: normalizeTerms(terms), updatedAt: sql`now()` })
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  if (row) await synonymsChanged(deps);
  return row ?? null;
}

export async function deleteSynonymGroup(deps: WriteDeps, id: number): Promise<boolean> {
  const rows = await deps.db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
  if (rows.length > 0) await synonymsChanged(deps);
  return rows.length > 0;
}
