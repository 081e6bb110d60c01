import { cartReducer, createCartState } from './reducer';
import { selectCartGroups, selectFlaggedItems, selectTotals, selectUnits } from './selectors';
import { cartItem, lookupItem, offer } from './test-helpers';

const offers = [offer(1, 10, 80), offer(2, 24, 60, { isStrict: true })];
const state = createCartState([
  cartItem(1, 10, 4, { offers, cartFatherName: 'Sahumerio Hem' }),
  cartItem(2, 10, 4, { offers, cartFatherName: 'Sahumerio Hem' }),
  cartItem(3, 20, 2, { price: 12.34, cartFatherName: 'Vela' }),
  cartItem(4, 10, 3, { offers, discount: 70, cartFatherName: 'Sahumerio Hem' }),
]);

describe('selectCartGroups', () => {
  it('groups lines by parent in order of first appearance, with tier and nudge', () => {
    const groups = selectCartGroups(state);
    expect(groups.map((g) => [g.fatherId, g.fatherName, g.lines.map((l) => l.item.id)])).toEqual([
      [10, 'Sahumerio Hem', [1, 2, 4]],
      [20, 'Vela', [3]],
    ]);
    const [hem, vela] = groups;
    expect(hem.totalUnits).toBe(11);
    expect(hem.tier?.id).toBe(1);
    expect(hem.lines.map((l) => l.priced?.unitPrice)).toEqual([8000, 8000, 7000]);
    expect(hem.totalCents).toBe(8 * 8000 + 3 * 7000);
    expect(hem.nextTier).toMatchObject({ missingUnits: 13, price: 6000 });
    expect(vela).toMatchObject({ totalUnits: 2, totalCents: 2468, tier: null, nextTier: null });
  });

  it('is memoized per state object', () => {
    expect(selectCartGroups(state)).toBe(selectCartGroups(state));
  });

  it('keeps flagged items in their group with no price, out of the group totals', () => {
    const flagged = cartReducer(state, {
      type: 'refresh',
      requestedIds: [2],
      found: [lookupItem(2, { state: 'noStock', Offers: offers })],
    });
    const [hem] = selectCartGroups(flagged);
    expect(hem.lines.map((l) => [l.item.id, l.priced === null])).toEqual([
      [1, false],
      [2, true],
      [4, false],
    ]);
    expect(hem.totalUnits).toBe(7);
    expect(hem.tier).toBeNull();
    expect(hem.lines[2].priced?.unitPrice).toBe(7000);
  });

  it('shows a parent whose items are all flagged with zero totals', () => {
    const gone = cartReducer(state, { type: 'refresh', requestedIds: [3], found: [] });
    const vela = selectCartGroups(gone)[1];
    expect(vela).toMatchObject({ fatherId: 20, totalUnits: 0, totalCents: 0, tier: null, nextTier: null });
    expect(vela.lines[0].priced).toBeNull();
  });

  it('is empty for an empty cart', () => {
    expect(selectCartGroups(createCartState())).toEqual([]);
  });
});

describe('selectTotals', () => {
  it('gives quantity, total in centavos and pesos, savings and line count', () => {
    expect(selectTotals(state)).toEqual({
      cartQuantity: 13,
      cartTotalCents: 8 * 8000 + 3 * 7000 + 2468,
      cartTotal: 874.68,
      savingsCents: 8 * 2000,
      lineCount: 4,
    });
  });

  it('is zero for an empty cart', () => {
    expect(selectTotals(createCartState())).toEqual({
      cartQuantity: 0,
      cartTotalCents: 0,
      cartTotal: 0,
      savingsCents: 0,
      lineCount: 0,
    });
  });
});

describe('selectFlaggedItems and selectUnits', () => {
  it('lists hidden and noStock items', () => {
    const flagged = cartReducer(state, {
      type: 'refresh',
      requestedIds: [1, 3],
      found: [{ id: 1, state: 'hidden' }],
    });
    expect(selectFlaggedItems(flagged).map((i) => [i.id, i.state])).toEqual([
      [1, 'hidden'],
      [3, 'hidden'],
    ]);
    expect(selectFlaggedItems(state)).toEqual([]);
  });

  it('gives the units held for an id, 0 when absent', () => {
    expect(selectUnits(state, 4)).toBe(3);
    expect(selectUnits(state, 99)).toBe(0);
  });
});
