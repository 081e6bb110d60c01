/**
 * What staff may do from an order's state, straight from the transition table (lib/orders/states):
 * the generic state buttons (POST …/state) and whether a budget may be sent (POST …/budget).
 */
import { canTransition, nextStates, ORDER_STATES, type OrderState } from '@/lib/orders/states';
import { needsUnpaidConfirmation, type PaymentStatus } from '@/lib/orders/payments';

/** Targets of the staff state buttons from `state`, in table order. */
export function staffStateTargets(state: OrderState): OrderState[] {
  return nextStates(state, 'staff', 'state');
}

/** Staff may send (or re-send) a budget from `state`. */
export function canSendBudget(state: OrderState): boolean {
  return canTransition(state, 'review', 'staff', 'budget');
}

/** The states staff can move some order to with the generic move (the bulk change's choices), in table order. */
export const BULK_TARGETS: readonly OrderState[] = ORDER_STATES.filter((to) => ORDER_STATES.some((from) => canTransition(from, to, 'staff', 'state')));

export interface BulkCandidate {
  id: number;
  number: number;
  state: OrderState;
  toSucc: boolean;
  paymentStatus: PaymentStatus;
}

/**
 * What a bulk change to `to` would do to the selected orders, from the same table the API applies
 * (issue 32, item 6): the ones that can move, those that cannot (their state has no such staff move), and
 * among the movable ones the unpaid shipments that need `confirmUnpaid` to be dispatched.
 */
export function bulkPlan(selected: readonly BulkCandidate[], to: OrderState) {
  const movable = selected.filter((o) => canTransition(o.state, to, 'staff', 'state'));
  return {
    movable,
    cannot: selected.filter((o) => !canTransition(o.state, to, 'staff', 'state')),
    unpaid: movable.filter((o) => needsUnpaidConfirmation(o, to)),
  };
}
