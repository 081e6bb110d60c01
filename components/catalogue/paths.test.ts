import { firstCategorySlug, firstImageSrc, imageSrc, productPath } from './paths';

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
  it('keeps /uploads paths and reduces absolute API URLs to them', () => {
    expect(imageSrc('/uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(imageSrc('uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(imageSrc('http://localhost:4000/uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(imageSrc('https://cdn.test/a.webp')).toBe('https://cdn.test/a.webp');
    expect(imageSrc('')).toBeNull();
    expect(imageSrc(null)).toBeNull();
  });

  it('finds the first usable image', () => {
    expect(firstImageSrc({ ProductImages: [{ id: 1, name: '' }, { id: 2, name: '/uploads/b.webp' }] })).toBe('/uploads/b.webp');
    expect(firstImageSrc({ ProductImages: [] })).toBeNull();
  });
});
