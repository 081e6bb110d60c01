/**
 * The deadlines of orders (issue 24 §1), checked by a scheduled job (server/scheduler/jobs.ts
 * `orderDeadlinesJob`): a budget that expires within 24 h, and an accepted order whose proof of transfer is
 * overdue, each remind the customer ONCE (bell + mail, services/notifications.ts and order-mails.ts listen).
 *
 * Once across every runner: each reminder's "sent" mark is claimed by one conditional UPDATE … RETURNING
 * (`… where <reminder> is null … returning`). On PostgreSQL a second runner's UPDATE waits on the row lock the
 * first one holds, re-reads the row after it committed, finds the mark set and leaves the row out; so only the
 * runner that claimed a row announces it. The mark is written before the reminder goes out: a process that dies
 * between the two loses that reminder instead of sending it twice (the board's flags still show the order).
 *
 * Orders that were already awaiting a budget's acceptance or a payment when deadlines came (migration 0016),
 * or that reached such a state by a plain state change, have no deadline: each run first gives them one,
 * counted from that run's day with the configured days, so they expire and are reminded like the rest.
 */
import { and, inArray, isNull, lte, gt } from 'drizzle-orm';
import { BUDGET_AWAITING_STATES, BUDGET_REMINDER_LEAD_MS, PAYMENT_DUE_STATES, budgetExpiresAt, paymentDueAt } from '../../lib/orders/deadlines';
import type { Db } from '../db/client';
import type { WriteDeps } from '../events';
import { orders } from '../db/schema';
import { paymentOverdueSql } from './orders-view';
import { deadlineDays } from './orders-staff';

export interface ReminderRun {
  budgets: number[];
  payments: number[];
  /** orders that had no deadline and got one in this run */
  filled: number[];
}

/** Gives a deadline, counted from `now`, to the orders awaiting a budget's acceptance or a payment without one. */
export async function fillMissingDeadlines(db: Db, now = new Date()): Promise<number[]> {
  const days = await deadlineDays(db);
  const budgets = await db
    .update(orders)
    .set({ budgetExpiresAt: budgetExpiresAt(now, days.budgetValidDays) })
    .where(and(inArray(orders.state, [...BUDGET_AWAITING_STATES]), isNull(orders.budgetExpiresAt)))
    .returning({ id: orders.id });
  const payments = await db
    .update(orders)
    .set({ paymentDueAt: paymentDueAt(now, days.paymentDueDays) })
    .where(and(inArray(orders.state, [...PAYMENT_DUE_STATES]), isNull(orders.paymentDueAt)))
    .returning({ id: orders.id });
  return [...new Set([...budgets, ...payments].map((o) => o.id))];
}

/** Claims and announces the reminders due at `now`; returns the order ids this call reminded. */
export async function remindDeadlines(deps: WriteDeps, now = new Date()): Promise<ReminderRun> {
  const filled = await fillMissingDeadlines(deps.db, now);
  const budgets = await deps.db
    .update(orders)
    .set({ budgetReminderAt: now })
    .where(
      and(
        inArray(orders.state, [...BUDGET_AWAITING_STATES]),
        isNull(orders.budgetReminderAt),
        gt(orders.budgetExpiresAt, now),
        lte(orders.budgetExpiresAt, new Date(now.getTime() + BUDGET_REMINDER_LEAD_MS)),
      ),
    )
    .returning({ id: orders.id, ownerId: orders.userId, number: orders.number, expiresAt: orders.budgetExpiresAt });
  const payments = await deps.db
    .update(orders)
    .set({ paymentReminderAt: now })
    .where(and(isNull(orders.paymentReminderAt), paymentOverdueSql(now)))
    .returning({ id: orders.id, ownerId: orders.userId, number: orders.number, dueAt: orders.paymentDueAt });
  for (const b of budgets) {
    await deps.events.emit({ type: 'order.budgetExpiring', orderId: b.id, ownerId: b.ownerId, number: b.number, expiresAt: b.expiresAt! });
  }
  for (const p of payments) {
    await deps.events.emit({ type: 'order.paymentOverdue', orderId: p.id, ownerId: p.ownerId, number: p.number, dueAt: p.dueAt! });
  }
  return { budgets: budgets.map((b) => b.id), payments: payments.map((p) => p.id), filled };
}
