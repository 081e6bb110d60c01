/**
 * Bulk price changes (issue 24 §2): the adjustment and rounding rules and the checks of a product's prices
 * after a change, in integer centavos (lib/money). Pure: shared by the API (which recomputes every preview
 * and every apply) and the back-office page.
 *
 * - adjustment: +/- a percentage (up to 2 decimals, in basis points) or a fixed amount (centavos), applied to
 *   the price, the discount price and/or the tier (offer) prices;
 * - rounding of every changed amount: none, to the peso, to 10 or 100 pesos (half away from zero), or to
 *   ",99" (the nearest whole peso minus one centavo: 1.234,56 → 1.234,99; 1.234,20 → 1.233,99);
 * - after the change the discount stays below the price and every tier below the price; a negative amount or
 *   one above MAX_PRICE_PESOS is a violation too. Rows with violations are listed and block the apply.
 */
import { percentOf, type Cents } from '../money';
import { MAX_PRICE_PESOS } from '../money/parse';

export const PRICE_FIELDS = ['price', 'discount', 'tiers'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export const ROUNDINGS = ['none', 'peso', 'ten', 'hundred', 'ninetyNine'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

export interface AdjustRule {
  kind: 'percent' | 'amount';
  /** percent: basis points (1000 = 10 %); amount: centavos. Negative lowers the prices. */
  value: number;
  fields: readonly PriceField[];
  rounding: Rounding;
}

export interface TierPrices {
  id: number;
  units: number;
  cents: Cents;
  isVip: boolean;
}

export interface PriceSet {
  price: Cents;
  discount: Cents | null;
  /** the product's tiers (top-level products only; variations have none of their own) */
  tiers: TierPrices[];
}

export const VIOLATIONS = ['negative', 'tooLarge', 'discountNotBelowPrice', 'tierNotBelowPrice', 'tierUnitsNotIncreasing'] as const;
export type Violation = (typeof VIOLATIONS)[number];

const MAX_CENTS = MAX_PRICE_PESOS * 100;

/** Rounds `cents` half away from zero to a multiple of `step` centavos. */
function roundTo(cents: Cents, step: number): Cents {
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(cents);
  const r = abs % step;
  const down = abs - r;
  return sign * (r * 2 >= step ? down + step : down) + 0;
}

export function applyRounding(cents: Cents, rounding: Rounding): Cents {
  switch (rounding) {
    case 'none':
      return cents;
    case 'peso':
      return roundTo(cents, 100);
    case 'ten':
      return roundTo(cents, 1000);
    case 'hundred':
      return roundTo(cents, 10_000);
    case 'ninetyNine':
      if (cents < 0) return cents;
      return Math.max(roundTo(cents, 100), 100) - 1;
  }
}

/** One amount adjusted by the rule, then rounded. */
export function adjustCents(cents: Cents, rule: Pick<AdjustRule, 'kind' | 'value' | 'rounding'>): Cents {
  const moved = rule.kind === 'percent' ? cents + percentOf(cents, rule.value) : cents + rule.value;
  return applyRounding(moved, rule.rounding);
}

/** The prices after the rule (fields the rule does not name stay as they are; no discount stays none). */
export function adjustPrices(before: PriceSet, rule: AdjustRule): PriceSet {
  const has = (f: PriceField) => rule.fields.includes(f);
  return {
    price: has('price') ? adjustCents(before.price, rule) : before.price,
    discount: has('discount') && before.discount !== null ? adjustCents(before.discount, rule) : before.discount,
    tiers: before.tiers.map((t) => (has('tiers') ? { ...t, cents: adjustCents(t.cents, rule) } : t)),
  };
}

/** What is wrong with a product's prices (empty when they can be saved). */
export function priceViolations(p: PriceSet): Violation[] {
  const out = new Set<Violation>();
  const amounts = [p.price, ...(p.discount === null ? [] : [p.discount]), ...p.tiers.map((t) => t.cents)];
  if (amounts.some((c) => c < 0)) out.add('negative');
  if (amounts.some((c) => c > MAX_CENTS)) out.add('tooLarge');
  if (p.discount !== null && p.discount >= p.price) out.add('discountNotBelowPrice');
  if (p.tiers.some((t) => t.cents >= p.price)) out.add('tierNotBelowPrice');
  for (const vip of [false, true]) {
    const units = p.tiers.filter((t) => t.isVip === vip).map((t) => t.units);
    if (units.some((u, i) => i > 0 && u <= units[i - 1]!)) out.add('tierUnitsNotIncreasing');
  }
  return [...out];
}

export function samePrices(a: PriceSet, b: PriceSet): boolean {
  return (
    a.price === b.price &&
    a.discount === b.discount &&
    a.tiers.length === b.tiers.length &&
    a.tiers.every((t, i) => {
      const u = b.tiers[i]!;
      return t.id === u.id && t.units === u.units && t.cents === u.cents;
    })
  );
}

/** "10,5" / "-3" / "+12.25" → basis points (1050, -300, 1225); null when not a percentage with ≤ 2 decimals. */
export function parsePercent(raw: string): number | null {
  const s = raw.trim().replace(/\s+/g, '').replace(/%$/, '').replace(',', '.');
  if (!/^[+-]?\d{1,4}(?:\.\d{1,2})?$/.test(s)) return null;
  const bp = Math.round(Number(s) * 100);
  return bp <= -10_000 || bp > 100_000 ? null : bp;
}
