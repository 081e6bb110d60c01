/** @jest-environment node */
import {
  buildSitemapEntries,
  chunk,
  latest,
  productSitemapPath,
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_MAX_URLS,
  STATIC_SITEMAP_PATHS,
} from './sitemap';

// Set before the describe blocks build their entries (absolute URLs read it at call time).
process.env.PUBLIC_SITE_URL = 'https://tienda.example';

const products = [
  { slug: 'vela-de-soja', updatedAt: '2026-03-01T10:00:00.000Z', Categories: [{ slug: 'velas' }, { slug: 'decoracion' }] },
  { slug: 'sahumerio-mirra', updatedAt: '2026-05-02T10:00:00.000Z', Categories: [{ slug: 'sahumerios' }] },
  { slug: 'suelto', updatedAt: 'not a date', Categories: [] },
];
const categories = [{ slug: 'velas' }, { slug: 'sahumerios' }, { slug: 'decoracion' }, { slug: 'vacia' }];

describe('buildSitemapEntries', () => {
  const entries = buildSitemapEntries({ products, categories });
  const urls = entries.map((e) => e.url);

  it('lists static pages, categories and products in the three locales', () => {
    const paths = STATIC_SITEMAP_PATHS.length + categories.length + products.length;
    expect(entries).toHaveLength(paths * 3);
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://tienda.example/',
        'https://tienda.example/en',
        'https://tienda.example/br',
        'https://tienda.example/velas/vela-de-soja',
        'https://tienda.example/en/velas/vela-de-soja',
        'https://tienda.example/br/velas/vela-de-soja',
        'https://tienda.example/products/suelto',
        'https://tienda.example/br/vacia',
      ]),
    );
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('never lists private pages', () => {
    expect(urls.some((u) => /\/(cart|checkout|login|register|profile|orders?)(\/|$)/.test(u))).toBe(false);
  });

  it('gives every entry its hreflang alternates', () => {
    const en = entries.find((e) => e.url === 'https://tienda.example/en/sahumerios/sahumerio-mirra');
    expect(en?.alternates.languages).toEqual({
      es: 'https://tienda.example/sahumerios/sahumerio-mirra',
      en: 'https://tienda.example/en/sahumerios/sahumerio-mirra',
      'pt-BR': 'https://tienda.example/br/sahumerios/sahumerio-mirra',
      'x-default': 'https://tienda.example/sahumerios/sahumerio-mirra',
    });
  });

  it("uses the product's updatedAt as lastmod, a category's newest product for the category", () => {
    expect(entries.find((e) => e.url.endsWith('/velas/vela-de-soja'))?.lastModified).toBe('2026-03-01T10:00:00.000Z');
    expect(entries.find((e) => e.url === 'https://tienda.example/sahumerios')?.lastModified).toBe('2026-05-02T10:00:00.000Z');
    expect(entries.find((e) => e.url === 'https://tienda.example/vacia')?.lastModified).toBeUndefined();
    expect(entries.find((e) => e.url.endsWith('/products/suelto'))?.lastModified).toBeUndefined();
  });

  it('lists a product once even if the API repeats it', () => {
    const twice = buildSitemapEntries({ products: [products[0], products[0]], categories: [] });
    expect(twice.filter((e) => e.url.endsWith('/velas/vela-de-soja'))).toHaveLength(3);
  });

  it('uses the first category for the product path', () => {
    expect(productSitemapPath(products[0])).toBe('/velas/vela-de-soja');
  });
});

describe('splitting and XML', () => {
  it('chunks by SITEMAP_MAX_URLS', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS * 2 + 1 }, (_, i) => i);
    expect(chunk(many).map((c) => c.length)).toEqual([SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 1]);
    expect(chunk([])).toEqual([[]]);
  });

  it('renders a urlset with xhtml alternates and escapes URLs', () => {
    const xml = renderUrlset([
      { url: 'https://tienda.example/a?x=1&y=2', lastModified: '2026-01-01T00:00:00.000Z', alternates: { languages: { es: 'https://tienda.example/a' } } },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml).toContain('<loc>https://tienda.example/a?x=1&amp;y=2</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="es" href="https://tienda.example/a"/>');
    expect(xml).toContain('<lastmod>2026-01-01T00:00:00.000Z</lastmod>');
  });

  it('renders a sitemap index', () => {
    const xml = renderSitemapIndex([{ url: 'https://tienda.example/sitemap/0.xml', lastModified: '2026-01-01T00:00:00.000Z' }]);
    expect(xml).toContain('<sitemapindex');
    expect(xml).toContain('<sitemap><loc>https://tienda.example/sitemap/0.xml</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></sitemap>');
    expect(latest(buildSitemapEntries({ products, categories }))).toBe('2026-05-02T10:00:00.000Z');
  });
});
