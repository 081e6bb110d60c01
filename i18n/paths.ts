import type { Locale } from './routing';

// Must agree with routing.localePrefix: es is unprefixed, so a link to "/es/…" would answer a redirect.
const LOCALE_PREFIX: Record<Locale, string> = { es: '', en: '/en', 'pt-BR': '/br' };

/**
 * Path (starting with "/") of a Spanish URL in the given locale: "/velas" → "/en/velas". The one
 * place URLs per language are made: canonical, hreflang and the language switcher all use it, so
 * every internal link to another language is the canonical URL (never a redirect).
 */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === '/' ? '' : path;
  return `${LOCALE_PREFIX[locale]}${clean}` || '/';
}
