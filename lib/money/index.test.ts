import fc from 'fast-check';
import {
  IIBB_MISIONES_BASIS_POINTS,
  VAT_BASIS_POINTS,
  addPercent,
  formatCents,
  formatPesos,
  fromCents,
  iibbMisionesOf,
  mulCents,
  percentOf,
  roundToPeso,
  sumCents,
  toCents,
  vatOf,
  withVat,
} from '.';

// es-AR currency text uses a no-break space after the sign.
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('toCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.34, 1234],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [0.145, 15],
    [2.675, 268],
    [1.115, 112],
    [8.345, 835],
    [0.005, 1],
    [0.004, 0],
    [0.0049999, 0],
    [1234567.89, 123456789],
    [99999999.99, 9999999999],
    [-1.005, -101],
    [-0.005, -1],
    [-12.34, -1234],
    [1e-7, 0],
    [5e-7, 0],
  ])('toCents(%p) = %p', (pesos, cents) => {
    expect(toCents(pesos)).toBe(cents);
  });

  it('never returns -0', () => {
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('rejects non-finite and oversized amounts', () => {
    expect(() => toCents(NaN)).toThrow(RangeError);
    expect(() => toCents(Infinity)).toThrow(RangeError);
    expect(() => toCents(-Infinity)).toThrow(RangeError);
    expect(() => toCents(1e14)).toThrow(RangeError);
  });

  it('round-trips every 2-decimal amount through fromCents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('agrees with decimal half-away-from-zero rounding of 3-decimal amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (milli) => {
        const pesos = milli / 1000;
        const abs = Math.abs(milli);
        const expected = Math.floor(abs / 10) + (abs % 10 >= 5 ? 1 : 0);
        expect(toCents(pesos)).toBe(milli < 0 && expected !== 0 ? -expected : expected);
      }),
    );
  });
});

describe('fromCents, mulCents, sumCents', () => {
  it('converts centavos to pesos', () => {
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(-5)).toBe(-0.05);
    expect(fromCents(0)).toBe(0);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('multiplies exactly', () => {
    expect(mulCents(1999, 3)).toBe(5997);
    expect(mulCents(1999, 0)).toBe(0);
    expect(() => mulCents(10, 1.5)).toThrow(RangeError);
    expect(() => mulCents(0.5, 2)).toThrow(RangeError);
    expect(() => mulCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it('sums exactly where floats would drift', () => {
    const pesos = Array.from({ length: 10 }, () => 0.1);
    expect(pesos.reduce((a, b) => a + b, 0)).not.toBe(1);
    expect(sumCents(pesos.map(toCents))).toBe(100);
    expect(sumCents([])).toBe(0);
    expect(sumCents(new Set([1, 2, 3]))).toBe(6);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });
});

describe('percentages', () => {
  it.each([
    [1000, 2100, 210],
    [1005, 2100, 211], // 211.05
    [50, 2100, 11], // 10.5 → 11 (half away from zero)
    [-50, 2100, -11],
    [1000, 450, 45],
    [111, 450, 5], // 4.995
    [100, 450, 5], // 4.5 → 5
    [99, 450, 4], // 4.455
    [0, 2100, 0],
    [12345, 10000, 12345],
    [12345, 0, 0],
  ])('percentOf(%p, %p) = %p', (cents, bp, expected) => {
    expect(percentOf(cents, bp)).toBe(expected);
  });

  it('matches exact rational rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9e11, max: 9e11 }), fc.integer({ min: 0, max: 10000 }), (cents, bp) => {
        fc.pre(Number.isSafeInteger(cents * bp));
        const exact = BigInt(cents) * BigInt(bp);
        const abs = exact < 0n ? -exact : exact;
        let q = abs / 10000n;
        if ((abs % 10000n) * 2n >= 10000n) q += 1n;
        expect(percentOf(cents, bp)).toBe(Number(exact < 0n ? -q : q));
      }),
    );
  });

  it('stays exact near the safe-integer limit', () => {
    // 900719925473 × 9999 = 9006298534804527 (just under 2^53): ….4527 rounds down.
    expect(percentOf(900719925473, 9999)).toBe(900629853480);
    expect(percentOf(-900719925473, 9999)).toBe(-900629853480);
    expect(() => percentOf(900719925475, 10000)).toThrow(RangeError);
  });

  it('VAT 21 % and IIBB 4.5 %', () => {
    expect(VAT_BASIS_POINTS).toBe(2100);
    expect(IIBB_MISIONES_BASIS_POINTS).toBe(450);
    expect(vatOf(10000000)).toBe(2100000);
    expect(withVat(10000000)).toBe(12100000);
    expect(withVat(1005)).toBe(1216);
    expect(iibbMisionesOf(10000000)).toBe(450000);
    expect(addPercent(1000, 450)).toBe(1045);
  });

  it('rejects fractional inputs', () => {
    expect(() => percentOf(10.5, 2100)).toThrow(RangeError);
    expect(() => percentOf(10, 21.5)).toThrow(RangeError);
  });

  it('roundToPeso rounds half away from zero', () => {
    expect(roundToPeso(149)).toBe(100);
    expect(roundToPeso(150)).toBe(200);
    expect(roundToPeso(-150)).toBe(-200);
    expect(roundToPeso(10000000)).toBe(10000000);
  });
});

describe('formatting', () => {
  it('formats es-AR pesos with 2 decimals by default', () => {
    expect(nbsp(formatCents(123456789))).toBe('$ 1.234.567,89');
    expect(nbsp(formatCents(0))).toBe('$ 0,00');
    expect(nbsp(formatCents(5))).toBe('$ 0,05');
    expect(nbsp(formatCents(-550))).toBe('-$ 5,50');
  });

  it('formats without decimals for the footer minimums, rounding half away from zero', () => {
    expect(nbsp(formatCents(10000000, { decimals: 0 }))).toBe('$ 100.000');
    expect(nbsp(formatCents(5000050, { decimals: 0 }))).toBe('$ 50.001');
    expect(nbsp(formatCents(5000049, { decimals: 0 }))).toBe('$ 50.000');
  });

  it('formatPesos takes wire amounts', () => {
    expect(nbsp(formatPesos(0.1 + 0.2))).toBe('$ 0,30');
    expect(nbsp(formatPesos(1.005))).toBe('$ 1,01');
    expect(nbsp(formatPesos(100000, { decimals: 0 }))).toBe('$ 100.000');
  });

  it('matches Intl for es-AR ARS', () => {
    const intl = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
    const whole = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const cents = fc.oneof(fc.integer({ min: -1e11, max: 1e11 }), fc.integer({ min: -100_000, max: 100_000 }), fc.constantFrom(0, -1, 1, 99, 100, 100000, 99999, -100000));
    fc.assert(
      fc.property(cents, (c) => {
        expect(formatCents(c)).toBe(intl.format(c / 100));
        expect(formatCents(c, { decimals: 0 })).toBe(whole.format(roundToPeso(c) / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects fractional centavos', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});
