import { defineRouting } from 'next-intl/routing';

// es is unprefixed so the spec's URLs stay exactly as they are; pt-BR lives at /br (`br` alone is Breton).
export const routing = defineRouting({
  locales: ['es', 'en', 'pt-BR'],
  defaultLocale: 'es',
  localePrefix: { mode: 'as-needed', prefixes: { 'pt-BR': '/br' } },
  // Crawlers must get a 200 on every Spanish URL: never redirect on Accept-Language or cookie.
  localeDetection: false,
  localeCookie: false,
});

export type Locale = (typeof routing.locales)[number];
