/**
 * Exact money for the shop: amounts are integer centavos (`Cents`), never floats that get added.
 *
 * The wire and localStorage carry pesos as numbers with at most two decimals (lib/contracts/catalogue);
 * convert once with `toCents` at the boundary, do every sum/product/percentage in centavos, and
 * convert back with `fromCents` (wire) or `formatCents` (screen).
 *
 * Rounding, everywhere in this module: half away from zero (1.005 → 1.01, −1.005 → −1.01), the
 * usual commercial rule for invoices.
 *
 * Pure TypeScript: shared by the storefront and the API (no DOM, no Node APIs).
 */

/** An integer number of centavos (1 peso = 100 centavos). A type alias, so plain numbers work. */
export type Cents = number;

/** VAT (IVA) rate, in basis points (1 bp = 0.01 %). */
export const VAT_BASIS_POINTS = 2100;
/** Extra IIBB surcharge on shipments to the province of Misiones (spec §9), in basis points. */
export const IIBB_MISIONES_BASIS_POINTS = 450;

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
}

/**
 * Pesos → centavos, rounding half away from zero at the centavo.
 *
 * The decision is made on the number's shortest decimal representation (what `String(x)` shows),
 * so float noise never flips a result: 0.1 + 0.2 → 30, 1.005 → 101 (although 1.005 * 100 is
 * 100.49999…), 0.145 → 15. Throws RangeError for NaN/±Infinity or amounts beyond safe integers.
 */
export function toCents(pesos: number): Cents {
  if (!Number.isFinite(pesos)) throw new RangeError(`not a finite amount: ${pesos}`);
  const abs = Math.abs(pesos);
  const scaled = abs * 100;
  if (scaled > Number.MAX_SAFE_INTEGER) throw new RangeError(`amount too large: ${pesos}`);
  const fraction = scaled - Math.floor(scaled);
  // Fast path (the wire's 2-decimal values land here): far from a half-centavo, float error
  // (a few ulps of `scaled`) cannot change the nearest integer.
  const rounded =
    Math.abs(fraction - 0.5) > 1e-7 + scaled * 1e-14 ? Math.round(scaled) : roundDecimalString(abs);
  return pesos < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Exact half-away-from-zero rounding of a non-negative number to 2 decimals, via its decimal digits. */
function roundDecimalString(abs: number): number {
  // String(x) is the shortest representation that round-trips: the decimal the author meant.
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(abs));
  if (!match) throw new RangeError(`cannot read amount: ${abs}`);
  const digits = match[1] + (match[2] ?? '');
  // Position of the decimal point within `digits`, then shifted two places for centavos.
  const point = match[1].length + Number(match[3] ?? 0) + 2;
  if (point <= 0) return 0; // below 0.001 centavo: nothing to round up
  const whole = digits.length >= point ? digits.slice(0, point) : digits.padEnd(point, '0');
  const next = digits.length > point ? digits.charCodeAt(point) - 48 : 0;
  return Number(whole) + (next >= 5 ? 1 : 0);
}

/** Centavos → pesos for the wire (the closest double to the 2-decimal value; exact as text). */
export function fromCents(cents: Cents): number {
  assertSafeInteger(cents, 'cents');
  return cents / 100;
}

/** `cents × units`, checked to stay an exact integer. */
export function mulCents(cents: Cents, units: number): Cents {
  assertSafeInteger(cents, 'cents');
  assertSafeInteger(units, 'units');
  const product = cents * units;
  assertSafeInteger(product, 'product');
  return product;
}

/** Exact sum of centavo amounts. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) {
    assertSafeInteger(value, 'cents');
    total += value;
  }
  assertSafeInteger(total, 'sum');
  return total;
}

/**
 * `basisPoints / 10000` of `cents`, rounded half away from zero to the centavo
 * (e.g. 21 % VAT = 2100 bp: 1005 → 211.05 → 211; 450 bp of 1000 → 45).
 * Integer-only arithmetic; `cents × basisPoints` must stay within safe integers (≈ 9·10¹¹ pesos at 100 %).
 */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  assertSafeInteger(cents, 'cents');
  assertSafeInteger(basisPoints, 'basisPoints');
  const numerator = cents * basisPoints;
  assertSafeInteger(numerator, 'cents × basisPoints');
  // `%` and the division of an exact multiple are exact on safe integers (a float `n / 10000`
  // then `trunc` is not, near 2^53); `+ 0` turns a -0 quotient into 0.
  const remainder = numerator % 10000;
  const quotient = (numerator - remainder) / 10000 + 0;
  if (Math.abs(remainder) * 2 < 10000) return quotient;
  return numerator < 0 ? quotient - 1 : quotient + 1;
}

/** `cents` plus `basisPoints` of it (the surcharge rounded on its own, as on an invoice line). */
export function addPercent(cents: Cents, basisPoints: number): Cents {
  return cents + percentOf(cents, basisPoints);
}

/** The VAT (21 %) on a net amount. */
export function vatOf(cents: Cents): Cents {
  return percentOf(cents, VAT_BASIS_POINTS);
}

/** A net amount plus 21 % VAT. */
export function withVat(cents: Cents): Cents {
  return addPercent(cents, VAT_BASIS_POINTS);
}

/** The 4.5 % IIBB surcharge for shipments to Misiones. */
export function iibbMisionesOf(cents: Cents): Cents {
  return percentOf(cents, IIBB_MISIONES_BASIS_POINTS);
}

/** Rounds centavos to whole pesos (still in centavos), half away from zero: 150 → 200, −150 → −200. */
export function roundToPeso(cents: Cents): Cents {
  assertSafeInteger(cents, 'cents');
  return percentOf(cents, 100) * 100;
}

export interface FormatOptions {
  /** 2 (default) for prices; 0 for the footer minimums (spec §9), rounded half away from zero. */
  decimals?: 0 | 2;
}

/**
 * Formats centavos as ARS for es-AR, e.g. 123456789 → "$ 1.234.567,89" (the space is a NBSP).
 *
 * Written out rather than through Intl.NumberFormat: the text is the same (a property test compares them),
 * but Chrome spends ~90 ms of a throttled phone's main thread building its first NumberFormat, and the
 * cart link formats a total on every page while it hydrates.
 */
export function formatCents(cents: Cents, options: FormatOptions = {}): string {
  const decimals = options.decimals ?? 2;
  // Round ourselves so the text is exact (half away from zero for the 0-decimal variant).
  const amount = decimals === 0 ? roundToPeso(cents) : cents;
  assertSafeInteger(amount, 'cents');
  const abs = Math.abs(amount);
  const pesos = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = decimals === 0 ? pesos : `${pesos},${String(abs % 100).padStart(2, '0')}`;
  return `${amount < 0 ? '-' : ''}$\u00a0${text}`;
}

/** Formats a peso amount (as on the wire) as ARS: `formatCents(toCents(pesos), options)`. */
export function formatPesos(pesos: number, options: FormatOptions = {}): string {
  return formatCents(toCents(pesos), options);
}
