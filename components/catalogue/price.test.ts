import { money, priceView } from './price';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('priceView', () => {
  it('shows a range for variable products whose prices differ', () => {
    const v = priceView({ isVariable: true, price: 0, discount: null, minPrice: 1234.5, maxPrice: 2000 });
    expect(v.kind).toBe('range');
    if (v.kind === 'range') expect(`${nbsp(v.min)} – ${nbsp(v.max)}`).toBe('$ 1.234,50 – $ 2.000,00');
  });

  it('shows one price when min = max', () => {
    const v = priceView({ isVariable: true, price: 0, discount: null, minPrice: 900, maxPrice: 900 });
    expect(v).toEqual({ kind: 'single', price: money(900), regular: null });
  });

  it('shows the discount with the struck list price', () => {
    const v = priceView({ isVariable: false, price: 1000, discount: 850, minPrice: 1000, maxPrice: 1000 });
    expect(v).toEqual({ kind: 'single', price: money(850), regular: money(1000) });
  });

  it('ignores a non-discount (0, null, or not lower)', () => {
    for (const discount of [0, null, 1000, 1200]) {
      expect(priceView({ isVariable: false, price: 1000, discount, minPrice: 0, maxPrice: 0 })).toEqual({
        kind: 'single',
        price: money(1000),
        regular: null,
      });
    }
  });

  it('formats es-AR ARS with two decimals', () => {
    expect(nbsp(money(1234567.891))).toBe('$ 1.234.567,89');
    expect(nbsp(money(Number.NaN))).toBe('$ 0,00');
  });
});
