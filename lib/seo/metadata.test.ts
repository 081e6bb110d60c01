/** @jest-environment node */
import { localizedPath } from '@/lib/locales';
import { absoluteUrl, alternatesFor, ogImage, pageMetadata, truncate } from './metadata';

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
    expect(m.openGraph).toMatchObject({
      locale: 'pt_BR',
      images: [{ url: 'https://tienda.example/uploads/a.webp?preview=og', alt: 'a', width: 1200, height: 630, type: 'image/jpeg' }],
    });
    expect(m.twitter).toMatchObject({ card: 'summary_large_image' });
    expect(m.robots).toEqual({ index: false, follow: true });
  });

  it('uses the JPEG preview for uploads (relative or on the site) and leaves other images as given', () => {
    expect(ogImage({ url: 'https://tienda.example/uploads/p/b.webp?w=320', alt: 'b' })).toEqual({
      url: 'https://tienda.example/uploads/p/b.webp?preview=og', alt: 'b', width: 1200, height: 630, type: 'image/jpeg',
    });
    expect(ogImage({ url: 'https://cdn.other/uploads/c.webp', alt: 'c' })).toEqual({ url: 'https://cdn.other/uploads/c.webp', alt: 'c', width: undefined, height: undefined });
    expect(ogImage({ url: '/icon.png', alt: 'i', width: 512, height: 512 })).toMatchObject({ url: 'https://tienda.example/icon.png', width: 512 });
  });

  it('product pages: no og:type from Next (the page writes og:type=product)', () => {
    const m = pageMetadata({ locale: 'es', path: '/velas/x', title: 'X', description: 'x', type: 'product' });
    expect(m.openGraph).not.toHaveProperty('type');
    expect(pageMetadata({ locale: 'es', path: '/', title: 'X', description: 'x' }).openGraph).toMatchObject({ type: 'website' });
  });

  it('truncates long descriptions to 160 characters on a word boundary', () => {
    const long = 'palabra '.repeat(40);
    const m = pageMetadata({ locale: 'es', path: '/', title: 't', description: long });
    expect((m.description as string).length).toBeLessThanOrEqual(160);
    expect(m.description).toMatch(/palabra…$/);
    expect(truncate('  corto   texto ', 160)).toBe('corto texto');
  });
});
