import type { Offer } from '../contracts/catalogue';
import { offer } from '../cart/test-helpers';
import { priceCart, priceCartFromWire, tiersForDisplay, type PricingLine, type Tier } from '.';

let nextId = 1000;
const tier = (units: number, price: number, extra: Partial<Tier> = {}): Tier => ({
  id: nextId++,
  name: `x${units}`,
  units,
  price,
  isVip: false,
  isStrict: false,
  ...extra,
});
const line = (id: number, parentId: number, units: number, price: number, discount: number | null = null): PricingLine => ({
  id,
  parentId,
  units,
  price,
  discount,
});
const regular = { isVip: false };
const vip = { isVip: true };

describe('priceCart: no tiers', () => {
  it('prices an empty cart at zero', () => {
    expect(priceCart([], new Map(), regular)).toEqual({
      lines: [],
      groups: [],
      totalCents: 0,
      totalUnits: 0,
      savingsCents: 0,
    });
  });

  it('charges the regular price: the discount when present, else the price', () => {
    const result = priceCart([line(1, 1, 3, 1000), line(2, 2, 2, 1000, 800)], {}, regular);
    expect(result.lines.map((l) => [l.unitPrice, l.regularPrice, l.tier, l.lineTotal])).toEqual([
      [1000, 1000, null, 3000],
      [800, 800, null, 1600],
    ]);
    expect(result.totalCents).toBe(4600);
    expect(result.totalUnits).toBe(5);
    expect(result.savingsCents).toBe(0);
    expect(result.groups.map((g) => [g.parentId, g.tier, g.nextTier])).toEqual([
      [1, null, null],
      [2, null, null],
    ]);
  });

  it('keeps zero-unit lines at their regular price with a zero total', () => {
    const t = tier(10, 500);
    const result = priceCart([line(1, 1, 0, 1000)], new Map([[1, [t]]]), regular);
    expect(result.lines[0]).toMatchObject({ units: 0, unitPrice: 1000, lineTotal: 0, tier: null });
    expect(result.groups[0]).toMatchObject({ totalUnits: 0, tier: null, totalCents: 0 });
    expect(result.groups[0].nextTier).toEqual({ tier: t, missingUnits: 10, price: 500 });
  });
});

describe('priceCart: tier threshold and grouping', () => {
  const t10 = tier(10, 700);
  const tiers = new Map([[1, [t10]]]);

  it('does not apply a tier one unit short', () => {
    const result = priceCart([line(1, 1, 9, 1000)], tiers, regular);
    expect(result.lines[0]).toMatchObject({ unitPrice: 1000, tier: null, lineTotal: 9000 });
    expect(result.groups[0].tier).toBeNull();
  });

  it('applies a tier at exactly its units', () => {
    const result = priceCart([line(1, 1, 10, 1000)], tiers, regular);
    expect(result.lines[0]).toMatchObject({ unitPrice: 700, tier: t10, lineTotal: 7000 });
    expect(result.savingsCents).toBe(3000);
  });

  it('sums units across the children of a parent and prices every child', () => {
    const result = priceCart([line(1, 1, 6, 1000), line(2, 1, 4, 1200)], tiers, regular);
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]).toMatchObject({ totalUnits: 10, tier: t10, totalCents: 7000 });
    expect(result.lines.map((l) => l.unitPrice)).toEqual([700, 700]);
    expect(result.savingsCents).toBe(6 * 300 + 4 * 500);
  });

  it('keeps parents independent of each other', () => {
    const t5 = tier(5, 100);
    const result = priceCart(
      [line(1, 1, 6, 1000), line(2, 2, 6, 1000), line(3, 1, 4, 1000)],
      new Map([
        [1, [t10]],
        [2, [tier(20, 1)]],
        [3, [t5]],
      ]),
      regular,
    );
    expect(result.groups.map((g) => [g.parentId, g.totalUnits, g.tier?.id ?? null])).toEqual([
      [1, 10, t10.id],
      [2, 6, null],
    ]);
    expect(result.lines.map((l) => l.unitPrice)).toEqual([700, 1000, 700]);
    expect(result.totalCents).toBe(10 * 700 + 6 * 1000);
  });

  it('accepts a record keyed by String(parentId) and string ids', () => {
    const result = priceCart([line(1, 7, 10, 1000), { ...line(2, 0, 10, 1000), parentId: 'simple-9' }], {
      '7': [t10],
      'simple-9': [tier(10, 650)],
    }, regular);
    expect(result.lines.map((l) => l.unitPrice)).toEqual([700, 650]);
  });

  it('reads only own keys of a record', () => {
    const result = priceCart([{ ...line(1, 0, 10, 1000), parentId: 'constructor' }], {}, regular);
    expect(result.groups[0].tier).toBeNull();
    expect(result.totalCents).toBe(10000);
  });
});

