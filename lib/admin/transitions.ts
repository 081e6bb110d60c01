/**
 * What staff may do from an order's state, straight from the transition table (lib/orders/states):
 * the generic state buttons (POST …/state) and whether a budget may be sent (POST …/budget).
 */
import { canTransition, nextStates, type OrderState } from '@/lib/orders/states';

/** Targets of the staff state buttons from `state`, in table order. */
export function staffStateTargets(state: OrderState): OrderState[] {
  return nextStates(state, 'staff', 'state');
}

/** Staff may send (or re-send) a budget from `state`. */
export function canSendBudget(state: OrderState): boolean {
  return canTransition(state, 'review', 'staff', 'budget');
}
