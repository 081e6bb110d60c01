/**
 * An order's totals (spec §3 Order: total boxes, subtotal, price with VAT, bonus, final total, total
 * price; §9 IIBB Misiones), in integer centavos, from its lines. The one place these are computed: the
 * API stores them on the order and in the budget; the storefront shows them.
 *
 *   totalPrice   = Σ quantity × unitPrice over ALL lines (what was ordered, missing lines included)
 *   subtotal     = Σ quantity × unitPrice over the lines that are not missing
 *   net          = subtotal − bonus                  (bonus: the shop's discount, 0 ≤ bonus ≤ subtotal)
 *   vat          = 21 % of net                        (rounded half away from zero, lib/money)
 *   priceWithVat = net + vat
 *   iibb         = 4.5 % of net when shipped to Misiones, else 0
 *   finalTotal   = priceWithVat + iibb
 *
 * Missing-products status: `missing` when every line is missing, `incomplete` when some line is missing
 * or was cut below the requested quantity, else `complete` (also for an order with no lines).
 */
import { iibbMisionesOf, mulCents, sumCents, vatOf, type Cents } from '../money';

export type MissingStatus = 'complete' | 'incomplete' | 'missing';

export interface TotalsLine {
  /** units the shop will deliver (after the budget) */
  quantity: number;
  unitPriceCents: Cents;
  /** the shop marked the product as missing: excluded from the subtotal */
  missing?: boolean;
  /** units the customer asked for (defaults to quantity) */
  requestedQuantity?: number | null;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  bonusCents?: Cents;
  boxes?: number;
  /** the 4.5 % IIBB surcharge applies (shipment to Misiones) */
  iibbMisiones?: boolean;
}

export interface OrderTotals {
  totalBoxes: number;
  totalPriceCents: Cents;
  subtotalCents: Cents;
  bonusCents: Cents;
  netCents: Cents;
  vatCents: Cents;
  priceWithVatCents: Cents;
  iibbCents: Cents;
  finalTotalCents: Cents;
  /** Σ quantity of the lines that are not missing */
  totalUnits: number;
  missingStatus: MissingStatus;
}

export function missingStatusOf(lines: readonly TotalsLine[]): MissingStatus {
  if (lines.length === 0) return 'complete';
  const missing = lines.filter((l) => l.missing).length;
  if (missing === lines.length) return 'missing';
  if (missing > 0) return 'incomplete';
  const cut = lines.some((l) => l.requestedQuantity != null && l.quantity < l.requestedQuantity);
  return cut ? 'incomplete' : 'complete';
}

/**
 * Throws RangeError for a negative or fractional quantity, price, boxes or bonus, or a bonus above the
 * subtotal (callers validate input first and turn this into a 400).
 */
export function computeOrderTotals(input: TotalsInput): OrderTotals {
  const boxes = input.boxes ?? 0;
  const bonusCents = input.bonusCents ?? 0;
  if (!Number.isSafeInteger(boxes) || boxes < 0) throw new RangeError(`boxes must be a non-negative integer, got ${boxes}`);
  if (!Number.isSafeInteger(bonusCents) || bonusCents < 0) throw new RangeError(`bonus must be non-negative centavos, got ${bonusCents}`);
  for (const l of input.lines) {
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 0) throw new RangeError(`quantity must be a non-negative integer, got ${l.quantity}`);
    if (!Number.isSafeInteger(l.unitPriceCents) || l.unitPriceCents < 0) throw new RangeError(`unit price must be non-negative centavos, got ${l.unitPriceCents}`);
  }
  const totalPriceCents = sumCents(input.lines.map((l) => mulCents(l.unitPriceCents, l.quantity)));
  const available = input.lines.filter((l) => !l.missing);
  const subtotalCents = sumCents(available.map((l) => mulCents(l.unitPriceCents, l.quantity)));
  if (bonusCents > subtotalCents) throw new RangeError(`bonus ${bonusCents} exceeds the subtotal ${subtotalCents}`);
  const netCents = subtotalCents - bonusCents;
  const vatCents = vatOf(netCents);
  const priceWithVatCents = netCents + vatCents;
  const iibbCents = input.iibbMisiones ? iibbMisionesOf(netCents) : 0;
  return {
    totalBoxes: boxes,
    totalPriceCents,
    subtotalCents,
    bonusCents,
    netCents,
    vatCents,
    priceWithVatCents,
    iibbCents,
    finalTotalCents: priceWithVatCents + iibbCents,
    totalUnits: available.reduce((n, l) => n + l.quantity, 0),
    missingStatus: missingStatusOf(input.lines),
  };
}