describe('priceCart: VIP tiers', () => {
  const open = tier(10, 800);
  const vipOnly = tier(10, 600, { isVip: true });
  const tiers = new Map([[1, [open, vipOnly]]]);

  it('never gives a VIP tier to a non-VIP customer', () => {
    const result = priceCart([line(1, 1, 10, 1000)], tiers, regular);
    expect(result.groups[0].tier).toBe(open);
    expect(result.lines[0].unitPrice).toBe(800);
  });

  it('gives the VIP tier to a VIP customer when it is the cheapest', () => {
    const result = priceCart([line(1, 1, 10, 1000)], tiers, vip);
    expect(result.groups[0].tier).toBe(vipOnly);
    expect(result.lines[0].unitPrice).toBe(600);
  });

  it('lets a VIP customer use open tiers too', () => {
    const cheaperOpen = tier(10, 500);
    const result = priceCart([line(1, 1, 10, 1000)], new Map([[1, [vipOnly, cheaperOpen]]]), vip);
    expect(result.groups[0].tier).toBe(cheaperOpen);
  });

  it('gives a non-VIP customer only the regular price when all tiers are VIP', () => {
    const result = priceCart([line(1, 1, 50, 1000)], new Map([[1, [vipOnly]]]), regular);
    expect(result.groups[0].tier).toBeNull();
    expect(result.groups[0].nextTier).toBeNull();
    expect(result.totalCents).toBe(50000);
  });
});

describe('priceCart: strict tiers', () => {
  const strict12 = tier(12, 500, { isStrict: true });
  const open6 = tier(6, 800);
  const tiers = new Map([[1, [strict12, open6]]]);

  it.each([
    [12, 500],
    [24, 500],
    [36, 500],
    [13, 800],
    [18, 800],
    [23, 800],
    [11, 800],
    [5, 1000],
  ])('%p units → %p per unit', (units, price) => {
    expect(priceCart([line(1, 1, units, 1000)], tiers, regular).lines[0].unitPrice).toBe(price);
  });

  it('counts the multiple on the parent total, not per child', () => {
    const result = priceCart([line(1, 1, 5, 1000), line(2, 1, 7, 1000)], tiers, regular);
    expect(result.groups[0].tier).toBe(strict12);
    expect(result.lines.map((l) => l.unitPrice)).toEqual([500, 500]);
  });
});

describe('priceCart: precedence', () => {
  it('picks the cheapest applicable tier, not the one with the most units', () => {
    const t10 = tier(10, 700);
    const t20 = tier(20, 750); // misconfigured: more units, dearer
    const t5 = tier(5, 900);
    const result = priceCart([line(1, 1, 25, 1000)], new Map([[1, [t5, t20, t10]]]), regular);
    expect(result.groups[0].tier).toBe(t10);
  });

  it('breaks equal prices by the higher units', () => {
    const low = tier(10, 700);
    const high = tier(20, 700);
    expect(priceCart([line(1, 1, 25, 1000)], new Map([[1, [low, high]]]), regular).groups[0].tier).toBe(high);
    expect(priceCart([line(1, 1, 25, 1000)], new Map([[1, [high, low]]]), regular).groups[0].tier).toBe(high);
  });

  it('breaks equal price and units by the lower id', () => {
    const a = tier(10, 700, { id: 2 });
    const b = tier(10, 700, { id: 1 });
    expect(priceCart([line(1, 1, 10, 1000)], new Map([[1, [a, b]]]), regular).groups[0].tier).toBe(b);
    expect(priceCart([line(1, 1, 10, 1000)], new Map([[1, [b, a]]]), regular).groups[0].tier).toBe(b);
  });

  it('ignores malformed tiers', () => {
    const result = priceCart(
      [line(1, 1, 10, 1000)],
      new Map([[1, [tier(0, 1), tier(-5, 1), tier(2.5, 1), tier(2, -1), tier(3, NaN)]]]),
      regular,
    );
    expect(result.groups[0].tier).toBeNull();
    expect(result.groups[0].nextTier).toBeNull();
    expect(result.totalCents).toBe(10000);
  });
});

