/**
 * The unit price of each budget line when staff change units (issue 32, item 8): the tiers are evaluated
 * again over the new quantities with the cart's own engine (lib/pricing), so lowering a line below a tier's
 * threshold no longer keeps the tier price. One rule, used by the API when it stores the budget and by the
 * budget editor for its preview, so what staff see is what is stored:
 * - a missing line keeps the price it shows (it is not charged, and it does not count towards a tier);
 * - a price staff did not change follows the tiers — unless staff had set it by hand before (kept);
 * - a price equal to what the tiers give is the tiers' price (not "adjusted");
 * - any other price is staff's own, kept and marked adjusted.
 * Pure, in centavos.
 */
import type { Cents } from '../money';
import { priceCart, type Tier, type TiersByParent } from '../pricing';

/** The tier group of an order line: its parent, or itself (a line of a deleted product is a group of its own). */
export const itemGroup = (item: { id: number; parentId: number | null; productId: number | null }): number => item.parentId ?? item.productId ?? -item.id;

export interface BudgetPricingLine {
  /** tier group: the variable parent's id or the simple product's own */
  parentId: number;
  quantity: number;
  missing: boolean;
  /** the list price of when it was ordered (what the tiers discount from) */
  listPriceCents: Cents;
  /** the unit price stored now, and whether staff set it by hand */
  currentUnitCents: Cents;
  priceAdjusted: boolean;
  /** the unit price staff send (or the editor shows) */
  staffUnitCents: Cents;
}

export interface BudgetLinePrice {
  unitPriceCents: Cents;
  priceAdjusted: boolean;
  /** what the tiers give at this quantity (null for a missing line) */
  tierUnitCents: Cents | null;
}

export function resolveBudgetPrices(lines: readonly BudgetPricingLine[], tiers: TiersByParent<Tier>, isVip: boolean): BudgetLinePrice[] {
  const charged = lines.map((l, i) => ({ l, i })).filter(({ l }) => !l.missing && l.quantity > 0);
  const cart = priceCart(
    charged.map(({ l, i }) => ({ id: i, parentId: l.parentId, units: l.quantity, price: l.listPriceCents, discount: null })),
    tiers,
    { isVip },
  );
  const tierPrice = new Map<number, Cents>(cart.lines.map((p) => [p.id as number, p.unitPrice]));
  return lines.map((l, i) => {
    const tier = tierPrice.get(i) ?? null;
    if (tier === null) return { unitPriceCents: l.staffUnitCents, priceAdjusted: l.priceAdjusted || l.staffUnitCents !== l.currentUnitCents, tierUnitCents: null };
    if (l.staffUnitCents === tier) return { unitPriceCents: tier, priceAdjusted: false, tierUnitCents: tier };
    if (l.staffUnitCents === l.currentUnitCents) {
      return l.priceAdjusted ? { unitPriceCents: l.currentUnitCents, priceAdjusted: true, tierUnitCents: tier } : { unitPriceCents: tier, priceAdjusted: false, tierUnitCents: tier };
    }
    return { unitPriceCents: l.staffUnitCents, priceAdjusted: true, tierUnitCents: tier };
  });
}
