import { computeSummary } from './summary';

const cfg = { minOrderPrice: 100000, minLocalPrice: 50000 };
// 30 × $ 5.487,00 = $ 164.610,00
const lines = [{ units: 30, unitPrice: 548700 }];

describe('computeSummary', () => {
  it('VAT 21 % on the subtotal, no IIBB outside Misiones', () => {
    const s = computeSummary({ lines, delivery: 'address', province: 'CABA', ...cfg });
    expect(s.subtotalCents).toBe(16461000);
    expect(s.vatCents).toBe(3456810);
    expect(s.iibbCents).toBe(0);
    expect(s.totalCents).toBe(19917810);
    expect(s.zone).toBe('caba');
    expect(s.minimumCents).toBe(10000000);
    expect(s.meetsMinimum).toBe(true);
  });

  it('adds 4.5 % IIBB for shipments to Misiones (interior: minimum plus VAT)', () => {
    const s = computeSummary({ lines, delivery: 'depot', province: 'Misiones', ...cfg });
    expect(s.iibbCents).toBe(740745); // 4.5 % of 164.610,00 = 7.407,45
    expect(s.totalCents).toBe(16461000 + 3456810 + 740745);
    expect(s.zone).toBe('interior');
    expect(s.minimumCents).toBe(12100000);
    expect(s.meetsMinimum).toBe(true);
  });

  it('pickup: local minimum, never IIBB', () => {
    const s = computeSummary({ lines: [{ units: 10, unitPrice: 400000 }], delivery: 'pickup', province: 'Misiones', ...cfg });
    expect(s.zone).toBe('pickup');
    expect(s.iibbCents).toBe(0);
    expect(s.minimumCents).toBe(5000000);
    expect(s.missingCents).toBe(1000000);
    expect(s.meetsMinimum).toBe(false);
  });

  it('interior below minimum plus VAT reports what is missing', () => {
    const s = computeSummary({ lines: [{ units: 1, unitPrice: 11000000 }], delivery: 'address', province: 'Córdoba', ...cfg });
    expect(s.meetsMinimum).toBe(false);
    expect(s.missingCents).toBe(1100000);
  });

  it('a shipment without a province yet counts as interior', () => {
    expect(computeSummary({ lines, delivery: 'address', province: null, ...cfg }).zone).toBe('interior');
  });

  it('sums several lines exactly (no float drift)', () => {
    const s = computeSummary({
      lines: [
        { units: 3, unitPrice: 10 },
        { units: 7, unitPrice: 20 },
      ],
      delivery: 'pickup',
      ...cfg,
    });
    expect(s.subtotalCents).toBe(170);
    expect(s.vatCents).toBe(36); // 35.7 → 36
  });

  it('uses the configured minimums', () => {
    const s = computeSummary({ lines, delivery: 'pickup', minOrderPrice: 1, minLocalPrice: 200000 });
    expect(s.minimumCents).toBe(20000000);
    expect(s.meetsMinimum).toBe(false);
  });
});
