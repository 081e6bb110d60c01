/**
 * Tier rules: which tier applies to a parent's total units, which one is the next to reach, and
 * which to display. Prices here are whatever unit the caller uses (centavos in the engine); the
 * rules only compare them.
 */

/** The parts of a price tier the rules look at (a wire `Offer` has this shape too, in pesos). */
export interface TierRule {
  id: number;
  /** Minimum total units of the parent (summed over its children). */
  units: number;
  /** Unit price for every child of the parent once the tier applies. */
  price: number;
  /** Only customers holding the isVip permission get it. */
  isVip: boolean;
  /** Applies only when the total units are an exact multiple of `units`. */
  isStrict: boolean;
}

/** A malformed tier (units not a positive integer, price not finite and ≥ 0) never applies. */
function isWellFormedTier(tier: TierRule): boolean {
  return Number.isSafeInteger(tier.units) && tier.units > 0 && Number.isFinite(tier.price) && tier.price >= 0;
}

/** The VIP rule alone: may this customer ever get this tier? */
function isTierAllowed(tier: TierRule, isVip: boolean): boolean {
  return isVip || !tier.isVip;
}

/** Spec §4 Cart: enough units, VIP only for VIP customers, strict only on exact multiples. */
function isTierApplicable(tier: TierRule, totalUnits: number, isVip: boolean): boolean {
  return (
    isWellFormedTier(tier) &&
    isTierAllowed(tier, isVip) &&
    totalUnits >= tier.units &&
    (!tier.isStrict || totalUnits % tier.units === 0)
  );
}

/**
 * Precedence between two applicable tiers: the lower price wins; on equal prices the higher
 * `units` (the step the customer actually reached, so its name is the one shown), then the lower id.
 */
function isBetterTier(a: TierRule, b: TierRule): boolean {
  if (a.price !== b.price) return a.price < b.price;
  if (a.units !== b.units) return a.units > b.units;
  return a.id < b.id;
}

/** The winning tier for a parent's total units, or null when none applies. */
export function selectTier<T extends TierRule>(tiers: readonly T[], totalUnits: number, isVip: boolean): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (isTierApplicable(tier, totalUnits, isVip) && (best === null || isBetterTier(tier, best))) best = tier;
  }
  return best;
}

/** Fewest units (> 0) to add to `totalUnits` so that `tier` applies (VIP rule not checked here). */
function unitsToReach(tier: TierRule, totalUnits: number): number {
  if (totalUnits < tier.units) return tier.units - totalUnits;
  if (!tier.isStrict) return 0; // already reached
  const remainder = totalUnits % tier.units;
  return remainder === 0 ? 0 : tier.units - remainder;
}

export interface NextTierInfo<T extends TierRule> {
  /** The tier that would win once the missing units are added. */
  tier: T;
  /** Units to add (> 0) across the parent's children. */
  missingUnits: number;
  /** That tier's unit price (a child whose own regular price is lower keeps it). */
  price: number;
}

/**
 * The nudge "Agregá N unidades más para pagar $X c/u": the fewest additional units after which the
 * parent's tier price would be lower than `currentPrice` (the highest unit price its children pay
 * now), and the tier that would then win. Only tiers this customer is allowed are considered;
 * for a strict tier the units count to its next multiple. Null when no tier can lower the price.
 */
export function findNextTier<T extends TierRule>(
  tiers: readonly T[],
  totalUnits: number,
  isVip: boolean,
  currentPrice: number,
): NextTierInfo<T> | null {
  let missing = Infinity;
  for (const tier of tiers) {
    if (!isWellFormedTier(tier) || !isTierAllowed(tier, isVip) || tier.price >= currentPrice) continue;
    const toReach = unitsToReach(tier, totalUnits);
    // 0 means it already applies, so it cannot be cheaper than the winner; kept out defensively.
    if (toReach > 0 && toReach < missing) missing = toReach;
  }
  if (missing === Infinity) return null;
  // At total + missing, another tier may win (e.g. a cheaper strict tier on the same multiple).
  const tier = selectTier(tiers, totalUnits + missing, isVip);
  return tier === null ? null : { tier, missingUnits: missing, price: tier.price };
}

export interface DisplayTier<T extends TierRule> {
  tier: T;
  /** Show the VIP-customer badge. */
  vipOnly: boolean;
  /** This customer can get it (false: a VIP tier shown to a non-VIP customer). */
  eligible: boolean;
}

/**
 * The tier ladder for a product page: every well-formed tier, VIP ones marked, sorted by units
 * (then price, then id) so it reads as a ladder.
 */
export function tiersForDisplay<T extends TierRule>(tiers: readonly T[], options: { isVip: boolean }): DisplayTier<T>[] {
  return tiers
    .filter(isWellFormedTier)
    .sort((a, b) => a.units - b.units || a.price - b.price || a.id - b.id)
    .map((tier) => ({ tier, vipOnly: tier.isVip, eligible: isTierAllowed(tier, options.isVip) }));
}
