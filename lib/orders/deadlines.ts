/**
 * Deadlines of an order (issue 24 §1): how long a budget stays acceptable and when the proof of transfer of
 * an accepted order is due. Both are counted in the shop's calendar days (lib/time, Buenos Aires): a budget
 * sent on the 3rd with 7 valid days reads "Válido hasta" the 10th and can be accepted until that day's last
 * second there, whatever the server's or the browser's zone. A deadline is stored as the instant it passes
 * (the next day's shop midnight), so "expired" is one comparison in TypeScript and in SQL alike.
 *
 * Pure; shared by the API (what to allow, what the job reminds of) and the storefront (what to show).
 */
import { SHOP_TIME_ZONE } from '../locales';
import { shopDay, shopDayStart } from '../time';
import { canTransition, ORDER_STATES, type OrderState } from './states';

export const DEFAULT_BUDGET_VALID_DAYS = 7;
export const DEFAULT_PAYMENT_DUE_DAYS = 5;
/** What staff may configure for either setting, in days (the database checks the same range). */
export const DEADLINE_DAYS_RANGE = { min: 1, max: 90 } as const;

/** The customer is reminded this long before the budget expires. */
export const BUDGET_REMINDER_LEAD_MS = 24 * 3_600_000;

/** States in which a budget awaits the customer's acceptance (the table's customer accept: review): where it can expire. */
export const BUDGET_AWAITING_STATES: readonly OrderState[] = ORDER_STATES.filter((s) => canTransition(s, 'accepted', 'customer', 'accept'));

/** Orders whose payment can be overdue: accepted, and prepared awaiting payment or pickup. */
export const PAYMENT_DUE_STATES: readonly OrderState[] = ['accepted', 'waiting'];

/** The instant a deadline of `days` shop days counted from `from` passes: the start of the day after the last one. */
function deadlineAfter(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer: ${days}`);
  return shopDayStart(shopDay(from), days + 1);
}

/** When a budget sent at `sentAt` stops being acceptable. */
export function budgetExpiresAt(sentAt: Date, validDays: number): Date {
  return deadlineAfter(sentAt, validDays);
}

/** When the proof of transfer of an order accepted at `acceptedAt` is due. */
export function paymentDueAt(acceptedAt: Date, dueDays: number): Date {
  return deadlineAfter(acceptedAt, dueDays);
}

/** The last shop day (AAAA-MM-DD) before a deadline passes: the "{fecha}" of "Válido hasta {fecha}". */
export function lastValidDay(deadline: Date): string {
  return shopDay(new Date(deadline.getTime() - 1));
}

/** A date whose shop day is the last valid one, to format with the shop's time zone (noon: never across a day edge). */
export function lastValidDate(deadline: Date): Date {
  return new Date(shopDayStart(lastValidDay(deadline)).getTime() + 12 * 3_600_000);
}

const SPANISH_DAY = new Intl.DateTimeFormat('es-AR', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** The last valid day in Spanish, for the API's messages and the mails: "10 de diciembre de 2026". */
export function validUntilEs(deadline: Date): string {
  return SPANISH_DAY.format(lastValidDate(deadline));
}

export function isPast(deadline: Date | null, now: Date): boolean {
  return deadline !== null && now.getTime() >= deadline.getTime();
}

/** "vence hoy": the deadline has not passed and today (in the shop) is its last day. */
export function dueToday(deadline: Date | null, now: Date): boolean {
  return deadline !== null && !isPast(deadline, now) && shopDay(now) === lastValidDay(deadline);
}

/** The end of the shop's current day: a deadline at or before it (and after now) is "vence hoy". */
export function endOfShopDay(now: Date): Date {
  return shopDayStart(shopDay(now), 1);
}

/** The budget of an order in `state` with this expiry can no longer be accepted. */
export function budgetExpired(state: OrderState, expiresAt: Date | null, now: Date): boolean {
  return canTransition(state, 'accepted', 'customer', 'accept') && isPast(expiresAt, now);
}

/**
 * The customer's budget buttons: accept while the table allows it and the budget is valid; once it expired,
 * "Pedir un presupuesto actualizado" instead (until asked once). The table (states.ts) says who may accept;
 * this only adds the deadline.
 */
export function budgetActions(
  state: OrderState,
  expiresAt: Date | null,
  updateRequestedAt: Date | null,
  now: Date,
): { accept: boolean; requestUpdate: boolean; expired: boolean } {
  const mayAccept = canTransition(state, 'accepted', 'customer', 'accept');
  const expired = mayAccept && isPast(expiresAt, now);
  return { accept: mayAccept && !expired, requestUpdate: expired && updateRequestedAt === null, expired };
}

/** The board's flags of an order (issue 24 §1): "vence hoy", "vencido" and "pago vencido". */
export interface DeadlineFlags {
  budgetDueToday: boolean;
  budgetExpired: boolean;
  paymentOverdue: boolean;
}

export const DEADLINE_FLAGS = ['budgetDueToday', 'budgetExpired', 'paymentOverdue'] as const satisfies readonly (keyof DeadlineFlags)[];
export type DeadlineFlag = (typeof DEADLINE_FLAGS)[number];

export function deadlineFlags(
  o: { state: OrderState; budgetExpiresAt: Date | null; paymentDueAt: Date | null; hasProof: boolean; fullyPaid: boolean },
  now: Date,
): DeadlineFlags {
  const inReview = canTransition(o.state, 'accepted', 'customer', 'accept');
  return {
    budgetDueToday: inReview && dueToday(o.budgetExpiresAt, now),
    budgetExpired: inReview && isPast(o.budgetExpiresAt, now),
    paymentOverdue: PAYMENT_DUE_STATES.includes(o.state) && isPast(o.paymentDueAt, now) && !o.hasProof && !o.fullyPaid,
  };
}
