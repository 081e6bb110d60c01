import { resolveBudgetPrices, type BudgetPricingLine } from './budget-pricing';
import type { Tier } from '../pricing';

// one group (parent 7): list $1.000; from 12 units $900, from 24 units $800
const tiers = new Map<number, Tier[]>([
  [
    7,
    [
      { id: 1, name: 'Docena', units: 12, price: 90_000, isVip: false, isStrict: false },
      { id: 2, name: 'Caja', units: 24, price: 80_000, isVip: false, isStrict: false },
    ],
  ],
]);
const line = (p: Partial<BudgetPricingLine>): BudgetPricingLine => ({
  parentId: 7,
  quantity: 24,
  missing: false,
  listPriceCents: 100_000,
  currentUnitCents: 80_000,
  priceAdjusted: false,
  staffUnitCents: 80_000,
  ...p,
});

describe('budget repricing', () => {
  it('lowering units below a tier follows the tiers when staff did not touch the price (the defect)', () => {
    expect(resolveBudgetPrices([line({ quantity: 10 })], tiers, false)).toEqual([{ unitPriceCents: 100_000, priceAdjusted: false, tierUnitCents: 100_000 }]);
    expect(resolveBudgetPrices([line({ quantity: 12 })], tiers, false)).toEqual([{ unitPriceCents: 90_000, priceAdjusted: false, tierUnitCents: 90_000 }]);
  });

  it('sums the units of the group: two variations of one parent reach a tier together', () => {
    const r = resolveBudgetPrices([line({ quantity: 12 }), line({ quantity: 12 })], tiers, false);
    expect(r.map((x) => x.unitPriceCents)).toEqual([80_000, 80_000]);
    // one of them missing: the other alone is 12 units
    const cut = resolveBudgetPrices([line({ quantity: 12 }), line({ quantity: 12, missing: true })], tiers, false);
    expect(cut.map((x) => [x.unitPriceCents, x.priceAdjusted])).toEqual([
      [90_000, false],
      [80_000, false],
    ]);
  });

  it("keeps staff's own price, and a price set by hand before", () => {
    expect(resolveBudgetPrices([line({ quantity: 10, staffUnitCents: 75_000 })], tiers, false)).toEqual([{ unitPriceCents: 75_000, priceAdjusted: true, tierUnitCents: 100_000 }]);
    expect(resolveBudgetPrices([line({ quantity: 10, currentUnitCents: 70_000, staffUnitCents: 70_000, priceAdjusted: true })], tiers, false)[0]).toEqual({
      unitPriceCents: 70_000,
      priceAdjusted: true,
      tierUnitCents: 100_000,
    });
    // typing exactly the tiers' price is not an adjustment
    expect(resolveBudgetPrices([line({ quantity: 10, currentUnitCents: 70_000, staffUnitCents: 100_000, priceAdjusted: true })], tiers, false)[0]!.priceAdjusted).toBe(false);
  });

  it('VIP tiers apply only to VIP customers', () => {
    const vip = new Map<number, Tier[]>([[7, [{ id: 3, name: 'VIP', units: 1, price: 85_000, isVip: true, isStrict: false }]]]);
    expect(resolveBudgetPrices([line({ quantity: 5, currentUnitCents: 100_000, staffUnitCents: 100_000 })], vip, true)[0]!.unitPriceCents).toBe(85_000);
    expect(resolveBudgetPrices([line({ quantity: 5, currentUnitCents: 100_000, staffUnitCents: 100_000 })], vip, false)[0]!.unitPriceCents).toBe(100_000);
  });
});
