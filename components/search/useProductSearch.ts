'use client';
import { useEffect, useState } from 'react';
import { isAbortError, publicRequest } from '@/lib/api/public';
import type { ProductListItem } from '@/lib/api/types';
import { extractItems, normalizeQuery, SEARCH_DEBOUNCE_MS, searchApiPath } from './search-logic';

export type SearchState =
  | { status: 'idle'; term: ''; items: ProductListItem[] }
  | { status: 'pending'; term: string; items: ProductListItem[] }
  | { status: 'done'; term: string; items: ProductListItem[] }
  | { status: 'error'; term: string; items: ProductListItem[] };

type Settled = { status: 'done' | 'error'; term: string; items: ProductListItem[] };

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
        .then((data) => setSettled({ status: 'done', term, items: extractItems(data) }))
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          setSettled({ status: 'error', term, items: NONE });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, delayMs]);

  if (!term) return { status: 'idle', term: '', items: NONE };
  if (!settled || settled.term !== term) {
    return { status: 'pending', term, items: settled?.status === 'done' ? settled.items : NONE };
  }
  return settled;
}
