import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_TAG_LENGTH, productChangeTags, SECONDS, tags } from './index';

describe('cache tags', () => {
  it('names per-entity tags', () => {
    expect(tags.product('vela-de-soja')).toBe('product:vela-de-soja');
    expect(tags.productId(42)).toBe('product-id:42');
    expect(tags.productId('42')).toBe('product-id:42');
    expect(tags.category('velas')).toBe('category:velas');
    expect([tags.products, tags.productDetails, tags.categories, tags.config, tags.tags, tags.carousel]).toEqual([
      'products',
      'product-details',
      'categories',
      'config',
      'tags',
      'carousel',
    ]);
  });

  it('never produces a tag longer than Next accepts', () => {
    expect(tags.product('x'.repeat(400)).length).toBe(MAX_TAG_LENGTH);
  });

  it('productChangeTags covers every slug, the id, the lists and the categories, without duplicates', () => {
    expect(productChangeTags({ id: 7, slugs: ['nuevo', 'viejo', 'nuevo', ''], categorySlugs: ['velas'] })).toEqual([
      'products',
      'product-id:7',
      'product:nuevo',
      'product:viejo',
      'category:velas',
    ]);
  });
});

describe('page revalidate literals', () => {
  const root = join(__dirname, '..', '..');
  it.each([
    // product pages: on-demand ISR with SECONDS.product as the safety net
    ['app/[locale]/[categorySlug]/[productSlug]/page.tsx', SECONDS.product],
    ['app/[locale]/products/[productSlug]/page.tsx', SECONDS.product],
    // listings with a query string read searchParams: rendered per request (0) over fetches cached for SECONDS.products
    ['app/[locale]/[categorySlug]/page.tsx', 0],
    ['app/[locale]/products/page.tsx', 0],
    // the same listings without a query string (proxy.ts): ISR with SECONDS.products as the safety net
    ['app/[locale]/catalogue-default/page.tsx', SECONDS.products],
    ['app/[locale]/catalogue-default/[categorySlug]/page.tsx', SECONDS.products],
  ])('%s', (file, seconds) => {
    const src = readFileSync(join(root, file), 'utf8');
    expect(src).toMatch(new RegExp(`export const revalidate = ${seconds};`));
  });
});
