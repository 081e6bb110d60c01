/**
 * Payments staff record on an order after checking them (issue 32, item 2; lib/orders/payments): one row of
 * `order_payments` per payment; a mistaken one is voided with who, when and why (never deleted). The order's
 * payment status is derived from the rows not voided (services/orders-view). Each write is one transaction
 * that locks the order row, so two payments recorded at once cannot both pass the balance check; after
 * commit it is announced on the event bus (the board, the order pages and the customer's bell).
 */
import { and, eq } from 'drizzle-orm';
import { parseAmount } from '../../lib/money/parse';
import { canRecordPayment, MAX_PAYMENT_NOTE, paymentStatusOf, type PaymentMethod } from '../../lib/orders';
import { transaction } from '../db/client';
import { orderPayments, orders } from '../db/schema';
import { HttpError } from '../errors';
import type { WriteDeps } from '../events';
import { lockOrder, paidCents, type Actor } from './orders';
import { ORDER_MESSAGES as M } from './orders-messages';

/** The largest single payment (the order totals' columns allow far more; a typo should not). */
const MAX_PAYMENT_PESOS = 900_000_000;

export interface PaymentInput {
  /** as staff typed it: "21.500", "21.500,50" */
  amount: string;
  method: PaymentMethod;
  note?: string;
}

function optionalText(raw: string | undefined, max: number, tooLong: string): string | null {
  const text = raw?.trim() ?? '';
  if (text.length > max) throw HttpError.badRequest(tooLong);
  return text || null;
}

/** The amount in centavos, or 400 with what is wrong (lib/money/parse: no sign, no exponent, es-AR groups). */
function paymentAmountCents(raw: string): number {
  const parsed = parseAmount(raw, MAX_PAYMENT_PESOS);
  if (!parsed.ok) throw HttpError.badRequest(parsed.problem === 'tooLarge' ? M.paymentAmountTooLarge : M.paymentAmountInvalid);
  if (parsed.cents <= 0) throw HttpError.badRequest(M.paymentAmountZero);
  return parsed.cents;
}

/**
 * POST /api/staff/orders/:id/payments. 400 for an amount that is not a positive es-AR amount or exceeds what
 * is still owed; 409 on a cancelled, rejected or dismantled order, or one already paid in full.
 */
export async function recordPayment(deps: WriteDeps, orderId: number, input: PaymentInput, actor: Actor): Promise<number> {
  const amountCents = paymentAmountCents(input.amount);
  const note = optionalText(input.note, MAX_PAYMENT_NOTE, M.paymentNoteTooLong);
  const done = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!canRecordPayment(order.state)) throw new HttpError(409, M.paymentOrderClosed(order.state));
    const paid = await paidCents(tx, orderId);
    const total = Number(order.finalTotalCents);
    const balance = total - paid;
    if (paid > 0 && balance <= 0) throw new HttpError(409, M.paymentAlreadyPaid);
    if (amountCents > balance) throw HttpError.badRequest(M.paymentOverBalance(Math.max(balance, 0)));
    const [row] = await tx
      .insert(orderPayments)
      .values({ orderId, amountCents, method: input.method, note, recordedBy: actor.userId })
      .returning({ id: orderPayments.id });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
    return { paymentId: row!.id, ownerId: order.userId, status: paymentStatusOf(paid + amountCents, total) };
  });
  await deps.events.emit({ type: 'order.paymentRecorded', orderId, amountCents, method: input.method, ...done });
  return done.paymentId;
}

/** POST /api/staff/orders/:id/payments/:paymentId/void { reason }: 404 not this order's, 409 already voided. */
export async function voidPayment(deps: WriteDeps, orderId: number, paymentId: number, rawReason: string, actor: Actor): Promise<void> {
  const reason = optionalText(rawReason, MAX_PAYMENT_NOTE, M.voidReasonTooLong);
  if (!reason) throw HttpError.badRequest(M.voidReasonRequired);
  const done = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [payment] = await tx
      .select({ id: orderPayments.id, voidedAt: orderPayments.voidedAt })
      .from(orderPayments)
      .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.orderId, orderId)))
      .limit(1);
    if (!payment) throw HttpError.notFound(M.paymentNotFound);
    if (payment.voidedAt) throw new HttpError(409, M.paymentAlreadyVoided);
    const now = new Date();
    await tx.update(orderPayments).set({ voidedAt: now, voidedBy: actor.userId, voidReason: reason }).where(eq(orderPayments.id, paymentId));
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
    return { ownerId: order.userId, status: paymentStatusOf(await paidCents(tx, orderId), Number(order.finalTotalCents)) };
  });
  await deps.events.emit({ type: 'order.paymentVoided', orderId, paymentId, ...done });
}
