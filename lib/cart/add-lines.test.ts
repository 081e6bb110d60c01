import { createCartState, cartReducer } from './index';
import { cartItemFor, mergeLines } from './add-lines';
import { checkQuantity, normalizeBounds } from './quantity';

const product = (id: number, limits: { min?: number; max?: number; steps?: number } = {}) => ({
  id,
  fatherId: id,
  name: `P${id}`,
  fatherName: `P${id}`,
  sku: `S-${id}`,
  price: 100,
  discount: null,
  state: 'active' as const,
  min: limits.min ?? 0,
  max: limits.max ?? 0,
  steps: limits.steps ?? 1,
  offers: [],
  image: null,
  path: `/c/p${id}`,
});

describe('checkQuantity (quick order, reorder)', () => {
  const bounds = normalizeBounds({ min: 12, steps: 6, max: 120 });
  it('accepts valid quantities', () => {
    expect(checkQuantity(18, bounds)).toEqual({ problem: null, nearest: [] });
  });
  it('names the problem and the nearest valid quantities', () => {
    expect(checkQuantity(0, bounds)).toEqual({ problem: 'zero', nearest: [12] });
    expect(checkQuantity(5, bounds)).toEqual({ problem: 'belowMin', nearest: [12] });
    expect(checkQuantity(121, bounds)).toEqual({ problem: 'aboveMax', nearest: [120] });
    expect(checkQuantity(13, bounds)).toEqual({ problem: 'notMultiple', nearest: [12, 18] });
    expect(checkQuantity(119, bounds)).toEqual({ problem: 'notMultiple', nearest: [114, 120] });
  });
});

describe('mergeLines (adding many lines by the cart rules)', () => {
  it('adds on top of what the cart holds, sums repeated lines, and the reducer snaps the sum', () => {
    let state = createCartState([cartItemFor(product(1, { steps: 5 }), 10)]);
    const { items, merged } = mergeLines(state.items, [
      { product: product(1, { steps: 5 }), quantity: 7 },
      { product: product(2), quantity: 3 },
      { product: product(2), quantity: 2 },
      { product: product(3), quantity: 0 },
    ]);
    expect(merged).toBe(1);
    expect(items.map((i) => [i.id, i.units])).toEqual([
      [1, 17],
      [2, 5],
    ]);
    for (const item of items) state = cartReducer(state, { type: 'upsert', item });
    expect(state.items.map((i) => [i.id, i.units])).toEqual([
      [1, 15],
      [2, 5],
    ]);
  });
});
