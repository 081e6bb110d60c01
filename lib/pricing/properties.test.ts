import fc from 'fast-check';
import { priceCart, type PricedCart, type PricingLine, type Tier } from '.';

const PARENTS = [1, 2, 3];

const tierArb = (options: { strict?: boolean } = {}): fc.Arbitrary<Omit<Tier, 'id'>> =>
  fc.record({
    name: fc.constant('tier'),
    units: fc.integer({ min: 1, max: 40 }),
    price: fc.integer({ min: 0, max: 5000 }),
    isVip: fc.boolean(),
    isStrict: options.strict === false ? fc.constant(false) : fc.boolean(),
  });

const tiersByParentArb = (options: { strict?: boolean } = {}) =>
  fc
    .tuple(...PARENTS.map(() => fc.array(tierArb(options), { maxLength: 5 })))
    .map((lists) => {
      let id = 1;
      return new Map(PARENTS.map((parent, i) => [parent, lists[i].map((t) => ({ ...t, id: id++ }))]));
    });

const linesArb = fc
  .array(
    fc.record({
      parentId: fc.constantFrom(...PARENTS),
      units: fc.integer({ min: 0, max: 60 }),
      price: fc.integer({ min: 0, max: 6000 }),
      discount: fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }),
    }),
    { maxLength: 12 },
  )
  .map((lines): PricingLine[] => lines.map((l, i) => ({ ...l, id: i + 1 })));

const cartArb = fc.record({ lines: linesArb, tiers: tiersByParentArb(), isVip: fc.boolean() });

/** Brute-force reference for the winning tier. */
function referenceTier(tiers: readonly Tier[], total: number, isVip: boolean): Tier | null {
  const applicable = tiers.filter(
    (t) => total >= t.units && (isVip || !t.isVip) && (!t.isStrict || total % t.units === 0),
  );
  applicable.sort((a, b) => a.price - b.price || b.units - a.units || a.id - b.id);
  return applicable[0] ?? null;
}

const byId = (result: PricedCart) => new Map(result.lines.map((l) => [l.id, l]));

describe('priceCart properties', () => {
  it('never charges above the regular price', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, tiers, isVip }) => {
        const input = new Map(lines.map((l) => [l.id, l]));
        for (const l of priceCart(lines, tiers, { isVip }).lines) {
          expect(l.unitPrice).toBeLessThanOrEqual(l.regularPrice);
          const { discount, price } = input.get(l.id)!;
          expect(l.regularPrice).toBe(discount ?? price);
        }
      }),
    );
  });

  it('never gives a VIP tier to a non-VIP customer, nor a strict tier off a multiple', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, tiers, isVip }) => {
        const result = priceCart(lines, tiers, { isVip });
        for (const group of result.groups) {
          for (const t of [group.tier, group.nextTier?.tier].filter((x): x is Tier => x != null)) {
            if (!isVip) expect(t.isVip).toBe(false);
          }
          if (group.tier?.isStrict) expect(group.totalUnits % group.tier.units).toBe(0);
          if (group.tier) expect(group.totalUnits).toBeGreaterThanOrEqual(group.tier.units);
        }
        for (const l of result.lines) {
          if (!isVip && l.tier) expect(l.tier.isVip).toBe(false);
        }
      }),
    );
  });

  it('picks the same tier as a brute-force reference and sets min(tier, regular) on every child', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, tiers, isVip }) => {
        const result = priceCart(lines, tiers, { isVip });
        for (const group of result.groups) {
          const expected = referenceTier(tiers.get(group.parentId as number) ?? [], group.totalUnits, isVip);
          expect(group.tier).toBe(expected);
          for (const l of group.lines) {
            expect(l.unitPrice).toBe(expected ? Math.min(expected.price, l.regularPrice) : l.regularPrice);
          }
        }
      }),
    );
  });

  it('totals Σ units × unitPrice exactly, per line, per group and overall', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, tiers, isVip }) => {
        const result = priceCart(lines, tiers, { isVip });
        let total = 0;
        let units = 0;
        let savings = 0;
        for (const l of result.lines) {
          expect(l.lineTotal).toBe(l.units * l.unitPrice);
          total += l.units * l.unitPrice;
          units += l.units;
          savings += l.units * (l.regularPrice - l.unitPrice);
        }
        expect(result.totalCents).toBe(total);
        expect(result.totalUnits).toBe(units);
        expect(result.savingsCents).toBe(savings);
        expect(result.groups.reduce((s, g) => s + g.totalCents, 0)).toBe(total);
        for (const g of result.groups) {
          expect(g.totalUnits).toBe(g.lines.reduce((s, l) => s + l.units, 0));
        }
      }),
    );
  });

  it('never raises a unit price when units are added (non-strict tiers)', () => {
    fc.assert(
      fc.property(
        linesArb.filter((lines) => lines.length > 0),
        tiersByParentArb({ strict: false }),
        fc.boolean(),
        fc.nat(),
        fc.integer({ min: 1, max: 50 }),
        (lines, tiers, isVip, pick, extra) => {
          const target = pick % lines.length;
          const before = byId(priceCart(lines, tiers, { isVip }));
          const more = lines.map((l, i) => (i === target ? { ...l, units: l.units + extra } : l));
          for (const l of priceCart(more, tiers, { isVip }).lines) {
            expect(l.unitPrice).toBeLessThanOrEqual(before.get(l.id)!.unitPrice);
          }
        },
      ),
    );
  });

  it('does not depend on line order', () => {
    fc.assert(
      fc.property(
        cartArb.chain((cart) =>
          fc
            .shuffledSubarray(cart.lines, { minLength: cart.lines.length, maxLength: cart.lines.length })
            .map((shuffled) => ({ ...cart, shuffled })),
        ),
        ({ lines, shuffled, tiers, isVip }) => {
          const a = priceCart(lines, tiers, { isVip });
          const b = priceCart(shuffled, tiers, { isVip });
          expect([b.totalCents, b.totalUnits, b.savingsCents]).toEqual([a.totalCents, a.totalUnits, a.savingsCents]);
          const linesB = byId(b);
          for (const l of a.lines) expect(linesB.get(l.id)).toEqual(l);
          const groupsB = new Map(b.groups.map((g) => [g.parentId, g]));
          for (const g of a.groups) {
            const other = groupsB.get(g.parentId)!;
            expect([other.totalUnits, other.tier, other.nextTier, other.totalCents]).toEqual([
              g.totalUnits,
              g.tier,
              g.nextTier,
              g.totalCents,
            ]);
          }
        },
      ),
    );
  });

  it('nextTier is the fewest units to a lower price (brute force)', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, tiers, isVip }) => {
        for (const group of priceCart(lines, tiers, { isVip }).groups) {
          const groupTiers = tiers.get(group.parentId as number) ?? [];
          const highest = Math.max(...group.lines.map((l) => l.unitPrice));
          let expected: { tier: Tier; missingUnits: number; price: number } | null = null;
          // Every tier has units ≤ 40, so any reachable lower price is reached within 40 units.
          for (let m = 1; m <= 40; m++) {
            const t = referenceTier(groupTiers, group.totalUnits + m, isVip);
            if (t && t.price < highest) {
              expected = { tier: t, missingUnits: m, price: t.price };
              break;
            }
          }
          expect(group.nextTier).toEqual(expected);
        }
      }),
    );
  });
});
