/**
 * How an order line reads to the customer (page and mail): what they asked for, what the shop delivers,
 * what is missing, and the line's amount for what is delivered. The delivered amounts add up to the
 * order's `subtotal` (lib/orders/totals: missing lines are excluded), so the lines shown reconcile with
 * the totals shown.
 */
import { fromCents, mulCents, sumCents, toCents } from '../money';

export interface LineFacts {
  quantity: number;
  requestedQuantity: number;
  unitPrice: number;
  missing: boolean;
}

export interface LineView {
  requested: number;
  delivered: number;
  /** units not delivered: the whole line when marked missing, or the cut below the request */
  missingUnits: number;
  /** pesos: delivered × unit price */
  deliveredTotal: number;
}

export function lineView(line: LineFacts): LineView {
  const delivered = line.missing ? 0 : line.quantity;
  const requested = Math.max(line.requestedQuantity, line.quantity);
  return {
    requested,
    delivered,
    missingUnits: requested - delivered,
    deliveredTotal: fromCents(mulCents(toCents(line.unitPrice), delivered)),
  };
}

/** Σ of the delivered amounts (pesos) — equal to the order's subtotal. */
export function deliveredSubtotal(lines: readonly LineFacts[]): number {
  return fromCents(sumCents(lines.map((l) => toCents(lineView(l).deliveredTotal))));
}
