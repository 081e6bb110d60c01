import type { ProductSort } from '@/lib/contracts/catalogue';

/**
 * Catalogue URL state (spec §2 "Catalogue"): sort, rows per page, page, search query and category
 * filter, all in the query string so every view is a crawlable link.
 *
 * Canonical policy (documented in docs for SEO): sort and rows variants canonicalise to the clean URL;
 * page > 1 keeps `?page=N` (each page lists different products); search results are noindex.
 */

export const SORTS = ['popular', 'bestSellers', 'newest', 'name'] as const satisfies readonly ProductSort[];
export const DEFAULT_SORT: ProductSort = 'popular';
export const ROWS_OPTIONS = [12, 24, 48] as const;
export const DEFAULT_ROWS = 12;
/** Longest search text forwarded to the API. */
const MAX_QUERY_LENGTH = 100;

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

export interface CatalogueParams {
  page: number;
  rows: number;
  sort: ProductSort;
  /** Trimmed search text, '' when none. */
  query: string;
  /** Category filter on /products (slug), '' when none. */
  category: string;
  /** True when the URL carried a value that had to be corrected (e.g. ?page=abc, ?rows=7). */
  corrected: boolean;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,119}$/i;

/** Reads the catalogue state from the query string; garbage never throws, it falls back to defaults. */
export function parseCatalogueParams(searchParams: SearchParamsRecord): CatalogueParams {
  let corrected = false;

  const rawPage = first(searchParams.page);
  let page = 1;
  if (rawPage !== undefined) {
    if (/^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1) page = Number(rawPage);
    else corrected = true;
  }

  const rawRows = first(searchParams.rows);
  let rows = DEFAULT_ROWS;
  if (rawRows !== undefined) {
    const n = Number(rawRows);
    if ((ROWS_OPTIONS as readonly number[]).includes(n) && /^\d+$/.test(rawRows)) rows = n;
    else corrected = true;
  }

  const rawSort = first(searchParams.sort);
  let sort: ProductSort = DEFAULT_SORT;
  if (rawSort !== undefined) {
    if ((SORTS as readonly string[]).includes(rawSort)) sort = rawSort as ProductSort;
    else corrected = true;
  }

  const query = (first(searchParams.query) ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);

  const rawCategory = first(searchParams.category) ?? '';
  let category = '';
  if (rawCategory) {
    if (SLUG_RE.test(rawCategory)) category = rawCategory;
    else corrected = true;
  }

  return { page, rows, sort, query, category, corrected };
}

/** The query object of a catalogue link: defaults are left out so equivalent views share one URL. */
export function catalogueQuery(state: Partial<CatalogueParams>): Record<string, string> {
  const q: Record<string, string> = {};
  if (state.query) q.query = state.query;
  if (state.category) q.category = state.category;
  if (state.sort && state.sort !== DEFAULT_SORT) q.sort = state.sort;
  if (state.rows && state.rows !== DEFAULT_ROWS) q.rows = String(state.rows);
  if (state.page && state.page > 1) q.page = String(state.page);
  return q;
}

/** "/path?a=b" for a Spanish path and a catalogue state (for canonical/hreflang and tests). */
export function catalogueHref(path: string, state: Partial<CatalogueParams>): string {
  const qs = new URLSearchParams(catalogueQuery(state)).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The canonical path of a catalogue view: only `?page=N` (N > 1) survives. Search views are noindex. */
export function canonicalCataloguePath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * Page numbers to show: always first and last, the current one with `around` neighbours, gaps as
 * ellipses ("1 … 4 5 6 … 20"). A gap that would hide a single page shows that page instead.
 */
export function pageItems(current: number, totalPages: number, around = 1): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [{ type: 'page', page: 1 }] : [];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - around; p <= current + around; p += 1) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageItem[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) out.push({ type: 'page', page: p - 1 });
    else if (p - prev > 2) out.push({ type: 'gap', key: `gap-${prev}-${p}` });
    out.push({ type: 'page', page: p });
    prev = p;
  }
  return out;
}
