import fc from 'fast-check';
import { priceCartFromWire } from '../pricing';
import { cartReducer, createCartState, isBuyable } from './reducer';
import { cartItem, lookupItem, offer } from './test-helpers';
import type { CartAction, CartItem, CartState } from './types';

const ids = (state: CartState) => state.items.map((item) => item.id);
const upsert = (item: CartItem): CartAction => ({ type: 'upsert', item });
const run = (state: CartState, ...actions: CartAction[]) => actions.reduce(cartReducer, state);

describe('createCartState', () => {
  it('starts empty, not VIP, not limited, priced at zero', () => {
    const state = createCartState();
    expect(state).toMatchObject({ items: [], isVip: false, limited: false });
    expect(state.pricing).toMatchObject({ totalCents: 0, totalUnits: 0, lines: [], groups: [] });
  });

  it('prices the given items', () => {
    const state = createCartState([cartItem(1, 1, 3, { price: 12.5 })], { isVip: true, limited: true });
    expect(state.pricing.totalCents).toBe(3750);
    expect(state).toMatchObject({ isVip: true, limited: true });
  });

  it('does not keep limited on an empty cart', () => {
    expect(createCartState([], { limited: true }).limited).toBe(false);
  });
});

describe('upsert', () => {
  it('appends a new item of a new parent', () => {
    const state = run(createCartState(), upsert(cartItem(1, 10, 2)), upsert(cartItem(2, 20, 1)));
    expect(ids(state)).toEqual([1, 2]);
    expect(state.pricing.totalUnits).toBe(3);
  });

  it('inserts a new child right after its existing siblings', () => {
    const state = run(
      createCartState(),
      upsert(cartItem(1, 10, 1)),
      upsert(cartItem(2, 20, 1)),
      upsert(cartItem(3, 10, 1)),
      upsert(cartItem(4, 30, 1)),
      upsert(cartItem(5, 20, 1)),
      upsert(cartItem(6, 10, 1)),
    );
    expect(ids(state)).toEqual([1, 3, 6, 2, 5, 4]);
  });

  it('replaces units and price of an existing id in place', () => {
    const start = run(createCartState(), upsert(cartItem(1, 10, 1)), upsert(cartItem(2, 20, 1)));
    const state = cartReducer(start, upsert(cartItem(1, 10, 5, { price: 80, discount: 70 })));
    expect(ids(state)).toEqual([1, 2]);
    expect(state.items[0]).toMatchObject({ units: 5, price: 80, discount: 70 });
    expect(state.pricing.totalCents).toBe(5 * 7000 + 10000);
  });

  // fast-check found it (seed -1136452192): a saved line re-added under another parent split its old siblings.
  it('moves an existing id that comes back under another parent to its new siblings', () => {
    const start = run(createCartState(), upsert(cartItem(2, 20, 1)), upsert(cartItem(8, 20, 1)), upsert(cartItem(1, 20, 1)));
    const state = cartReducer(start, upsert(cartItem(8, 10, 1)));
    expect(ids(state)).toEqual([2, 1, 8]);
    expect(state.items.map((i) => i.fatherId)).toEqual([20, 20, 10]);
  });

  it('removes the item when units reach 0', () => {
    const start = run(createCartState(), upsert(cartItem(1, 10, 1)), upsert(cartItem(2, 20, 1)));
    expect(ids(cartReducer(start, upsert(cartItem(1, 10, 0))))).toEqual([2]);
    expect(cartReducer(start, upsert(cartItem(9, 10, 0)))).toBe(start);
  });

  it('brings units within the item limits', () => {
    const state = run(
      createCartState(),
      upsert(cartItem(1, 10, 7, { min: 5, max: 20, steps: 3 })),
      upsert(cartItem(2, 20, 9000)),
      upsert(cartItem(3, 30, 2.7)),
    );
    expect(state.items.map((i) => i.units)).toEqual([6, 5000, 2]);
  });

  it('gives the newest offers to all siblings', () => {
    const old = [offer(1, 10, 50)];
    const fresh = [offer(1, 10, 40)];
    const state = run(createCartState(), upsert(cartItem(1, 10, 5, { offers: old })), upsert(cartItem(2, 10, 5, { offers: fresh })));
    expect(state.items.map((i) => i.offers)).toEqual([fresh, fresh]);
    expect(state.pricing.totalCents).toBe(10 * 4000);
  });

  it('applies the parent tier across children and restores regular prices below it', () => {
    const offers = [offer(1, 10, 80)];
    let state = run(createCartState(), upsert(cartItem(1, 10, 6, { offers })), upsert(cartItem(2, 10, 4, { offers })));
    expect(state.pricing.lines.map((l) => l.unitPrice)).toEqual([8000, 8000]);
    expect(state.pricing.totalCents).toBe(80000);
    state = cartReducer(state, { type: 'remove', id: 2 });
    expect(state.pricing.lines.map((l) => l.unitPrice)).toEqual([10000]);
    expect(state.pricing.totalCents).toBe(60000);
  });
});

