/** Badge tones per order state and the list filters (spec §2 Orders list: a state badge per item). */
import { orderGroupOf, type OrderState } from '@/lib/orders/states';

export type StateTone = 'neutral' | 'progress' | 'attention' | 'positive' | 'done' | 'negative';

export const STATE_TONES: Record<OrderState, StateTone> = {
  received: 'neutral',
  started: 'progress',
  review: 'attention',
  modified: 'attention',
  accepted: 'positive',
  waiting: 'positive',
  shipped: 'positive',
  completed: 'done',
  cancelled: 'negative',
  rejected: 'negative',
  disarm: 'negative',
};

export const ORDER_FILTERS = ['all', 'actual', 'confirmed', 'finished'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function isOrderFilter(v: unknown): v is OrderFilter {
  return typeof v === 'string' && (ORDER_FILTERS as readonly string[]).includes(v);
}

export function matchesFilter(state: OrderState, filter: OrderFilter): boolean {
  return filter === 'all' || orderGroupOf(state) === filter;
}
