/**
 * The tier-pricing engine (spec §4 Cart), in integer centavos. See ./index.ts for the rules.
 */
import { mulCents, type Cents } from '../money';
import { findNextTier, selectTier, type NextTierInfo, type TierRule } from './tiers';

export type Id = number | string;

/** A price tier in centavos (a wire `Offer` converted with `offerToTier`). */
export interface Tier extends TierRule {
  name: string;
  /** Unit price in centavos. */
  price: Cents;
}

/** One cart or order line: a child (variation, or a simple product) of a parent group. */
export interface PricingLine {
  id: Id;
  /** Group key: the parent variable product's id, or the simple product's own id. */
  parentId: Id;
  /** Non-negative integer. */
  units: number;
  /** List price in centavos. */
  price: Cents;
  /** Discounted price in centavos, or null. When present it is the child's regular price. */
  discount: Cents | null;
}

/** Tiers of each parent: a Map keyed by parentId, or a plain record keyed by String(parentId). */
export type TiersByParent<T extends Tier = Tier> =
  | ReadonlyMap<Id, readonly T[]>
  | Readonly<Record<string, readonly T[] | undefined>>;

export interface PricingOptions {
  /** The customer holds the isVip permission (server: from the session, never from the request body). */
  isVip: boolean;
}

export interface PricedLine<T extends Tier = Tier> {
  id: Id;
  parentId: Id;
  units: number;
  /** What one unit costs: min(tier price, regularPrice). */
  unitPrice: Cents;
  /** The child's own price: discount when present, else price. */
  regularPrice: Cents;
  /** The parent's winning tier when it lowered this line's price (tier.price < regularPrice), else null. */
  tier: T | null;
  /** units × unitPrice. */
  lineTotal: Cents;
}

interface PricedGroup<T extends Tier = Tier> {
  parentId: Id;
  /** Units summed over the group's lines. */
  totalUnits: number;
  /** The parent's winning tier, or null. */
  tier: T | null;
  /** The nudge: fewest units to add for a lower price, or null. */
  nextTier: NextTierInfo<T> | null;
  /** The group's lines, in input order (the same objects as in `PricedCart.lines`). */
  lines: PricedLine<T>[];
  /** Σ lineTotal of the group. */
  totalCents: Cents;
}

export interface PricedCart<T extends Tier = Tier> {
  /** One per input line, in input order. */
  lines: PricedLine<T>[];
  /** One per parent, in order of first appearance. */
  groups: PricedGroup<T>[];
  /** Σ units × unitPrice. */
  totalCents: Cents;
  /** Σ units. */
  totalUnits: number;
  /** What the tiers saved: Σ units × (regularPrice − unitPrice). */
  savingsCents: Cents;
}

function tiersOf<T extends Tier>(tiersByParent: TiersByParent<T>, parentId: Id): readonly T[] {
  if (tiersByParent instanceof Map) return (tiersByParent as ReadonlyMap<Id, readonly T[]>).get(parentId) ?? [];
  const record = tiersByParent as Readonly<Record<string, readonly T[] | undefined>>;
  const key = String(parentId);
  // Own keys only: a parent id such as "constructor" must not reach Object.prototype.
  return (Object.hasOwn(record, key) ? record[key] : undefined) ?? [];
}

function checkLine(line: PricingLine): void {
  if (!Number.isSafeInteger(line.units) || line.units < 0) {
    throw new RangeError(`line ${line.id}: units must be a non-negative integer, got ${line.units}`);
  }
  const regular = line.discount ?? line.price;
  if (!Number.isSafeInteger(regular) || regular < 0) {
    throw new RangeError(`line ${line.id}: price must be non-negative integer centavos, got ${regular}`);
  }
}

/**
 * Prices a cart or an order. Pure and O(lines + tiers). Throws RangeError on a line with a
 * negative or fractional `units`, or a regular price that is not non-negative integer centavos.
 */
export function priceCart<T extends Tier = Tier>(
  lines: readonly PricingLine[],
  tiersByParent: TiersByParent<T>,
  options: PricingOptions,
): PricedCart<T> {
  const groupsById = new Map<Id, PricedGroup<T>>();
  const priced: PricedLine<T>[] = new Array<PricedLine<T>>(lines.length);

  // Pass 1: group lines by parent and sum their units.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    checkLine(line);
    let group = groupsById.get(line.parentId);
    if (group === undefined) {
      group = { parentId: line.parentId, totalUnits: 0, tier: null, nextTier: null, lines: [], totalCents: 0 };
      groupsById.set(line.parentId, group);
    }
    const regularPrice = line.discount ?? line.price;
    const pricedLine: PricedLine<T> = {
      id: line.id,
      parentId: line.parentId,
      units: line.units,
      unitPrice: regularPrice,
      regularPrice,
      tier: null,
      lineTotal: 0,
    };
    priced[i] = pricedLine;
    group.lines.push(pricedLine);
    group.totalUnits += line.units;
  }

  // Pass 2: per parent, pick the tier and set the price on all its children.
  const groups: PricedGroup<T>[] = [];
  let totalCents = 0;
  let totalUnits = 0;
  let savingsCents = 0;
  for (const group of groupsById.values()) {
    const tiers = tiersOf(tiersByParent, group.parentId);
    const tier = tiers.length === 0 ? null : selectTier(tiers, group.totalUnits, options.isVip);
    group.tier = tier;
    let highestUnitPrice = 0;
    for (const line of group.lines) {
      if (tier !== null && tier.price < line.regularPrice) {
        line.unitPrice = tier.price;
        line.tier = tier;
      }
      line.lineTotal = mulCents(line.unitPrice, line.units);
      group.totalCents += line.lineTotal;
      savingsCents += (line.regularPrice - line.unitPrice) * line.units;
      if (line.unitPrice > highestUnitPrice) highestUnitPrice = line.unitPrice;
    }
    group.nextTier =
      tiers.length === 0 ? null : findNextTier(tiers, group.totalUnits, options.isVip, highestUnitPrice);
    totalCents += group.totalCents;
    totalUnits += group.totalUnits;
    groups.push(group);
  }

  return { lines: priced, groups, totalCents, totalUnits, savingsCents };
}
