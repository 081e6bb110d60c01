import { render } from '@testing-library/react';
import { imageSrc } from './image-src';
import { Price, priceDisplay } from './Price';

describe('imageSrc', () => {
  it('keeps same-origin paths and strips the API host from /uploads URLs', () => {
    expect(imageSrc('/uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(imageSrc('http://localhost:4000/uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(imageSrc('https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
    expect(imageSrc('uploads/a.webp')).toBe('/uploads/a.webp');
    expect(imageSrc('uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(imageSrc('')).toBeNull();
    expect(imageSrc(null)).toBeNull();
  });
});

describe('Price', () => {
  it('shows a range when min and max differ', () => {
    expect(priceDisplay({ price: 100, minPrice: 100, maxPrice: 250.5 })).toEqual({ kind: 'range', min: '$\u00a0100,00', max: '$\u00a0250,50' });
  });
  it('shows the discount with the regular price struck through', () => {
    const { container } = render(<Price price={1000} discount={800} regularPrefix="Precio anterior:" />);
    expect(container.querySelector('del')).toHaveTextContent('Precio anterior: $ 1.000,00');
    expect(container).toHaveTextContent('$ 800,00');
  });
  it('ignores a discount that is not lower', () => {
    expect(priceDisplay({ price: 1000, discount: 1200 })).toEqual({ kind: 'single', current: '$\u00a01.000,00', regular: null });
  });
});
