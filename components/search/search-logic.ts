import type { ProductListItem } from '@/lib/contracts/catalogue';
import { productPath } from '@/components/catalogue/paths';
import { apiPaths } from '@/lib/api/paths';

/** Spec §5/§9: a request only for non-empty text, after a 500 ms pause. */
export const SEARCH_DEBOUNCE_MS = 500;
/** How many product matches the dropdown lists (the full list is on /products?query=…). */
export const MAX_SUGGESTIONS = 8;

/** The search term as sent: trimmed and with inner whitespace collapsed; '' means "no request". */
export function normalizeQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function searchApiPath(term: string): string {
  return apiPaths.productSearch(term);
}

/** The catalogue URL (Spanish, unprefixed; locale-aware Link/router add the prefix) for a search term. */
export function searchResultsHref(term: string): string {
  return `/products?query=${encodeURIComponent(term)}`;
}

/**
 * Product detail URL: /{firstCategorySlug}/{productSlug} (the catalogue's canonical path, which uses
 * /products/{slug} for a product without category); without a slug, the search results for its name.
 */
export function productHref(product: Pick<ProductListItem, 'slug' | 'name' | 'Categories'>): string {
  if (!product.slug) return searchResultsHref(product.name);
  return productPath(product);
}

/** Accepts the API's `data` either as `{ items }` (spec) or a bare list. */
export function extractItems(data: unknown): ProductListItem[] {
  if (Array.isArray(data)) return data as ProductListItem[];
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    return (data as { items: ProductListItem[] }).items;
  }
  return [];
}

/** The API's "¿Quisiste decir …?" for a search that found nothing (`data.didYouMean`), or null. */
export function extractDidYouMean(data: unknown): string | null {
  if (data && typeof data === 'object' && typeof (data as { didYouMean?: unknown }).didYouMean === 'string') {
    return (data as { didYouMean: string }).didYouMean || null;
  }
  return null;
}

/**
 * Moves the active option for ArrowDown (+1) / ArrowUp (-1) over `count` options, wrapping around;
 * -1 means "no active option" (focus stays on the text).
 */
export function moveActive(current: number, delta: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}
