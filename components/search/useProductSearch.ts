'use client';
import { useEffect, useState } from 'react';
import { isAbortError, publicRequest } from '@/lib/api/public';
import type { ProductListItem } from '@/lib/contracts/catalogue';
import { extractDidYouMean, extractItems, normalizeQuery, SEARCH_DEBOUNCE_MS, searchApiPath } from './search-logic';

/** `didYouMean`: the API's closest query when the search found nothing. */
export type SearchState =
  | { status: 'idle'; term: ''; items: ProductListItem[]; didYouMean: null }
  | { status: 'pending'; term: string; items: ProductListItem[]; didYouMean: null }
  | { status: 'done'; term: string; items: ProductListItem[]; didYouMean: string | null }
  | { status: 'error'; term: string; items: ProductListItem[]; didYouMean: null };

type Settled =
  | { status: 'done'; term: string; items: ProductListItem[]; didYouMean: string | null }
  | { status: 'error'; term: string; items: ProductListItem[]; didYouMean: null };

const NONE: ProductListItem[] = [];

/**
 * Debounced product search: nothing is requested for empty text; otherwise one request
 * `GET api/products/search?query=` `delayMs` (500) after the last change, superseded requests aborted.
 * While a new term is pending, the previous matches stay listed (status 'pending').
 */
export function useProductSearch(text: string, delayMs: number = SEARCH_DEBOUNCE_MS): SearchState {
  const term = normalizeQuery(text);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      publicRequest<unknown>(searchApiPath(term), { auth: false, signal: controller.signal })
        .then((data) => setSettled({ status: 'done', term, items: extractItems(data), didYouMean: extractDidYouMean(data) }))
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          setSettled({ status: 'error', term, items: NONE, didYouMean: null });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, delayMs]);

  if (!term) return { status: 'idle', term: '', items: NONE, didYouMean: null };
  if (!settled || settled.term !== term) {
    return { status: 'pending', term, items: settled?.status === 'done' ? settled.items : NONE, didYouMean: null };
  }
  return settled;
}
