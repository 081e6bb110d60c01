import type { Product, Variation } from '@/lib/contracts/catalogue';
import { buildBuyBox, filterRows, foldForSearch, isBuyableRow, rowToItem } from './variations';

const variation = (over: Partial<Variation> & Pick<Variation, 'id' | 'name'>): Variation => ({
  slug: `v-${over.id}`,
  SKU: `SKU-${over.id}`,
  price: 100,
  discount: null,
  regularPrice: 100,
  state: 'active',
  min: 0,
  max: 0,
  steps: 0,
  VariableId: 1,
  Variable: { id: 1, name: 'Aroma' },
  ...over,
});

type Source = Parameters<typeof buildBuyBox>[0];
const base: Source = {
  id: 10,
  name: 'Esencia',
  state: 'active',
  isVariable: true,
  price: 100,
  discount: null,
  minPrice: 100,
  maxPrice: 120,
  min: 6,
  max: 600,
  steps: 6,
  Offers: [{ id: 1, name: 'x12', units: 12, price: 90, isVip: false, isStrict: false }],
  Variations: [
    variation({ id: 1, name: 'Lavanda' }),
    variation({ id: 2, name: 'Sándalo', price: 120, state: 'limited', min: 12, steps: 12 }),
    variation({ id: 3, name: 'Oculta', state: 'hidden' }),
    variation({ id: 4, name: 'Mirra', state: 'noStock' }),
  ],
  Variable: null,
};
const extra = { path: '/esencias/esencia', image: '/uploads/e.webp' };

describe('buildBuyBox', () => {
  it('lists visible variations only, with the attribute of the first one', () => {
    const box = buildBuyBox(base, extra);
    expect(box.rows.map((r) => r.name)).toEqual(['Lavanda', 'Sándalo', 'Mirra']);
    expect(box.attribute).toBe('Aroma');
    expect(box.showRowPrice).toBe(true);
    expect(box.parent).toEqual({
      id: 10,
      name: 'Esencia',
      path: '/esencias/esencia',
      image: '/uploads/e.webp',
      state: 'active',
      offers: base.Offers,
      isVariable: true,
    });
  });

  it('row limits fall back to the parent when absent or 0', () => {
    const [lavanda, sandalo] = buildBuyBox(base, extra).rows;
    expect(lavanda).toMatchObject({ min: 6, max: 600, steps: 6 });
    expect(sandalo).toMatchObject({ min: 12, max: 600, steps: 12 });
  });

  it('hides row prices when min and max prices are equal', () => {
    expect(buildBuyBox({ ...base, minPrice: 100, maxPrice: 100 }, extra).showRowPrice).toBe(false);
  });

  it('a noStock parent turns every row noStock', () => {
    const box = buildBuyBox({ ...base, state: 'noStock' }, extra);
    expect(box.rows.every((r) => r.state === 'noStock')).toBe(true);
    expect(box.rows.some(isBuyableRow)).toBe(false);
  });

  it('falls back to the product Variable name, then null', () => {
    const noVariable = base.Variations.map((v) => ({ ...v, Variable: null }));
    expect(buildBuyBox({ ...base, Variations: noVariable, Variable: { id: 2, name: 'Color' } }, extra).attribute).toBe('Color');
    expect(buildBuyBox({ ...base, Variations: noVariable }, extra).attribute).toBeNull();
  });

  it('a simple product is one row of itself', () => {
    const simple = { ...base, isVariable: false, Variations: [], discount: 80, min: 0, max: 0, steps: 0 } as Source;
    const box = buildBuyBox(simple, extra);
    expect(box.rows).toEqual([{ id: 10, name: 'Esencia', price: 100, discount: 80, state: 'active', min: 0, max: 0, steps: 0 }]);
    expect(box.attribute).toBeNull();
    expect(box.showRowPrice).toBe(false);
  });
});

describe('filterRows', () => {
  const rows = [{ name: 'Lavanda' }, { name: 'Sándalo' }, { name: 'SANDÍA' }, { name: 'Rosa' }];
  it('is case- and accent-insensitive', () => {
    expect(filterRows(rows, 'sand').map((r) => r.name)).toEqual(['Sándalo', 'SANDÍA']);
    expect(filterRows(rows, 'LAV').map((r) => r.name)).toEqual(['Lavanda']);
    expect(filterRows(rows, '  ').map((r) => r.name)).toEqual(['Lavanda', 'Sándalo', 'SANDÍA', 'Rosa']);
    expect(filterRows(rows, 'xyz')).toEqual([]);
    expect(foldForSearch('ÁÉÍÓÚÑ')).toBe('aeioun');
  });
});

describe('rowToItem', () => {
  it('builds the cart item with the parent as father and its tiers', () => {
    const box = buildBuyBox(base, extra);
    expect(rowToItem(box.parent, box.rows[1])).toEqual({
      id: 2,
      cartName: 'Sándalo',
      price: 120,
      discount: null,
      fatherId: 10,
      cartFatherName: 'Esencia',
      image: '/uploads/e.webp',
      path: '/esencias/esencia',
      offers: base.Offers,
      state: 'limited',
      min: 12,
      max: 600,
      steps: 12,
    });
  });
});

// Keep the Product import used (type-level check that the builder accepts a full Product).
export type _Check = Parameters<typeof buildBuyBox>[0] extends Partial<Product> ? true : never;
