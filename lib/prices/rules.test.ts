import { adjustCents, adjustPrices, applyRounding, parsePercent, priceViolations, samePrices, type PriceSet } from './rules';

const set = (price: number, discount: number | null, tiers: [number, number, boolean?][] = []): PriceSet => ({
  price,
  discount,
  tiers: tiers.map(([units, cents, isVip], i) => ({ id: i + 1, units, cents, isVip: isVip ?? false })),
});

describe('rounding', () => {
  it.each([
    ['none', 123_456, 123_456],
    ['peso', 123_449, 123_400],
    ['peso', 123_450, 123_500],
    ['ten', 123_456, 123_000],
    ['ten', 123_500, 124_000],
    ['hundred', 124_999, 120_000],
    ['hundred', 125_000, 130_000],
    ['ninetyNine', 123_456, 123_499],
    ['ninetyNine', 123_420, 123_399],
    ['ninetyNine', 30, 99],
  ] as const)('%s of %i → %i', (rounding, cents, expected) => {
    expect(applyRounding(cents, rounding)).toBe(expected);
  });
});

describe('adjustment', () => {
  it('percent in basis points, half away from zero at the centavo, then rounded', () => {
    expect(adjustCents(100_000, { kind: 'percent', value: 1000, rounding: 'none' })).toBe(110_000);
    expect(adjustCents(1_005, { kind: 'percent', value: 1000, rounding: 'none' })).toBe(1_106); // 100,5 → 101
    expect(adjustCents(100_000, { kind: 'percent', value: -1250, rounding: 'none' })).toBe(87_500);
    expect(adjustCents(99_990, { kind: 'percent', value: 1000, rounding: 'hundred' })).toBe(110_000);
  });
  it('fixed amounts in centavos, possibly negative', () => {
    expect(adjustCents(100_000, { kind: 'amount', value: 3_333, rounding: 'ninetyNine' })).toBe(103_299);
    expect(adjustCents(1_000, { kind: 'amount', value: -2_000, rounding: 'none' })).toBe(-1_000);
  });
  it('touches only the chosen fields; no discount stays none', () => {
    const before = set(100_000, 90_000, [[10, 95_000]]);
    expect(adjustPrices(before, { kind: 'percent', value: 1000, fields: ['price'], rounding: 'none' })).toEqual(set(110_000, 90_000, [[10, 95_000]]));
    expect(adjustPrices(before, { kind: 'percent', value: 1000, fields: ['discount', 'tiers'], rounding: 'none' })).toEqual(set(100_000, 99_000, [[10, 104_500]]));
    expect(adjustPrices(set(100, null), { kind: 'amount', value: 5, fields: ['discount'], rounding: 'none' }).discount).toBeNull();
  });
});

describe('violations', () => {
  it('lists what cannot be saved', () => {
    expect(priceViolations(set(100_000, 90_000, [[10, 95_000]]))).toEqual([]);
    expect(priceViolations(set(100_000, 100_000))).toEqual(['discountNotBelowPrice']);
    expect(priceViolations(set(100_000, null, [[10, 100_000]]))).toEqual(['tierNotBelowPrice']);
    expect(priceViolations(set(-1, null))).toEqual(['negative']);
    expect(priceViolations(set(2_000_000_001, null))).toEqual(['tooLarge']);
    expect(priceViolations(set(100_000, null, [[10, 90_000], [10, 80_000]]))).toEqual(['tierUnitsNotIncreasing']);
    // VIP tiers count on their own
    expect(priceViolations(set(100_000, null, [[10, 90_000], [10, 80_000, true]]))).toEqual([]);
  });
  it('samePrices compares every amount and tier', () => {
    expect(samePrices(set(1, null, [[2, 1]]), set(1, null, [[2, 1]]))).toBe(true);
    expect(samePrices(set(1, null, [[2, 1]]), set(1, null, [[3, 1]]))).toBe(false);
    expect(samePrices(set(1, null), set(1, 0))).toBe(false);
  });
});

describe('parsePercent', () => {
  it.each([
    ['10', 1000],
    ['+10,5', 1050],
    ['-12.25 %', -1225],
    ['0,01', 1],
  ])('%s → %i', (raw, bp) => expect(parsePercent(raw)).toBe(bp));
  it.each(['', 'diez', '10,123', '-100', '1e3', '=10'])('refuses %s', (raw) => expect(parsePercent(raw)).toBeNull());
});