describe('priceCart: never above the regular price', () => {
  const t10 = tier(10, 700);
  const tiers = new Map([[1, [t10]]]);

  it('keeps a child discount lower than the tier price', () => {
    const result = priceCart([line(1, 1, 5, 1000, 600), line(2, 1, 5, 1000)], tiers, regular);
    expect(result.groups[0].tier).toBe(t10);
    expect(result.lines[0]).toMatchObject({ unitPrice: 600, regularPrice: 600, tier: null });
    expect(result.lines[1]).toMatchObject({ unitPrice: 700, regularPrice: 1000, tier: t10 });
    expect(result.totalCents).toBe(5 * 600 + 5 * 700);
    expect(result.savingsCents).toBe(5 * 300);
  });

  it('applies the tier over a discount that is higher than the tier price', () => {
    const result = priceCart([line(1, 1, 10, 1000, 900)], tiers, regular);
    expect(result.lines[0]).toMatchObject({ unitPrice: 700, regularPrice: 900, tier: t10 });
  });

  it('does not report a tier equal to the regular price as applied', () => {
    const result = priceCart([line(1, 1, 10, 700)], tiers, regular);
    expect(result.groups[0].tier).toBe(t10);
    expect(result.lines[0]).toMatchObject({ unitPrice: 700, tier: null });
  });

  it('uses the discount even when it is above the list price', () => {
    // The discount field is the child's own price when present; the engine does not second-guess it.
    const result = priceCart([line(1, 1, 1, 1000, 1100)], new Map(), regular);
    expect(result.lines[0].unitPrice).toBe(1100);
  });
});

describe('priceCart: nextTier', () => {
  it('points to the closest tier that lowers the price', () => {
    const t10 = tier(10, 800);
    const t50 = tier(50, 600);
    const tiers = new Map([[1, [t50, t10]]]);
    expect(priceCart([line(1, 1, 4, 1000)], tiers, regular).groups[0].nextTier).toEqual({
      tier: t10,
      missingUnits: 6,
      price: 800,
    });
    expect(priceCart([line(1, 1, 10, 1000)], tiers, regular).groups[0].nextTier).toEqual({
      tier: t50,
      missingUnits: 40,
      price: 600,
    });
    expect(priceCart([line(1, 1, 50, 1000)], tiers, regular).groups[0].nextTier).toBeNull();
  });

  it('skips a closer tier that would not lower the price', () => {
    const cheapFar = tier(20, 500);
    const dearNear = tier(5, 900);
    const result = priceCart([line(1, 1, 10, 1000)], new Map([[1, [cheapFar, dearNear]]]), regular);
    expect(result.groups[0].tier).toBe(dearNear);
    expect(result.groups[0].nextTier).toEqual({ tier: cheapFar, missingUnits: 10, price: 500 });
  });

  it('counts strict tiers up to their next multiple', () => {
    const strict12 = tier(12, 500, { isStrict: true });
    const tiers = new Map([[1, [strict12]]]);
    expect(priceCart([line(1, 1, 5, 1000)], tiers, regular).groups[0].nextTier?.missingUnits).toBe(7);
    expect(priceCart([line(1, 1, 13, 1000)], tiers, regular).groups[0].nextTier?.missingUnits).toBe(11);
    expect(priceCart([line(1, 1, 23, 1000)], tiers, regular).groups[0].nextTier?.missingUnits).toBe(1);
    expect(priceCart([line(1, 1, 24, 1000)], tiers, regular).groups[0].nextTier).toBeNull();
  });

  it('sends a customer off a strict multiple back to the next multiple', () => {
    const strict10 = tier(10, 500, { isStrict: true });
    const open5 = tier(5, 800);
    const result = priceCart([line(1, 1, 11, 1000)], new Map([[1, [strict10, open5]]]), regular);
    expect(result.groups[0].tier).toBe(open5);
    expect(result.groups[0].nextTier).toEqual({ tier: strict10, missingUnits: 9, price: 500 });
  });

  it('reports the tier that would actually win at the new total', () => {
    const open20 = tier(20, 700);
    const strict20 = tier(20, 600, { isStrict: true });
    const result = priceCart([line(1, 1, 15, 1000)], new Map([[1, [open20, strict20]]]), regular);
    expect(result.groups[0].nextTier).toEqual({ tier: strict20, missingUnits: 5, price: 600 });
  });

  it('offers VIP tiers only to VIP customers', () => {
    const open30 = tier(30, 800);
    const vip10 = tier(10, 700, { isVip: true });
    const tiers = new Map([[1, [open30, vip10]]]);
    expect(priceCart([line(1, 1, 5, 1000)], tiers, regular).groups[0].nextTier).toMatchObject({
      tier: open30,
      missingUnits: 25,
    });
    expect(priceCart([line(1, 1, 5, 1000)], tiers, vip).groups[0].nextTier).toMatchObject({
      tier: vip10,
      missingUnits: 5,
    });
  });

  it('compares with the highest unit price the children pay', () => {
    const t10 = tier(10, 700);
    const tiers = new Map([[1, [t10]]]);
    // All children already pay less than the tier: no nudge.
    expect(priceCart([line(1, 1, 2, 1000, 600)], tiers, regular).groups[0].nextTier).toBeNull();
    // One child would still profit.
    expect(priceCart([line(1, 1, 2, 1000, 600), line(2, 1, 1, 1000)], tiers, regular).groups[0].nextTier).toEqual({
      tier: t10,
      missingUnits: 7,
      price: 700,
    });
  });
});

