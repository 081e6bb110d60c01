/**
 * The locales module (issue 20 item 5): codes, URL prefixes, hreflang, Open Graph locales and the shop's time
 * zone live in ./data.mjs; this file derives what routing, proxy, SEO, maintenance and session code need.
 * No imports beyond the data: proxy.ts runs it on every request.
 */
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, SHOP_TIME_ZONE, type Locale } from './data.mjs';

export { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, SHOP_TIME_ZONE, type Locale };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The facts of a locale, the default's for anything else. A path with a dot ("/esto..no") skips proxy.ts and
 * reaches app/[locale] with that text as its locale: metadata built from it must not throw before the layout
 * answers 404 (it did: a 500).
 */
export function localeInfo(locale: string): (typeof LOCALE_INFO)[Locale] {
  return LOCALE_INFO[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/** The prefixed locales' URL prefixes: ['/en', '/br']. */
export const LOCALE_PREFIXES: readonly string[] = LOCALES.map((l) => LOCALE_INFO[l].prefix).filter((p) => p !== '');

/** next-intl's `localePrefix.prefixes`: every locale but the unprefixed default. */
export const ROUTING_PREFIXES = Object.fromEntries(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [l, LOCALE_INFO[l].prefix])) as Record<
  Exclude<Locale, typeof DEFAULT_LOCALE>,
  `/${string}`
>;

/** The prefix segments without their slash, as a regex alternation: "en|br". */
export const PREFIX_SEGMENTS = LOCALE_PREFIXES.map((p) => p.slice(1)).join('|');

/**
 * Every first path segment that names a locale (case-insensitive alternation): the prefixes and the codes
 * themselves ("/es" and "/pt-br", which next-intl redirects away).
 */
export const LOCALE_SEGMENTS = [...new Set([...LOCALE_PREFIXES.map((p) => p.slice(1)), ...LOCALES.map((l) => l.toLowerCase())])].join('|');

/**
 * Path (starting with "/") of a Spanish URL in the given locale: "/velas" → "/en/velas". The one place URLs
 * per language are made: canonical, hreflang and the language switcher all use it, so every internal link
 * to another language is the canonical URL (never a redirect: a link to "/es/…" would answer one).
 */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === '/' ? '' : path;
  return `${localeInfo(locale).prefix}${clean}` || '/';
}

/** Splits "/en/profile" into ["/en", "/profile"]; "/profile" into ["", "/profile"]. */
export function splitLocalePrefix(pathname: string): [string, string] {
  for (const p of LOCALE_PREFIXES) {
    if (pathname === p) return [p, '/'];
    if (pathname.startsWith(`${p}/`)) return [p, pathname.slice(p.length)];
  }
  return ['', pathname];
}

/** The locale of a public URL prefix: "/br" → pt-BR, "" (or an unknown one) → es. */
export function localeOfPrefix(prefix: string): Locale {
  return LOCALES.find((l) => LOCALE_INFO[l].prefix === prefix) ?? DEFAULT_LOCALE;
}

/** Locale of a request path: /en… → en, /br… → pt-BR, anything else → es (unprefixed default). */
export function localeFromPath(pathname: string): Locale {
  return localeOfPrefix(splitLocalePrefix(pathname)[0]);
}
