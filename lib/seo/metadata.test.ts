/** @jest-environment node */
import { absoluteUrl, alternatesFor, localizedPath, pageMetadata, truncate } from './metadata';

const OLD = process.env.PUBLIC_SITE_URL;
beforeAll(() => {
  process.env.PUBLIC_SITE_URL = 'https://tienda.example/';
});
afterAll(() => {
  process.env.PUBLIC_SITE_URL = OLD;
});

describe('localizedPath / absoluteUrl', () => {
  it('keeps Spanish unprefixed and prefixes /en and /br', () => {
    expect(localizedPath('es', '/')).toBe('/');
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('pt-BR', '/faq')).toBe('/br/faq');
    expect(localizedPath('es', '/velas/vela')).toBe('/velas/vela');
    expect(absoluteUrl('/faq')).toBe('https://tienda.example/faq');
    expect(absoluteUrl('faq')).toBe('https://tienda.example/faq');
  });
});

describe('alternatesFor', () => {
  it('canonical of the page locale, hreflang for every locale and x-default = Spanish', () => {
    const a = alternatesFor('en', '/about-us');
    expect(a.canonical).toBe('https://tienda.example/en/about-us');
    expect(a.languages).toEqual({
      es: 'https://tienda.example/about-us',
      en: 'https://tienda.example/en/about-us',
      'pt-BR': 'https://tienda.example/br/about-us',
      'x-default': 'https://tienda.example/about-us',
    });
  });
});

describe('pageMetadata', () => {
  it('titles pages "{Shop} | {Page}" and fills OG and Twitter', () => {
    const m = pageMetadata({ locale: 'es', path: '/faq', title: 'Preguntas frecuentes', description: 'Horarios y pagos.' });
    expect(m.title).toEqual({ absolute: 'Aromas del Alma | Preguntas frecuentes' });
    expect(m.alternates?.canonical).toBe('https://tienda.example/faq');
    expect(m.openGraph).toMatchObject({
      title: 'Aromas del Alma | Preguntas frecuentes',
      url: 'https://tienda.example/faq',
      locale: 'es_AR',
      siteName: 'Aromas del Alma',
    });
    expect(m.twitter).toMatchObject({ card: 'summary', title: 'Aromas del Alma | Preguntas frecuentes' });
    expect(m.robots).toBeUndefined();
  });

  it('makes images absolute and switches to a large Twitter card; noindex when asked', () => {
    const m = pageMetadata({
      locale: 'pt-BR',
      path: '/',
      title: 'Início',
      description: 'x',
      image: { url: '/uploads/a.webp', alt: 'a' },
      noindex: true,
    });
    expect(m.openGraph).toMatchObject({ locale: 'pt_BR', images: [{ url: 'https://tienda.example/uploads/a.webp', alt: 'a' }] });
    expect(m.twitter).toMatchObject({ card: 'summary_large_image' });
    expect(m.robots).toEqual({ index: false, follow: true });
  });

  it('truncates long descriptions to 160 characters on a word boundary', () => {
    const long = 'palabra '.repeat(40);
    const m = pageMetadata({ locale: 'es', path: '/', title: 't', description: long });
    expect((m.description as string).length).toBeLessThanOrEqual(160);
    expect(m.description).toMatch(/palabra…$/);
    expect(truncate('  corto   texto ', 160)).toBe('corto texto');
  });
});
