/**
 * Adapter from the API's wire shapes (pesos, `Offer`) to the centavo engine, so callers never
 * convert by hand. Results are in centavos: format with lib/money `formatCents`, send with `fromCents`.
 */
import type { Offer } from '../contracts/catalogue';
import { toCents } from '../money';
import { priceCart, type Id, type PricedCart, type PricingOptions, type Tier } from './price-cart';

/** A line as the cart keeps it / the order payload carries it: prices in pesos. */
export interface WirePricingLine {
  id: Id;
  parentId: Id;
  units: number;
  /** List price in pesos. */
  price: number;
  /** Discounted price in pesos, or null. */
  discount: number | null;
}

/** Offers (wire tiers, pesos) of each parent: a Map, or a record keyed by String(parentId). */
export type OffersByParent =
  | ReadonlyMap<Id, readonly Offer[]>
  | Readonly<Record<string, readonly Offer[] | undefined>>;

/** A wire `Offer` (price in pesos) as an engine `Tier` (price in centavos). */
export function offerToTier(offer: Offer): Tier {
  return {
    id: offer.id,
    name: offer.name,
    units: offer.units,
    price: toCents(offer.price),
    isVip: offer.isVip,
    isStrict: offer.isStrict,
  };
}

/** `priceCart` on wire shapes: converts pesos to centavos, then prices. */
export function priceCartFromWire(
  lines: readonly WirePricingLine[],
  offersByParent: OffersByParent,
  options: PricingOptions,
): PricedCart {
  // Keyed by String(parentId) so number and string ids from either input form meet.
  const tiersByParent: Record<string, Tier[]> = Object.create(null) as Record<string, Tier[]>;
  const entries: Iterable<[Id, readonly Offer[] | undefined]> =
    offersByParent instanceof Map
      ? (offersByParent as ReadonlyMap<Id, readonly Offer[]>).entries()
      : Object.entries(offersByParent as Readonly<Record<string, readonly Offer[] | undefined>>);
  for (const [parentId, offers] of entries) {
    if (offers !== undefined) tiersByParent[String(parentId)] = offers.map(offerToTier);
  }
  const centLines = lines.map((line) => ({
    id: line.id,
    parentId: line.parentId,
    units: line.units,
    price: toCents(line.price),
    discount: line.discount === null ? null : toCents(line.discount),
  }));
  return priceCart(centLines, tiersByParent, options);
}
