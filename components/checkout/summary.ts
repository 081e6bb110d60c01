/**
 * The checkout summary's arithmetic (spec §5 Ordering, §9): a PREVIEW in integer centavos with the same
 * shared rules the API applies at order time (lib/orders: computeOrderTotals, shippingZone, checkMinimum)
 * — the API recomputes every price and total anyway.
 *
 * - Lines: the cart's tier-applied prices (lib/pricing through the cart).
 * - VAT 21 % on the net; IIBB 4.5 % for shipments to Misiones.
 * - Minimums on the goods total: pickup → minLocalPrice; CABA → minOrderPrice; interior (any other
 *   province, or a depot whose province is not known yet) → minOrderPrice plus VAT.
 */
import { toCents, type Cents } from '@/lib/money';
import { appliesIibbMisiones, checkMinimum, computeOrderTotals, shippingZone, type ShippingZone } from '@/lib/orders';
import type { DeliveryType } from './steps';

export interface SummaryInput {
  /** the cart's priced lines (centavos) */
  lines: readonly { units: number; unitPrice: Cents }[];
  delivery: DeliveryType;
  /** The shipping address's province (shipments; unknown yet → interior). */
  province?: string | null;
  /** api/config, pesos */
  minOrderPrice: number;
  minLocalPrice: number;
}

export interface CheckoutSummary {
  subtotalCents: Cents;
  vatCents: Cents;
  iibbCents: Cents;
  totalCents: Cents;
  zone: ShippingZone;
  /** The minimum the goods total must reach in this zone. */
  minimumCents: Cents;
  /** What is missing to reach the minimum (0 when reached). */
  missingCents: Cents;
  meetsMinimum: boolean;
}

export function computeSummary({ lines, delivery, province, minOrderPrice, minLocalPrice }: SummaryInput): CheckoutSummary {
  const toSucc = delivery === 'pickup';
  const place = { toSucc, province: toSucc ? null : (province ?? null) };
  const totals = computeOrderTotals({
    lines: lines.map((l) => ({ quantity: l.units, unitPriceCents: l.unitPrice })),
    iibbMisiones: appliesIibbMisiones(place),
  });
  const zone = shippingZone(place);
  const min = checkMinimum(totals.subtotalCents, zone, {
    minOrderCents: toCents(Math.max(0, minOrderPrice)),
    minLocalCents: toCents(Math.max(0, minLocalPrice)),
  });
  return {
    subtotalCents: totals.subtotalCents,
    vatCents: totals.vatCents,
    iibbCents: totals.iibbCents,
    totalCents: totals.finalTotalCents,
    zone,
    minimumCents: min.requiredCents,
    missingCents: min.shortByCents,
    meetsMinimum: min.ok,
  };
}
