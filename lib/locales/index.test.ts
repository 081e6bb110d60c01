import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_INFO,
  LOCALE_PREFIXES,
  LOCALE_SEGMENTS,
  LOCALES,
  localeFromPath,
  localizedPath,
  PREFIX_SEGMENTS,
  ROUTING_PREFIXES,
  SHOP_TIME_ZONE,
  splitLocalePrefix,
} from '.';

describe('lib/locales', () => {
  it('the table: es unprefixed and first, every locale described, one prefix each', () => {
    expect(LOCALES).toEqual(['es', 'en', 'pt-BR']);
    expect(DEFAULT_LOCALE).toBe('es');
    expect(Object.keys(LOCALE_INFO).sort()).toEqual([...LOCALES].sort());
    expect(LOCALE_INFO.es.prefix).toBe('');
    expect(new Set(LOCALES.map((l) => LOCALE_INFO[l].prefix)).size).toBe(LOCALES.length);
    expect(LOCALES.map((l) => LOCALE_INFO[l].hreflang)).toEqual(['es', 'en', 'pt-BR']);
    expect(LOCALES.map((l) => LOCALE_INFO[l].ogLocale)).toEqual(['es_AR', 'en_US', 'pt_BR']);
    expect(SHOP_TIME_ZONE).toBe('America/Argentina/Buenos_Aires');
  });

  it('derived forms', () => {
    expect(LOCALE_PREFIXES).toEqual(['/en', '/br']);
    expect(ROUTING_PREFIXES).toEqual({ en: '/en', 'pt-BR': '/br' });
    expect(PREFIX_SEGMENTS).toBe('en|br');
    expect(LOCALE_SEGMENTS.split('|').sort()).toEqual(['br', 'en', 'es', 'pt-br']);
    expect(isLocale('pt-BR')).toBe(true);
    expect(isLocale('br')).toBe(false);
  });

  it('localizedPath', () => {
    expect(localizedPath('es', '/')).toBe('/');
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('pt-BR', '/velas')).toBe('/br/velas');
  });

  it('splitLocalePrefix and localeFromPath', () => {
    expect(splitLocalePrefix('/en')).toEqual(['/en', '/']);
    expect(splitLocalePrefix('/br/profile')).toEqual(['/br', '/profile']);
    expect(splitLocalePrefix('/english')).toEqual(['', '/english']);
    expect(localeFromPath('/br/faq')).toBe('pt-BR');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/brasil')).toBe('es');
  });
});

describe('a locale that is not one (a dotted path skips the proxy and reaches app/[locale] as its locale)', () => {
  it('builds paths and metadata with the default locale instead of throwing', async () => {
    const { localeInfo, localizedPath, DEFAULT_LOCALE, LOCALE_INFO } = await import('./index');
    expect(localeInfo('esto..no')).toBe(LOCALE_INFO[DEFAULT_LOCALE]);
    expect(localizedPath('esto..no' as never, '/velas')).toBe('/velas');
    expect(localizedPath('en', '/velas')).toBe('/en/velas');
  });
});
