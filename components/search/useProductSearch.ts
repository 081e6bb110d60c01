'use client';
import { useEffect, useState } from 'react';
import { useApiRead } from '@/lib/api/swr';
import type { ProductListItem } from '@/lib/contracts/catalogue';
import { extractDidYouMean, extractItems, normalizeQuery, SEARCH_DEBOUNCE_MS, searchApiPath } from './search-logic';

/** `didYouMean`: the API's closest query when the search found nothing. */
export type SearchState =
  | { status: 'idle'; term: ''; items: ProductListItem[]; didYouMean: null }
  | { status: 'pending'; term: string; items: ProductListItem[]; didYouMean: null }
  | { status: 'done'; term: string; items: ProductListItem[]; didYouMean: string | null }
  | { status: 'error'; term: string; items: ProductListItem[]; didYouMean: null };

const NONE: ProductListItem[] = [];
/** A term asked again within this window is answered from the cache (typing back, the other search box). */
const SEARCH_CACHE_MS = 60_000;

/**
 * Debounced product search: nothing is requested for empty text; otherwise `GET api/products/search?query=`
 * `delayMs` (500) after the last change, through swr (lib/api/swr.ts): a term searched a moment ago — typed
 * again, or in the header and the mobile panel — is answered from the cache, and an answer for an older term
 * never replaces the current one. While a new term is pending, the previous matches stay listed.
 * The answer is read with the search logic's own checks, not zod: this island loads on the public pages.
 */
export function useProductSearch(text: string, delayMs: number = SEARCH_DEBOUNCE_MS): SearchState {
  const term = normalizeQuery(text);
  const [settledTerm, setSettledTerm] = useState('');
  useEffect(() => {
    if (!term) return;
    const timer = setTimeout(() => setSettledTerm(term), delayMs);
    return () => clearTimeout(timer);
  }, [term, delayMs]);

  const asked = term !== '' && settledTerm === term;
  const { data, error } = useApiRead(
    asked ? searchApiPath(term) : null,
    // the term travels with its answer: the previous term's matches stay listed while the next one loads
    (answer: unknown) => ({ term, items: extractItems(answer), didYouMean: extractDidYouMean(answer) }),
    { auth: false, revalidateOnFocus: false, keepPreviousData: true, dedupingInterval: SEARCH_CACHE_MS },
  );

  if (!term) return { status: 'idle', term: '', items: NONE, didYouMean: null };
  if (asked && data?.term === term) return { status: 'done', term, items: data.items, didYouMean: data.didYouMean };
  if (asked && error) return { status: 'error', term, items: NONE, didYouMean: null };
  return { status: 'pending', term, items: data && !error ? data.items : NONE, didYouMean: null };
}
