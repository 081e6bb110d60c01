// The shop's languages and time zone, the one table (lib/locales/index.ts adds the helpers). Plain ESM, typed
// by data.d.mts, so next.config.mjs (which Node loads as is) reads the same data as the app, proxy and API.

/** Locale codes, the default (Spanish) first. Display names are translated texts: messages common.language. */
export const LOCALES = ['es', 'en', 'pt-BR'];

export const DEFAULT_LOCALE = 'es';

/**
 * Per locale: the URL prefix (Spanish is unprefixed so the spec's URLs stay as they are; pt-BR lives at /br,
 * `br` alone being Breton), the hreflang of its alternates, the Open Graph locale and the `lang` of its pages.
 */
export const LOCALE_INFO = {
  es: { prefix: '', hreflang: 'es', ogLocale: 'es_AR' },
  en: { prefix: '/en', hreflang: 'en', ogLocale: 'en_US' },
  'pt-BR': { prefix: '/br', hreflang: 'pt-BR', ogLocale: 'pt_BR' },
};

/** The business is in Buenos Aires: its calendar days and clock times (lib/time) are those of this zone. */
export const SHOP_TIME_ZONE = 'America/Argentina/Buenos_Aires';
