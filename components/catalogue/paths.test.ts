import { firstCategorySlug, firstImageSrc, productPath } from './paths';

const cat = (slug: string) => ({ id: 1, name: slug, slug });

describe('product paths', () => {
  it('uses the first category', () => {
    expect(productPath({ slug: 'vela-de-soja', Categories: [cat('velas'), cat('aromas')] })).toBe('/velas/vela-de-soja');
    expect(firstCategorySlug({ Categories: [cat('velas')] })).toBe('velas');
  });

  it('falls back to /products when there is no category', () => {
    expect(productPath({ slug: 'x', Categories: [] })).toBe('/products/x');
    expect(productPath({ slug: 'x', Categories: undefined as never })).toBe('/products/x');
    expect(firstCategorySlug({ Categories: [cat('')] })).toBeNull();
  });
});

describe('image src', () => {
  // imageSrc itself (re-exported here) is tested with components/ui (ui.test.tsx).
  it('finds the first usable image', () => {
    expect(firstImageSrc({ ProductImages: [{ id: 1, name: '' }, { id: 2, name: '/uploads/b.webp' }] })).toBe('/uploads/b.webp');
    expect(firstImageSrc({ ProductImages: [] })).toBeNull();
  });
});
