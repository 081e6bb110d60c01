/**
 * Order states (spec §4 "Order states") and THE transition table: every legal (from → to) move, who may
 * make it (the customer who owns the order, or staff) and through which action. Nothing else in the
 * shop decides whether a state change is allowed; the API refuses anything not listed here with
 * 409 'No se puede pasar el pedido de {from} a {to}'.
 *
 * Life of an order:
 *   received ──staff: start──▶ started ──staff: budget──▶ review ──customer: accept──▶ accepted
 *   accepted ──staff──▶ waiting (prepared and notified) ──staff──▶ shipped ──customer: finish / staff──▶ completed
 *   Additions by the customer move received/started/review/accepted/waiting to `modified`; staff then
 *   restarts the order or sends a new budget. The customer may cancel until the order is prepared and
 *   notified (waiting); staff may reject an order before it is accepted and dismantle ("disarm") one that
 *   was being gathered or prepared. completed, cancelled, rejected and disarm are final.
 *
 * Pure; shared by the storefront (which buttons to show) and the API (what to allow).
 */

export const ORDER_STATES = [
  'received',
  'started',
  'review',
  'modified',
  'accepted',
  'waiting',
  'shipped',
  'completed',
  'cancelled',
  'rejected',
  'disarm',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Who moves the order: its owner (customer routes) or a staff member (staff routes). */
export type OrderActor = 'customer' | 'staff';

/**
 * The action a move belongs to:
 * - `state`: staff's generic POST /api/staff/orders/:id/state { to };
 * - `budget`: staff sends a budget (POST /api/staff/orders/:id/budget) → review;
 * - `add`: the customer adds products (POST /api/order/:id/add) → modified;
 * - `accept` | `cancel` | `finish`: the customer's buttons (POST /api/order/:id/accept|cancel|finish).
 */
export type OrderAction = 'state' | 'budget' | 'add' | 'accept' | 'cancel' | 'finish';

export interface OrderTransition {
  from: OrderState;
  to: OrderState;
  by: OrderActor;
  via: OrderAction;
}

const t = (from: OrderState, to: OrderState, by: OrderActor, via: OrderAction): OrderTransition => ({
  from,
  to,
  by,
  via,
});

/** Every legal move. One row per (from, to, actor, action). */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = Object.freeze([
  // received: awaiting start
  t('received', 'started', 'staff', 'state'),
  t('received', 'review', 'staff', 'budget'),
  t('received', 'rejected', 'staff', 'state'),
  t('received', 'modified', 'customer', 'add'),
  t('received', 'cancelled', 'customer', 'cancel'),
  // started: products being gathered
  t('started', 'review', 'staff', 'budget'),
  t('started', 'rejected', 'staff', 'state'),
  t('started', 'disarm', 'staff', 'state'),
  t('started', 'modified', 'customer', 'add'),
  t('started', 'cancelled', 'customer', 'cancel'),
  // modified: the customer added products; staff recounts and sends a new total
  t('modified', 'started', 'staff', 'state'),
  t('modified', 'review', 'staff', 'budget'),
  t('modified', 'rejected', 'staff', 'state'),
  t('modified', 'disarm', 'staff', 'state'),
  t('modified', 'modified', 'customer', 'add'),
  t('modified', 'cancelled', 'customer', 'cancel'),
  // review: budget sent
  t('review', 'review', 'staff', 'budget'),
  t('review', 'started', 'staff', 'state'),
  t('review', 'accepted', 'customer', 'accept'),
  t('review', 'accepted', 'staff', 'state'),
  t('review', 'rejected', 'staff', 'state'),
  t('review', 'disarm', 'staff', 'state'),
  t('review', 'modified', 'customer', 'add'),
  t('review', 'cancelled', 'customer', 'cancel'),
  // accepted: the customer accepted the budget; the shop prepares it
  t('accepted', 'waiting', 'staff', 'state'),
  t('accepted', 'shipped', 'staff', 'state'),
  t('accepted', 'disarm', 'staff', 'state'),
  t('accepted', 'modified', 'customer', 'add'),
  t('accepted', 'cancelled', 'customer', 'cancel'),
  // waiting: prepared and notified (awaiting payment, pickup or dispatch)
  t('waiting', 'shipped', 'staff', 'state'),
  t('waiting', 'disarm', 'staff', 'state'),
  t('waiting', 'modified', 'customer', 'add'),
  // shipped: collected at the shop or handed to the transport
  t('shipped', 'completed', 'customer', 'finish'),
  t('shipped', 'completed', 'staff', 'state'),
]);

/** States no move leaves. */
export const FINAL_STATES: readonly OrderState[] = ['completed', 'cancelled', 'rejected', 'disarm'];

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value);
}