describe('priceCart: input checks', () => {
  it.each([
    ['negative units', line(1, 1, -1, 1000)],
    ['fractional units', line(1, 1, 1.5, 1000)],
    ['fractional centavos', line(1, 1, 1, 10.5)],
    ['negative price', line(1, 1, 1, -100)],
    ['NaN discount', line(1, 1, 1, 100, NaN)],
  ])('rejects %s', (_, bad) => {
    expect(() => priceCart([bad], new Map(), regular)).toThrow(RangeError);
  });
});

describe('priceCartFromWire', () => {
  it('converts pesos to centavos exactly and prices', () => {
    const result = priceCartFromWire(
      [
        { id: 11, parentId: 1, units: 3, price: 0.1 + 0.2, discount: null },
        { id: 12, parentId: 1, units: 7, price: 1234.56, discount: 1000.05 },
        { id: 2, parentId: 2, units: 1, price: 99.99, discount: null },
      ],
      { 1: [offer(1, 10, 900.5)] },
      regular,
    );
    expect(result.lines.map((l) => [l.regularPrice, l.unitPrice])).toEqual([
      [30, 30],
      [100005, 90050],
      [9999, 9999],
    ]);
    expect(result.groups[0].tier).toEqual({ id: 1, name: 'Llevando 10', units: 10, price: 90050, isVip: false, isStrict: false });
    expect(result.totalCents).toBe(3 * 30 + 7 * 90050 + 9999);
  });

  it('takes a Map of offers with number keys and applies VIP and strict rules', () => {
    const offers = new Map<number, Offer[]>([[5, [offer(1, 6, 50, { isStrict: true }), offer(2, 6, 40, { isVip: true })]]]);
    const lines = [{ id: 5, parentId: 5, units: 12, price: 100, discount: null }];
    expect(priceCartFromWire(lines, offers, regular).lines[0].unitPrice).toBe(5000);
    expect(priceCartFromWire(lines, offers, vip).lines[0].unitPrice).toBe(4000);
    expect(priceCartFromWire([{ ...lines[0], units: 13 }], offers, regular).lines[0].unitPrice).toBe(10000);
  });
});

describe('tiersForDisplay', () => {
  const a = tier(50, 600);
  const b = tier(10, 800, { isVip: true });
  const c = tier(10, 750);
  const broken = tier(0, 1);

  it('lists every well-formed tier by units, marking VIP ones', () => {
    expect(tiersForDisplay([a, b, c, broken], regular)).toEqual([
      { tier: c, vipOnly: false, eligible: true },
      { tier: b, vipOnly: true, eligible: false },
      { tier: a, vipOnly: false, eligible: true },
    ]);
    expect(tiersForDisplay([a, b, c], vip).map((d) => d.eligible)).toEqual([true, true, true]);
  });

  it('works on wire offers and leaves the input untouched', () => {
    const offers: Offer[] = [
      { id: 2, name: 'x20', units: 20, price: 10, isVip: false, isStrict: true },
      { id: 1, name: 'x5', units: 5, price: 12, isVip: false, isStrict: false },
    ];
    expect(tiersForDisplay(offers, regular).map((d) => d.tier.id)).toEqual([1, 2]);
    expect(offers.map((o) => o.id)).toEqual([2, 1]);
  });
});
