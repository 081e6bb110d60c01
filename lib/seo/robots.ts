import type { MetadataRoute } from 'next';
import { LOCALE_PREFIXES } from '@/lib/locales';
import { absoluteUrl } from './metadata';

/** Locale prefixes of the URLs (es unprefixed). */
const PREFIXES = ['', ...LOCALE_PREFIXES];

/**
 * Private or duplicate URLs kept out of crawling, for every locale. Pages are anchored (`$`) or end in
 * "/" so that a category such as /cartas-de-tarot is not caught by the rule for /cart.
 * Sorting and paging variants of the catalogue (?sort=, ?page=) are duplicates of the canonical list;
 * a category filter (?category=) is either a redirect to the category page or a search narrowed to a
 * category (noindex): one per category per search, which spent a third of a crawl (issue 30).
 */
const DISALLOWED_PATHS = [
  '/cart$',
  '/cart/',
  '/checkout$',
  '/checkout/',
  '/profile$',
  '/profile/',
  '/orders$',
  '/orders/',
  '/order/',
  '/login$',
  '/register$',
] as const;

const DISALLOWED_QUERIES = ['/*?*sort=', '/*?*page=', '/*?*category='] as const;

export function disallowList(): string[] {
  const paths = PREFIXES.flatMap((prefix) => DISALLOWED_PATHS.map((p) => `${prefix}${p}`));
  return [...paths, ...DISALLOWED_QUERIES];
}

export function robotsRules(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: disallowList() }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