describe('limited flag', () => {
  it('is set by adding a limited item and cleared when the cart quantity reaches 0', () => {
    let state = run(createCartState(), upsert(cartItem(1, 10, 1)));
    expect(state.limited).toBe(false);
    state = run(state, upsert(cartItem(2, 20, 1, { state: 'limited' })));
    expect(state.limited).toBe(true);
    state = run(state, { type: 'remove', id: 2 });
    expect(state.limited).toBe(true); // not cleared while the cart still holds units
    state = run(state, { type: 'remove', id: 1 });
    expect(state.limited).toBe(false);
  });

  it('is cleared by clear and kept by replace as given', () => {
    const limited = run(createCartState(), upsert(cartItem(1, 10, 1, { state: 'limited' })));
    expect(cartReducer(limited, { type: 'clear' }).limited).toBe(false);
    const replaced = cartReducer(createCartState(), { type: 'replace', items: [cartItem(1, 10, 1)], limited: true });
    expect(replaced.limited).toBe(true);
  });
});

describe('remove, removeParent, clear, replace', () => {
  const start = run(
    createCartState(),
    upsert(cartItem(1, 10, 1)),
    upsert(cartItem(2, 10, 2)),
    upsert(cartItem(3, 20, 3)),
  );

  it('removes one item', () => {
    const state = cartReducer(start, { type: 'remove', id: 2 });
    expect(ids(state)).toEqual([1, 3]);
    expect(state.pricing.totalUnits).toBe(4);
  });

  it('removes every child of a parent', () => {
    const state = cartReducer(start, { type: 'removeParent', fatherId: 10 });
    expect(ids(state)).toEqual([3]);
    expect(state.pricing.totalUnits).toBe(3);
  });

  it('returns the same state when nothing matches', () => {
    expect(cartReducer(start, { type: 'remove', id: 99 })).toBe(start);
    expect(cartReducer(start, { type: 'removeParent', fatherId: 99 })).toBe(start);
    const empty = createCartState();
    expect(cartReducer(empty, { type: 'clear' })).toBe(empty);
  });

  it('clears', () => {
    const state = cartReducer(start, { type: 'clear' });
    expect(state.items).toEqual([]);
    expect(state.pricing.totalCents).toBe(0);
  });

  it('replaces everything and re-prices with the current VIP status', () => {
    const vipStart = createCartState([], { isVip: true });
    const items = [cartItem(7, 70, 10, { offers: [offer(1, 10, 50, { isVip: true })] })];
    const state = cartReducer(vipStart, { type: 'replace', items, limited: false });
    expect(state.items).toBe(items);
    expect(state.pricing.totalCents).toBe(10 * 5000);
  });

  it('never mutates the previous state', () => {
    const snapshot = JSON.stringify(start);
    run(start, upsert(cartItem(4, 10, 1)), upsert(cartItem(1, 10, 9)), { type: 'remove', id: 3 }, { type: 'clear' });
    expect(JSON.stringify(start)).toBe(snapshot);
  });
});

describe('setVip', () => {
  const offers = [offer(1, 10, 90), offer(2, 10, 60, { isVip: true })];
  const start = createCartState([cartItem(1, 10, 10, { offers })]);

  it('re-prices when the session VIP status changes', () => {
    expect(start.pricing.totalCents).toBe(10 * 9000);
    const vip = cartReducer(start, { type: 'setVip', isVip: true });
    expect(vip.pricing.totalCents).toBe(10 * 6000);
    expect(cartReducer(vip, { type: 'setVip', isVip: false }).pricing.totalCents).toBe(10 * 9000);
  });

  it('returns the same state when the status is unchanged', () => {
    expect(cartReducer(start, { type: 'setVip', isVip: false })).toBe(start);
  });
});

