/**
 * Payments of an order (issue 32, item 2): staff record each payment they checked (cash or debit at the shop,
 * a bank transfer or deposit — spec "Payment is cash or debit at the shop; shipping to the interior is paid by
 * bank transfer or deposit"), one row per payment in `order_payments`; a mistaken entry is voided (kept, with
 * who, when and why), never deleted. The order's payment status is derived, never stored: the sum of the
 * payments that are not voided against the order's final total.
 *
 * Also the rules staff's state moves add to the table of ./states.ts (which stays the only source of what
 * move is legal): a reason the customer reads when staff reject or dismantle an order, and a confirmation
 * before an unpaid shipment is dispatched.
 * Pure: shared by the storefront and the API.
 */
import type { OrderState } from './states';

export const PAYMENT_METHODS = ['cash', 'debit', 'transfer', 'deposit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Spanish names of the methods (the API's messages and the mails; the screens use messages/*.json). */
export const PAYMENT_METHOD_LABELS_ES: Record<PaymentMethod, string> = {
  cash: 'Efectivo en el local',
  debit: 'Débito en el local',
  transfer: 'Transferencia bancaria',
  deposit: 'Depósito bancario',
};

/**
 * paid: what was paid covers the final total (and something was paid); partial: something, not all;
 * unpaid: nothing (a voided payment counts as nothing).
 */
export function paymentStatusOf(paidCents: number, finalTotalCents: number): PaymentStatus {
  if (paidCents <= 0) return 'unpaid';
  return paidCents >= finalTotalCents ? 'paid' : 'partial';
}

/** States in which no payment can be recorded: the order will not be delivered. */
const NO_PAYMENT_STATES: readonly OrderState[] = ['cancelled', 'rejected', 'disarm'];

export function canRecordPayment(state: OrderState): boolean {
  return !NO_PAYMENT_STATES.includes(state);
}

/** A note on a payment, and the reason of a void or of a rejection: at most this many characters. */
export const MAX_PAYMENT_NOTE = 300;
export const MAX_STATE_REASON = 500;

/** Staff moves the customer must be told the reason of: rejecting, dismantling (staff's cancel), cancelling. */
const REASON_STATES: readonly OrderState[] = ['rejected', 'disarm', 'cancelled'];

export function staffMoveNeedsReason(to: OrderState): boolean {
  return REASON_STATES.includes(to);
}

/**
 * Dispatching a shipment (→ shipped, not a pickup at the shop) that is not fully paid needs an explicit
 * confirmation (the UI asks; the API wants `confirmUnpaid: true`). A pickup pays at the counter.
 */
export function needsUnpaidConfirmation(order: { toSucc: boolean; paymentStatus: PaymentStatus }, to: OrderState): boolean {
  return to === 'shipped' && !order.toSucc && order.paymentStatus !== 'paid';
}
