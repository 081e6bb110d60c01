/* Used by proxy.ts on every page request: keep it free of imports and allocation beyond the result. */

/** First path segments next-intl must see: locale prefixes (/en, /br, and /es, which it redirects away). */
const LOCALE_SEGMENT = /^\/(?:es|en|br|pt-br)(?:\/|$)/i;

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
