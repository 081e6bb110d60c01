import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES, ROUTING_PREFIXES } from '@/lib/locales';

// The locales and their URL prefixes are lib/locales' (es unprefixed, pt-BR at /br).
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: { mode: 'as-needed', prefixes: ROUTING_PREFIXES },
  // Crawlers must get a 200 on every Spanish URL: never redirect on Accept-Language or cookie.
  localeDetection: false,
  localeCookie: false,
});

export type { Locale } from '@/lib/locales';
