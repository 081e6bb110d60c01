/**
 * lib/pricing — THE tier-pricing function, used by the cart (storefront) and by the API at order
 * time. Pure TypeScript, integer centavos (lib/money). Tier precedence lives here and nowhere else.
 *
 * Rules (spec §4 Cart):
 * - Lines are grouped by `parentId`: a variable product's variations share their parent's id; a
 *   simple product is its own single-line group. The group's units are summed across its lines.
 * - A tier applies when totalUnits >= tier.units; a VIP tier only when the customer holds isVip;
 *   a strict tier only when totalUnits is an exact multiple of tier.units. Malformed tiers
 *   (units not a positive integer, negative price) never apply.
 * - The cheapest applicable tier wins; equal prices → the higher `units`, then the lower id.
 * - The winning price goes to every line of the group, never above a line's regular price
 *   (its discount when present, else its price): unitPrice = min(tier.price, regularPrice).
 *   A line reports `tier` only when the tier actually lowered its price. No tier → regular price.
 * - Groups are independent; line order never changes a result.
 * - nextTier: the fewest units to add after which the group's tier price would be lower than the
 *   highest unit price its lines pay now (strict tiers: up to their next multiple), with the tier
 *   that would then win. Only tiers the customer is allowed count.
 *
 * API:
 * - priceCart(lines: PricingLine[], tiersByParent: Map<Id, Tier[]> | Record<string, Tier[]>,
 *     { isVip }): PricedCart — centavo inputs; Map keys must equal the lines' parentId.
 * - priceCartFromWire(lines: WirePricingLine[], offersByParent: Map<Id, Offer[]> | Record<string, Offer[]>,
 *     { isVip }): PricedCart — peso inputs (wire `Offer`), centavo results.
 * - selectTier, findNextTier, isTierApplicable, unitsToReach: the rules on their own.
 * - tiersForDisplay(tiers, { isVip }): the ladder for a product page (all tiers, VIP ones marked).
 */
export { priceCart, type PricedCart, type PricedLine, type PricingLine, type Tier, type TiersByParent } from './price-cart';
export { tiersForDisplay, type NextTierInfo } from './tiers';
export { offerToTier, priceCartFromWire, type WirePricingLine } from './wire';