describe('refresh', () => {
  const start = run(
    createCartState(),
    upsert(cartItem(1, 10, 4, { price: 100 })),
    upsert(cartItem(2, 10, 6, { price: 100 })),
    upsert(cartItem(3, 20, 5, { price: 50 })),
  );

  it('applies fresh prices, discounts, offers, limits and names', () => {
    const Offers = [offer(5, 10, 70)];
    const state = cartReducer(start, {
      type: 'refresh',
      requestedIds: [1, 2, 3],
      found: [
        lookupItem(1, { price: 120, discount: 110, Offers, parentId: 10, parentName: 'Sahumerio', name: 'Lavanda' }),
        lookupItem(2, { price: 120, Offers, image: 'http://x/i.webp' }),
        lookupItem(3, { price: 55, min: 6, steps: 2 }),
      ],
    });
    expect(state.items[0]).toMatchObject({ price: 120, discount: 110, offers: Offers, cartName: 'Lavanda', cartFatherName: 'Sahumerio' });
    expect(state.items[1]).toMatchObject({ image: 'http://x/i.webp' });
    expect(state.items[2]).toMatchObject({ price: 55, min: 6, steps: 2, units: 6 }); // 5 units → lowest valid 6
    expect(state.pricing.totalCents).toBe(10 * 7000 + 6 * 5500);
  });

  it('flags items that became hidden or noStock, keeps them and takes them out of the totals', () => {
    const state = cartReducer(start, {
      type: 'refresh',
      requestedIds: [1, 2, 3],
      found: [lookupItem(1, { state: 'noStock' }), lookupItem(2), { id: 3, state: 'hidden' }],
    });
    expect(ids(state)).toEqual([1, 2, 3]);
    // the API sends no name or price for a hidden product: the stored ones stay
    expect(state.items[2]).toMatchObject({ cartName: start.items[2]!.cartName, price: start.items[2]!.price });
    expect(state.items.map((i) => [i.state, isBuyable(i)])).toEqual([
      ['noStock', false],
      ['active', true],
      ['hidden', false],
    ]);
    expect(state.pricing.totalUnits).toBe(6);
    expect(state.pricing.totalCents).toBe(6 * 10000);
  });

  it('flags as hidden the ids that were asked for and not returned, leaves the others alone', () => {
    const added = cartReducer(start, upsert(cartItem(4, 40, 1)));
    const state = cartReducer(added, { type: 'refresh', requestedIds: [1, 2, 3], found: [lookupItem(1), lookupItem(2)] });
    expect(state.items.map((i) => i.state)).toEqual(['active', 'active', 'hidden', 'active']);
  });

  it('makes a flagged item buyable again when it comes back', () => {
    const flagged = cartReducer(start, { type: 'refresh', requestedIds: [3], found: [] });
    expect(flagged.pricing.totalUnits).toBe(10);
    const back = cartReducer(flagged, { type: 'refresh', requestedIds: [3], found: [lookupItem(3, { price: 50 })] });
    expect(back.pricing.totalUnits).toBe(15);
  });

  it('keeps tiers counting only buyable siblings', () => {
    const offers = [offer(1, 10, 80)];
    const tiered = createCartState([cartItem(1, 10, 4, { offers }), cartItem(2, 10, 6, { offers })]);
    expect(tiered.pricing.totalCents).toBe(80000);
    const state = cartReducer(tiered, { type: 'refresh', requestedIds: [2], found: [lookupItem(2, { state: 'noStock', Offers: offers })] });
    expect(state.pricing.totalCents).toBe(4 * 10000);
  });

  it('returns the same state when nothing was asked or returned', () => {
    expect(cartReducer(start, { type: 'refresh', requestedIds: [], found: [] })).toBe(start);
    expect(cartReducer(start, { type: 'refresh', requestedIds: [99], found: [] })).toBe(start);
  });
});

describe('reducer properties', () => {
  const itemArb = fc.record({
    id: fc.integer({ min: 1, max: 12 }),
    fatherId: fc.integer({ min: 1, max: 4 }),
    units: fc.integer({ min: 0, max: 40 }),
    price: fc.integer({ min: 0, max: 100000 }).map((c) => c / 100),
    state: fc.constantFrom('active' as const, 'limited' as const, 'noStock' as const, 'hidden' as const),
  });
  const actionArb: fc.Arbitrary<CartAction> = fc.oneof(
    itemArb.map((i) => upsert(cartItem(i.id, i.fatherId, i.units, { price: i.price, state: i.state, offers: [offer(1, 10, i.price / 2)] }))),
    fc.integer({ min: 1, max: 12 }).map((id): CartAction => ({ type: 'remove', id })),
    fc.integer({ min: 1, max: 4 }).map((fatherId): CartAction => ({ type: 'removeParent', fatherId })),
    fc.boolean().map((isVip): CartAction => ({ type: 'setVip', isVip })),
    fc.constant<CartAction>({ type: 'clear' }),
  );

  it('keeps ids unique, siblings together, totals equal to a fresh pricing and limited only with units', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 30 }), (actions) => {
        const state = run(createCartState(), ...actions);
        expect(new Set(ids(state)).size).toBe(state.items.length);
        // Siblings stay contiguous: each fatherId appears in one run.
        const runs = state.items.map((i) => i.fatherId).filter((f, i, all) => i === 0 || all[i - 1] !== f);
        expect(new Set(runs).size).toBe(runs.length);
        const buyable = state.items.filter(isBuyable);
        const fresh = priceCartFromWire(
          buyable.map((i) => ({ id: i.id, parentId: i.fatherId, units: i.units, price: i.price, discount: i.discount })),
          new Map(buyable.map((i) => [i.fatherId, i.offers])),
          { isVip: state.isVip },
        );
        expect(state.pricing.totalCents).toBe(fresh.totalCents);
        expect(state.pricing.totalUnits).toBe(buyable.reduce((s, i) => s + i.units, 0));
        if (state.pricing.totalUnits === 0) expect(state.limited).toBe(false);
        for (const item of state.items) expect(item.units).toBeGreaterThan(0);
      }),
    );
  });
});
