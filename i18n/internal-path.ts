/* Used by proxy.ts on every page request: keep it free of imports (data aside) and allocation beyond the result. */
import { LOCALE_SEGMENTS, localeOfPrefix, PREFIX_SEGMENTS } from '../lib/locales';
import reservedSegments from './reserved-segments.json';

/** First path segments next-intl must see: locale prefixes (/en, /br, and /es, which it redirects away). */
const LOCALE_NAMES = LOCALE_SEGMENTS;
const LOCALE_SEGMENT = new RegExp(`^/(?:${LOCALE_NAMES})(?:/|$)`, 'i');

/**
 * The internal path of an unprefixed Spanish URL ("/velas" → "/es/velas", "/" → "/es"), or null when
 * next-intl has to decide (a locale prefix). The bulk of the traffic takes this path: it is the rewrite
 * next-intl's middleware makes (checked against it by internal-path.test.ts) without its work per
 * request — decoding and resolving the path, and copying every request header to pass the locale on, which
 * no page reads: each sets its locale from the [locale] segment (setRequestLocale).
 */
export function spanishInternalPath(pathname: string): string | null {
  if (LOCALE_SEGMENT.test(pathname)) return null;
  return pathname === '/' ? '/es' : `/es${pathname}`;
}

/** Internal route of the query-less listings (app/[locale]/catalogue-default). */
const DEFAULT_LISTING_SEGMENT = 'catalogue-default';
const RESERVED = new Set(reservedSegments);
const LOCALE_NAME = new RegExp(`^(?:${LOCALE_NAMES})$`, 'i');
const LISTING_PATH = new RegExp(`^(?:/(${PREFIX_SEGMENTS}))?/([^/.]+)$`);
const INTERNAL_PATH = new RegExp(`^(?:/(${PREFIX_SEGMENTS}))?/${DEFAULT_LISTING_SEGMENT}(?:/|$)`);

/** The [locale] segment behind a public prefix segment ("br" → "pt-BR", none → "es"). */
const localeOf = (prefix: string | undefined): string => localeOfPrefix(prefix ? `/${prefix}` : '');

/**
 * The cached route of a listing URL that has no query string: "/products" → "/es/catalogue-default",
 * "/velas" → "/es/catalogue-default/velas", "/br/velas" → "/pt-BR/catalogue-default/velas"; null for
 * anything else (other pages, locale roots, deeper paths). Call it only when the request has no query:
 * sort, rows, page and search render per request on the public route.
 */
export function defaultListingPath(pathname: string): string | null {
  const match = LISTING_PATH.exec(pathname);
  if (!match) return null;
  const [, prefix, segment] = match;
  const locale = localeOf(prefix);
  if (segment === 'products') return `/${locale}/${DEFAULT_LISTING_SEGMENT}`;
  if (RESERVED.has(segment) || LOCALE_NAME.test(segment)) return null;
  return `/${locale}/${DEFAULT_LISTING_SEGMENT}/${segment}`;
}

/**
 * A public request for the internal route itself ("/catalogue-default/velas") gets the 404 page rather
 * than a second URL of the same listing: this is a path only the catch-all route matches.
 */
export function internalListingNotFound(pathname: string): string | null {
  const match = INTERNAL_PATH.exec(pathname);
  if (!match) return null;
  return `/${localeOf(match[1])}/${DEFAULT_LISTING_SEGMENT}/-/-`;
}
