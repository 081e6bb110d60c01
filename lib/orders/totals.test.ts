import { computeOrderTotals, missingStatusOf } from './totals';

describe('computeOrderTotals', () => {
  it('subtotal, VAT 21 %, final total in exact centavos', () => {
    const t = computeOrderTotals({
      lines: [
        { quantity: 12, unitPriceCents: 585_900 }, // 12 × 5.859,00
        { quantity: 3, unitPriceCents: 1_005 }, // 3 × 10,05
      ],
    });
    // the chain of amounts, in order; 21 % of 7.033.815 = 1.477.101,15 → 1.477.101
    expect(t).toMatchObject({ totalPriceCents: 7_030_800 + 3_015, subtotalCents: 7_033_815, netCents: 7_033_815, vatCents: 1_477_101 });
    expect(t).toMatchObject({ priceWithVatCents: 8_510_916, iibbCents: 0, finalTotalCents: 8_510_916, totalUnits: 15, missingStatus: 'complete' });
  });

  it('rounds VAT half away from zero', () => {
    // 21 % of 50 = 10,5 → 11
    expect(computeOrderTotals({ lines: [{ quantity: 1, unitPriceCents: 50 }] }).vatCents).toBe(11);
  });

  it('bonus comes off before VAT and IIBB; Misiones adds 4.5 % of the net', () => {
    const t = computeOrderTotals({
      lines: [{ quantity: 10, unitPriceCents: 1_000_000 }],
      bonusCents: 500_000,
      boxes: 4,
      iibbMisiones: true,
    });
    expect(t).toMatchObject({ subtotalCents: 10_000_000, netCents: 9_500_000, vatCents: 1_995_000, priceWithVatCents: 11_495_000 });
    expect(t).toMatchObject({ iibbCents: 427_500, finalTotalCents: 11_922_500, totalBoxes: 4 });
  });

  it('missing lines stay in totalPrice but not in the subtotal', () => {
    const t = computeOrderTotals({
      lines: [
        { quantity: 2, unitPriceCents: 1000 },
        { quantity: 5, unitPriceCents: 300, missing: true },
      ],
    });
    expect(t).toMatchObject({ totalPriceCents: 3500, subtotalCents: 2000, totalUnits: 2, missingStatus: 'incomplete' });
  });

  it('refuses bad input', () => {
    expect(() => computeOrderTotals({ lines: [{ quantity: 1, unitPriceCents: 100 }], bonusCents: 101 })).toThrow(RangeError);
    expect(() => computeOrderTotals({ lines: [{ quantity: -1, unitPriceCents: 100 }] })).toThrow(RangeError);
    expect(() => computeOrderTotals({ lines: [{ quantity: 1, unitPriceCents: 1.5 }] })).toThrow(RangeError);
    expect(() => computeOrderTotals({ lines: [], boxes: -1 })).toThrow(RangeError);
    expect(() => computeOrderTotals({ lines: [], bonusCents: -1 })).toThrow(RangeError);
  });

  it('an empty order is all zeros', () => {
    const t = computeOrderTotals({ lines: [] });
    expect(t.finalTotalCents).toBe(0);
    expect(t.missingStatus).toBe('complete');
  });
});

describe('missingStatusOf', () => {
  it('complete / incomplete / missing', () => {
    expect(missingStatusOf([{ quantity: 1, unitPriceCents: 1 }])).toBe('complete');
    expect(missingStatusOf([{ quantity: 1, unitPriceCents: 1, requestedQuantity: 1 }])).toBe('complete');
    expect(missingStatusOf([{ quantity: 1, unitPriceCents: 1, requestedQuantity: 2 }])).toBe('incomplete');
    expect(
      missingStatusOf([
        { quantity: 1, unitPriceCents: 1, missing: true },
        { quantity: 1, unitPriceCents: 1 },
      ]),
    ).toBe('incomplete');
    expect(missingStatusOf([{ quantity: 1, unitPriceCents: 1, missing: true }])).toBe('missing');
  });
});