export function isFinalState(state: OrderState): boolean {
  return FINAL_STATES.includes(state);
}

/** The table row allowing this move, or null. */
export function findTransition(
  from: OrderState,
  to: OrderState,
  by: OrderActor,
  via: OrderAction,
): OrderTransition | null {
  return ORDER_TRANSITIONS.find((r) => r.from === from && r.to === to && r.by === by && r.via === via) ?? null;
}

export function canTransition(from: OrderState, to: OrderState, by: OrderActor, via: OrderAction): boolean {
  return findTransition(from, to, by, via) !== null;
}

/** Where an actor may move an order from `from` (optionally through one action), in table order. */
export function nextStates(from: OrderState, by: OrderActor, via?: OrderAction): OrderState[] {
  const out: OrderState[] = [];
  for (const r of ORDER_TRANSITIONS) {
    if (r.from === from && r.by === by && (via === undefined || r.via === via) && !out.includes(r.to)) out.push(r.to);
  }
  return out;
}

/** The target of a customer button from `from` (accept → accepted, cancel → cancelled, finish → completed). */
export const CUSTOMER_ACTION_TARGET = { accept: 'accepted', cancel: 'cancelled', finish: 'completed' } as const satisfies Record<
  'accept' | 'cancel' | 'finish',
  OrderState
>;

/** Which customer buttons apply in a state (the storefront shows these; the API enforces the same table). */
export function customerActions(state: OrderState): { accept: boolean; cancel: boolean; finish: boolean; add: boolean } {
  return {
    accept: canTransition(state, 'accepted', 'customer', 'accept'),
    cancel: canTransition(state, 'cancelled', 'customer', 'cancel'),
    finish: canTransition(state, 'completed', 'customer', 'finish'),
    add: canTransition(state, 'modified', 'customer', 'add'),
  };
}

/* ------------------------------------------------------------------ groups */

/**
 * The customer's lists (spec §7 "Orders and data"), disjoint and covering every state:
 * - actual (api/order/myActualOrders): in progress, before the customer confirmed — received, started,
 *   review (a budget awaits the customer), modified;
 * - confirmed (api/order/myConfirmedOrders): accepted, waiting, shipped;
 * - finished (api/order/profile/finished): completed, cancelled, rejected, disarm.
 * api/order/myOrders lists all of them.
 */
export const ORDER_GROUPS = {
  actual: ['received', 'started', 'review', 'modified'],
  confirmed: ['accepted', 'waiting', 'shipped'],
  finished: ['completed', 'cancelled', 'rejected', 'disarm'],
} as const satisfies Record<string, readonly OrderState[]>;
export type OrderGroup = keyof typeof ORDER_GROUPS;

export function orderGroupOf(state: OrderState): OrderGroup {
  for (const [group, states] of Object.entries(ORDER_GROUPS) as [OrderGroup, readonly OrderState[]][]) {
    if (states.includes(state)) return group;
  }
  /* istanbul ignore next -- every state is in a group (tested) */
  throw new RangeError(`state without group: ${state}`);
}

/* ------------------------------------------------------------------ labels */

/** Message key of a state's label in the storefront (`orders` namespace). */
export function orderStateLabelKey(state: OrderState): `states.${OrderState}.label` {
  return `states.${state}.label`;
}

/** Spanish labels (the API's messages, e.g. 'No se puede pasar el pedido de Recibido a Aceptado'). */
export const ORDER_STATE_LABELS_ES: Record<OrderState, string> = {
  received: 'Recibido',
  started: 'En preparación',
  review: 'Presupuesto enviado',
  modified: 'Modificado',
  accepted: 'Aceptado',
  waiting: 'Listo, a la espera',
  shipped: 'Despachado',
  completed: 'Completado',
  cancelled: 'Cancelado',
  rejected: 'Rechazado',
  disarm: 'Desarmado',
};

export function illegalTransitionMessage(from: OrderState, to: OrderState): string {
  return `No se puede pasar el pedido de ${ORDER_STATE_LABELS_ES[from]} a ${ORDER_STATE_LABELS_ES[to]}`;
}
