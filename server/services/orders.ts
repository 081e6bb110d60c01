/**
 * Orders: creation, additions, state moves, budgets, remits and documents (spec §3, §4, §5, §7).
 *
 * - Prices come from the database through lib/pricing (services/orders-pricing.ts); totals from
 *   lib/orders/totals; minimums and zones from lib/orders/shipping; every state change is checked
 *   against THE table in lib/orders/states and written to order_state_history with who made it.
 * - Every write is one transaction. Writes to an existing order lock its row (SELECT … FOR UPDATE), so
 *   two concurrent additions or moves cannot both pass a check. Order numbers come from the
 *   `order_number_seq` sequence (unique and increasing under concurrency on PostgreSQL and PGlite).
 * - PGlite runs one transaction at a time and a query outside it waits for it: inside a transaction
 *   callback only `tx` is used, never `db`.
 * - Once a write committed, it is announced on the event bus (server/events; realtime, notifications and
 *   mail listen). A refused write (4xx) or an idempotent replay announces nothing.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BulkStateResult } from '../../lib/contracts/orders';
import { fromCents, toCents } from '../../lib/money';
import {
  additionsStatus,
  appliesIibbMisiones,
  canTransition,
  checkMinimum,
  computeOrderTotals,
  isAdditionStage,
  MAX_STATE_REASON,
  mergeOrderLines,
  needsUnpaidConfirmation,
  paymentStatusOf,
  recordAddition,
  staffMoveNeedsReason,
  shippingZone,
  type AdditionStage,
  type CreateOrderPayload,
  type OrderAction,
  type OrderActor,
  type OrderLineInput,
  type OrderState,
  type OrderTotals,
} from '../../lib/orders';
import { type Db, transaction } from '../db/client';
import type { WriteDeps } from '../events';
import { addresses, billingData, config, orderDocuments, orderItems, orderPayments, orders, orderStateHistory, transports } from '../db/schema';
import { HttpError, isHttpError } from '../errors';
import { ORDER_MESSAGES as M } from './orders-messages';
import { findKeyedOrder, isIdempotencyConflict, type OrderIdempotency } from './orders-idempotency';
import { assertOrderable, customerIsVip, itemGroup, loadTiers, priceDraftLines, type DraftLine } from './orders-pricing';
import { rowsByIds } from './catalogue-lines';
import { resolveBudgetPrices } from '../../lib/orders/budget-pricing';
import { orderTransitions, ordersCreated } from '../metrics';
import { budgetActions, budgetExpiresAt, paymentDueAt, validUntilEs } from '../../lib/orders/deadlines';
import { deadlineDays } from './orders-staff';

/** The stored row of a priced line (a new order, or a line an addition brings). */
function orderItemRow(orderId: number, l: ReturnType<typeof priceDraftLines>['lines'][number]): typeof orderItems.$inferInsert {
  return {
    orderId,
    productId: l.productId,
    parentId: l.parentId,
    quantity: l.quantity,
    requestedQuantity: l.requestedQuantity,
    unitPriceCents: l.unitPriceCents,
    regularPriceCents: l.discountCents ?? l.priceCents,
    name: l.name,
    variationName: l.variationName,
    sku: l.sku,
  };
}

export interface OrderUser {
  id: number;
  isVip: boolean;
}

/** The customer who places an order: the `order.created` event carries the contact its mails need. */
export interface OrderCustomer extends OrderUser {
  email: string;
  name: string;
  lastname: string;
}

export interface Actor {
  userId: number;
  kind: OrderActor;
}

/** A staff member as the actor of an order change. */
export const staffActor = (userId: number): Actor => ({ userId, kind: 'staff' });

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/* ----------------------------------------------------------------- helpers */

async function minimumsConfig(db: Db) {
  const [row] = await db
    .select({ minOrderCents: config.minOrderPriceCents, minLocalCents: config.minLocalPriceCents })
    .from(config)
    .where(eq(config.id, 1))
    .limit(1);
  return { minOrderCents: row?.minOrderCents ?? null, minLocalCents: row?.minLocalCents ?? null };
}

/** The order row, locked for the rest of the transaction; customers only see their own (else 404). */
export async function lockOrder(tx: Db, orderId: number, ownerId?: number): Promise<OrderRow> {
  const where = ownerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, ownerId));
  const [row] = await tx.select().from(orders).where(where).for('update').limit(1);
  if (!row) throw HttpError.notFound();
  return row;
}

async function addHistory(tx: Db, orderId: number, from: OrderState | null, to: OrderState, actor: Actor | null, reason: string | null = null): Promise<void> {
  await tx.insert(orderStateHistory).values({
    orderId,
    fromState: from,
    toState: to,
    byUserId: actor?.userId ?? null,
    actor: actor?.kind ?? 'system',
    reason,
  });
}

function assertMove(from: OrderState, to: OrderState, by: OrderActor, via: OrderAction): void {
  if (!canTransition(from, to, by, via)) {
    throw new HttpError(409, M.illegalTransition(from, to), { code: 'ILLEGAL_TRANSITION' });
  }
}

function totalsColumns(t: OrderTotals) {
  return {
    totalBoxes: t.totalBoxes,
    totalPriceCents: t.totalPriceCents,
    subtotalCents: t.subtotalCents,
    bonusCents: t.bonusCents,
    vatCents: t.vatCents,
    priceWithVatCents: t.priceWithVatCents,
    iibbCents: t.iibbCents,
    finalTotalCents: t.finalTotalCents,
    missingStatus: t.missingStatus,
  };
}

/** Does the order pay IIBB Misiones? (its address' province, when shipped) */
async function orderIibb(tx: Db, order: Pick<OrderRow, 'toSucc' | 'addressId'>): Promise<boolean> {
  if (order.toSucc || order.addressId === null) return false;
  const [a] = await tx.select({ province: addresses.province }).from(addresses).where(eq(addresses.id, order.addressId)).limit(1);
  return appliesIibbMisiones({ toSucc: order.toSucc, province: a?.province });
}

function draftFromItem(item: ItemRow): DraftLine {
  return {
    itemId: item.id,
    productId: item.productId,
    parentId: itemGroup(item),
    quantity: item.quantity,
    requestedQuantity: item.requestedQuantity ?? item.quantity,
    // what the customer already ordered keeps its list price of that moment; tiers are re-evaluated
    priceCents: item.regularPriceCents ?? item.unitPriceCents,
    discountCents: null,
    name: item.name,
    variationName: item.variationName,
    sku: item.sku,
    missing: item.missing,
    priceAdjusted: item.priceAdjusted,
    unitPriceCents: item.unitPriceCents,
  };
}

/** Validates new lines against the catalogue and turns them into draft lines (DB prices). */
async function draftNewLines(db: Db, lines: readonly OrderLineInput[], existing: ReadonlyMap<number, DraftLine> = new Map()) {
  const rows = await rowsByIds(db, lines.map((l) => l.id));
  const fresh: DraftLine[] = [];
  const merged = new Map<number, number>();
  for (const line of lines) {
    const row = rows.get(line.id);
    const prior = existing.get(line.id);
    // the quantity rules apply to what the order will hold for that product
    assertOrderable(row, line.id, (prior?.quantity ?? 0) + line.quantity);
    if (prior) {
      merged.set(line.id, line.quantity);
      continue;
    }
    fresh.push({
      productId: row.id,
      parentId: row.parentId ?? row.id,
      quantity: line.quantity,
      requestedQuantity: line.quantity,
      priceCents: row.priceCents,
      discountCents: row.discountCents,
      name: row.parentName ?? row.name,
      variationName: row.parentId !== null ? row.name : null,
      sku: row.sku,
      missing: false,
      priceAdjusted: false,
      unitPriceCents: row.discountCents ?? row.priceCents,
    });
  }
  return { fresh, merged };
}

/* ----------------------------------------------------------------- create */

export interface CreatedOrder {
  id: number;
  /** true: the key had already created this order, nothing was written now */
  replayed: boolean;
}

/**
 * POST /api/order. Validates ownership (404), transport, products and minimums (400), prices from the
 * database, then writes order + items + the first history row in one transaction.
 *
 * With an idempotency key, the key and the request hash are written with the order (unique per
 * customer): a key that already created an order returns that order (`replayed`), before any check, so
 * a retry after a lost answer never creates a second one; when two requests with the same key race, the
 * unique index lets one commit and the other reads the winner's order.
 */
export async function createOrder(
  deps: WriteDeps,
  user: OrderCustomer,
  payload: CreateOrderPayload,
  idem?: OrderIdempotency,
): Promise<CreatedOrder> {
  const { db } = deps;
  if (idem) {
    const prior = await findKeyedOrder(db, user.id, idem);
    if (prior !== null) return { id: prior, replayed: true };
  }
  let id: number;
  try {
    id = await insertOrder(db, user, payload, idem);
  } catch (err) {
    if (idem && isIdempotencyConflict(err)) {
      const prior = await findKeyedOrder(db, user.id, idem);
      if (prior !== null) return { id: prior, replayed: true };
    }
    throw err;
  }
  ordersCreated.inc();
  const { id: customerId, email, name, lastname } = user;
  await deps.events.emit({ type: 'order.created', orderId: id, customer: { id: customerId, email, name, lastname } });
  return { id, replayed: false };
}

async function insertOrder(db: Db, user: OrderUser, payload: CreateOrderPayload, idem: OrderIdempotency | undefined): Promise<number> {
  const lines = mergeOrderLines(payload.products);

  const [billing] = await db
    .select({ id: billingData.id })
    .from(billingData)
    .where(and(eq(billingData.id, payload.billingDataId), eq(billingData.userId, user.id)))
    .limit(1);
  if (!billing) throw HttpError.notFound();

  let addressId: number | null = null;
  let province: string | null = null;
  let transportId: number | null = null;
  let otherTransport: string | null = null;
  if (!payload.toSucc) {
    if (payload.addressId === null) throw HttpError.badRequest(M.addressRequired, 'ADDRESS_REQUIRED');
    const [address] = await db
      .select({ id: addresses.id, province: addresses.province })
      .from(addresses)
      .where(and(eq(addresses.id, payload.addressId), eq(addresses.userId, user.id), eq(addresses.state, 'active')))
      .limit(1);
    if (!address) throw HttpError.notFound();
    addressId = address.id;
    province = address.province;

    if (payload.transportId === -1) {
      otherTransport = payload.otherTransport?.trim() || null;
      if (!otherTransport) throw HttpError.badRequest(M.otherTransportRequired, 'OTHER_TRANSPORT_REQUIRED');
    } else {
      transportId = await assertTransportUsable(db, payload.transportId);
    }
  }

  const { fresh } = await draftNewLines(db, lines);
  const tiers = await loadTiers(db, fresh.map((l) => l.parentId));
  const { lines: priced, cart } = priceDraftLines(fresh, tiers, user.isVip);

  const zone = shippingZone({ toSucc: payload.toSucc, province });
  const min = checkMinimum(cart.totalCents, zone, await minimumsConfig(db));
  if (!min.ok) throw HttpError.badRequest(M.belowMinimum(min.requiredCents, zone), 'BELOW_MINIMUM');

  const totals = computeOrderTotals({
    lines: priced,
    iibbMisiones: appliesIibbMisiones({ toSucc: payload.toSucc, province }),
  });

  return transaction(db, async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        state: 'received',
        addressId,
        transportId,
        otherTransport,
        toSucc: payload.toSucc,
        billingDataId: billing.id,
        idempotencyKey: idem?.key ?? null,
        idempotencyHash: idem?.hash ?? null,
        ...totalsColumns(totals),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      priced.map((l) => orderItemRow(order!.id, l)),
    );
    await addHistory(tx, order!.id, null, 'received', { userId: user.id, kind: 'customer' });
    return order!.id;
  });
}

/** A transport that exists and is enabled (its father too); 404 unknown, 400 'Transporte deshabilitado'. */
async function assertTransportUsable(db: Db, id: number): Promise<number> {
  const [t] = await db
    .select({ id: transports.id, isAble: transports.isAble, fatherId: transports.fatherId })
    .from(transports)
    .where(eq(transports.id, id))
    .limit(1);
  if (!t) throw HttpError.notFound();
  let able = t.isAble;
  if (able && t.fatherId !== null) {
    const [father] = await db.select({ isAble: transports.isAble }).from(transports).where(eq(transports.id, t.fatherId)).limit(1);
    able = father?.isAble ?? true;
  }
  if (!able) throw HttpError.badRequest(M.transportDisabled);
  return t.id;
}

/* -------------------------------------------------------------- additions */

/**
 * POST /api/order/:id/add. Within the per-state limits of lib/orders/additions; the new lines are
 * validated like a new order's (a product already in the order gets its quantity raised, and the rules
 * apply to the sum); the whole order is repriced with lib/pricing (tiers over the combined units; lines
 * keep their list price of when they were ordered, new lines take today's; staff-adjusted unit prices
 * are kept) and goes to `modified`.
 */
export async function addToOrder(deps: WriteDeps, user: OrderUser, orderId: number, products: readonly OrderLineInput[]): Promise<void> {
  const lines = mergeOrderLines(products);
  const from = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId, user.id);
    const from = order.state;
    assertMove(from, 'modified', 'customer', 'add');
    const storedStage: AdditionStage | null = isAdditionStage(order.additionsStage) ? order.additionsStage : null;
    const status = additionsStatus(from, storedStage, order.additionsCount);
    if (status.remaining === 0) throw new HttpError(409, M.additionsExhausted, { code: 'ADDITIONS_EXHAUSTED' });

    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const existing = new Map<number, DraftLine>();
    for (const item of items) if (item.productId !== null) existing.set(item.productId, draftFromItem(item));
    const { fresh, merged } = await draftNewLines(tx, lines, existing);

    const drafts = items.map((item) => {
      const d = draftFromItem(item);
      const extra = item.productId !== null ? merged.get(item.productId) : undefined;
      if (extra !== undefined) {
        d.quantity += extra;
        d.requestedQuantity += extra;
        // a line marked missing that the customer orders again is asked for again
        d.missing = false;
      }
      return d;
    });
    drafts.push(...fresh);

    const tiers = await loadTiers(tx, drafts.map((d) => d.parentId));
    const { lines: priced } = priceDraftLines(drafts, tiers, user.isVip);

    for (const l of priced) {
      if (l.itemId !== undefined) {
        await tx
          .update(orderItems)
          .set({ quantity: l.quantity, requestedQuantity: l.requestedQuantity, unitPriceCents: l.unitPriceCents, missing: l.missing })
          .where(eq(orderItems.id, l.itemId));
      } else {
        await tx.insert(orderItems).values(orderItemRow(orderId, l));
      }
    }

    const totals = recomputeTotals(priced, Number(order.bonusCents), order.totalBoxes, await orderIibb(tx, order));
    const next = recordAddition(from, storedStage, order.additionsCount);
    await tx
      .update(orders)
      .set({
        ...totalsColumns(totals),
        state: 'modified',
        additionsCount: next.count,
        additionsStage: next.stage,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId));
    if (from !== 'modified') await addHistory(tx, orderId, from, 'modified', { userId: user.id, kind: 'customer' });
    return from;
  });
  await deps.events.emit({ type: 'order.stateChanged', orderId, ownerId: user.id, from, to: 'modified', via: 'add', by: 'customer' });
}

/** Totals after a change of lines; the bonus is kept (capped at the new subtotal). */
function recomputeTotals(lines: readonly DraftLine[], bonusCents: number, boxes: number, iibb: boolean): OrderTotals {
  const base = computeOrderTotals({ lines, boxes, iibbMisiones: iibb });
  return computeOrderTotals({ lines, boxes, iibbMisiones: iibb, bonusCents: Math.min(bonusCents, base.subtotalCents) });
}

/* ------------------------------------------------------------ state moves */

/** What staff add to a move (issue 32, items 2 and 6): the reason the customer reads, the unpaid-dispatch confirmation. */
export interface MoveOptions {
  reason?: string;
  confirmUnpaid?: boolean;
}

/**
 * The reason of a staff move, trimmed: required (400) when the move needs one (lib/orders/payments
 * staffMoveNeedsReason: rejecting, dismantling), at most 500 characters; null when none was given.
 */
function staffMoveReason(to: OrderState, raw: string | undefined): string | null {
  const reason = raw?.trim() ?? '';
  if (reason.length > MAX_STATE_REASON) throw HttpError.badRequest(M.reasonTooLong);
  if (!reason && staffMoveNeedsReason(to)) throw HttpError.badRequest(M.reasonRequired(to));
  return reason || null;
}

/**
 * A state move through the table: the customer's accept / cancel / finish (own orders only) or staff's
 * generic move. 404 for someone else's order, 409 'No se puede pasar el pedido de … a …' otherwise.
 * Staff's moves also need a reason to reject or dismantle (400), and dispatching a shipment that is not
 * fully paid needs `confirmUnpaid` (409 otherwise: lib/orders/payments needsUnpaidConfirmation).
 */
export async function moveOrder(deps: WriteDeps, orderId: number, to: OrderState, actor: Actor, via: OrderAction, opts: MoveOptions = {}): Promise<void> {
  const { order, reason } = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId, actor.kind === 'customer' ? actor.userId : undefined);
    assertMove(order.state, to, actor.kind, via);
    // the table allows the customer's accept; the budget's deadline may still refuse it (staff may accept for them)
    const now = new Date();
    if (via === 'accept' && order.budgetExpiresAt && budgetActions(order.state, order.budgetExpiresAt, order.budgetUpdateRequestedAt, now).expired) {
      throw new HttpError(409, M.budgetExpired(validUntilEs(order.budgetExpiresAt)), { code: 'BUDGET_EXPIRED' });
    }
    // after the table's check: a move that is not allowed says so (409) before asking for its reason
    const reason = actor.kind === 'staff' ? staffMoveReason(to, opts.reason) : null;
    if (actor.kind === 'staff' && !opts.confirmUnpaid) {
      const paymentStatus = paymentStatusOf(await paidCents(tx, orderId), Number(order.finalTotalCents));
      if (needsUnpaidConfirmation({ toSucc: order.toSucc, paymentStatus }, to)) throw new HttpError(409, M.unpaidDispatch(order.number));
    }
    // accepting starts the time to pay (a fresh reminder mark: an order accepted again is reminded again)
    const accepted = to === 'accepted' ? { confirmedAt: now, paymentDueAt: paymentDueAt(now, (await deadlineDays(tx)).paymentDueDays), paymentReminderAt: null } : {};
    await tx
      .update(orders)
      .set({ state: to, updatedAt: now, ...accepted })
      .where(eq(orders.id, orderId));
    if (order.state !== to) await addHistory(tx, orderId, order.state, to, actor, reason);
    return { order, reason };
  });
  orderTransitions.inc({ to });
  await deps.events.emit({ type: 'order.stateChanged', orderId, ownerId: order.userId, from: order.state, to, via, by: actor.kind, ...(reason ? { reason } : {}) });
}

/** The sum of the order's payments that are not voided, in centavos. */
export async function paidCents(tx: Db, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${orderPayments.amountCents}), 0)` })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), isNull(orderPayments.voidedAt)));
  return Number(row?.n ?? 0);
}

type BulkResult = BulkStateResult['results'][number];

/**
 * POST /api/staff/orders/bulk-state (issue 32, item 6): the same move for several orders, PER ORDER — each
 * one goes through `moveOrder` (its own transaction and lock, the table's check, its own event), so one
 * order that cannot move never holds back the others, and an order is never half-changed. The answer lists
 * every id: changed, or skipped with the Spanish reason (unknown order, a move the table refuses, an
 * unpaid shipment without `confirmUnpaid`). The reason of a reject/dismantle is checked once, first (400).
 */
export async function bulkMoveOrders(deps: WriteDeps, ids: readonly number[], to: OrderState, actor: Actor, opts: MoveOptions = {}): Promise<BulkStateResult> {
  staffMoveReason(to, opts.reason);
  const unique = [...new Set(ids)];
  const rows = await deps.db.select({ id: orders.id, number: orders.number, state: orders.state }).from(orders).where(inArray(orders.id, unique));
  const known = new Map(rows.map((r) => [r.id, r]));
  const results: BulkResult[] = [];
  for (const id of unique) {
    const row = known.get(id);
    if (!row) {
      results.push({ id, number: null, result: 'skipped', from: null, message: M.bulkUnknownOrder });
      continue;
    }
    try {
      await moveOrder(deps, id, to, actor, 'state', opts);
      results.push({ id, number: row.number, result: 'changed', from: row.state, message: null });
    } catch (err) {
      if (!isHttpError(err) || err.statusCode >= 500) throw err;
      results.push({ id, number: row.number, result: 'skipped', from: row.state, message: err.message });
    }
  }
  const changed = results.filter((r) => r.result === 'changed').length;
  return { changed, skipped: results.length - changed, results };
}

/* ----------------------------------------------------------------- budget */

export interface BudgetInput {
  items: { itemId: number; quantity: number; unitPrice: number; missing: boolean }[];
  /** pesos */
  bonus: number;
  boxes?: number;
}

/**
 * POST /api/staff/orders/:id/budget: staff adjusts quantities and unit prices, marks missing products,
 * sets the bonus (and boxes); totals come from lib/orders; a `budget` document keeps the snapshot the
 * customer receives; the order goes to `review` and budgetSentAt is set.
 */
export async function sendBudget(deps: WriteDeps, orderId: number, input: BudgetInput, actor: Actor): Promise<void> {
  const order = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertMove(order.state, 'review', 'staff', 'budget');
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const byId = new Map(items.map((i) => [i.id, i]));
    const changes = new Map<number, BudgetInput['items'][number]>();
    for (const c of input.items) {
      if (!byId.has(c.itemId)) throw HttpError.badRequest(M.itemNotInOrder(c.itemId), 'ITEM_NOT_IN_ORDER');
      changes.set(c.itemId, c);
    }
    // new units first, then the prices: the tiers are evaluated again over the new quantities (lib/orders/budget-pricing)
    const changed = items.map((item) => {
      const c = changes.get(item.id);
      return c ? { item, quantity: c.quantity, missing: c.missing, staffUnitCents: toCents(c.unitPrice) } : { item, quantity: item.quantity, missing: item.missing, staffUnitCents: item.unitPriceCents };
    });
    const [tiers, isVip] = await Promise.all([loadTiers(tx, items.map(itemGroup)), customerIsVip(tx, order.userId)]);
    const prices = resolveBudgetPrices(
      changed.map(({ item, quantity, missing, staffUnitCents }) => ({
        parentId: itemGroup(item),
        quantity,
        missing,
        listPriceCents: item.regularPriceCents ?? item.unitPriceCents,
        currentUnitCents: item.unitPriceCents,
        priceAdjusted: item.priceAdjusted,
        staffUnitCents,
      })),
      tiers,
      isVip,
    );
    const next = changed.map(({ item, quantity, missing }, n) => ({ ...item, quantity, missing, unitPriceCents: prices[n]!.unitPriceCents, priceAdjusted: prices[n]!.priceAdjusted }));
    const bonusCents = toCents(input.bonus);
    const lines = next.map((i) => ({
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      missing: i.missing,
      requestedQuantity: i.requestedQuantity ?? i.quantity,
    }));
    const subtotal = computeOrderTotals({ lines }).subtotalCents;
    if (bonusCents > subtotal) throw HttpError.badRequest(M.bonusTooHigh, 'BONUS_TOO_HIGH');
    const totals = computeOrderTotals({
      lines,
      bonusCents,
      boxes: input.boxes ?? order.totalBoxes,
      iibbMisiones: await orderIibb(tx, order),
    });

    for (const [n, i] of next.entries()) {
      const before = items[n]!;
      if (before.quantity === i.quantity && before.missing === i.missing && before.unitPriceCents === i.unitPriceCents && before.priceAdjusted === i.priceAdjusted) continue;
      await tx
        .update(orderItems)
        .set({ quantity: i.quantity, unitPriceCents: i.unitPriceCents, missing: i.missing, priceAdjusted: i.priceAdjusted })
        .where(eq(orderItems.id, i.id));
    }
    const now = new Date();
    // every budget sent (the first or a new one after it expired) is valid for the configured days from today
    const expiresAt = budgetExpiresAt(now, (await deadlineDays(tx)).budgetValidDays);
    await tx
      .update(orders)
      .set({ ...totalsColumns(totals), state: 'review', budgetSentAt: now, budgetExpiresAt: expiresAt, budgetReminderAt: null, budgetUpdateRequestedAt: null, updatedAt: now })
      .where(eq(orders.id, orderId));
    await tx.insert(orderDocuments).values({
      orderId,
      kind: 'budget',
      data: {
        byUserId: actor.userId,
        totals: { ...wireTotals(totals), missingStatus: totals.missingStatus },
        items: next.map((i) => ({
          itemId: i.id,
          name: i.name,
          variationName: i.variationName,
          quantity: i.quantity,
          unitPrice: fromCents(i.unitPriceCents),
          missing: i.missing,
        })),
      },
    });
    if (order.state !== 'review') await addHistory(tx, orderId, order.state, 'review', actor);
    return order;
  });
  await deps.events.emit({ type: 'order.budgetSent', orderId, ownerId: order.userId, from: order.state });
}

/**
 * POST /api/order/:id/request-budget (issue 24 §1): the owner of an order whose budget expired asks for an
 * updated one. The order stays in `review`; staff hear of it (bell, board) and send a new budget (the table's
 * review → review), which sets a new expiry. 404 for someone else's order; 409 while the budget is still valid
 * or the order is not awaiting the customer. Asking twice is answered like the first time, without telling
 * staff again (`requested: false`).
 */
export async function requestBudgetUpdate(deps: WriteDeps, user: OrderUser, orderId: number): Promise<{ requested: boolean }> {
  const result = await transaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, orderId, user.id);
    const now = new Date();
    const state = budgetActions(order.state, order.budgetExpiresAt, order.budgetUpdateRequestedAt, now);
    if (!state.expired) throw new HttpError(409, M.budgetNotExpired, { code: 'BUDGET_NOT_EXPIRED' });
    if (!state.requestUpdate) return null;
    await tx.update(orders).set({ budgetUpdateRequestedAt: now, updatedAt: now }).where(eq(orders.id, orderId));
    return { number: order.number };
  });
  if (!result) return { requested: false };
  await deps.events.emit({ type: 'order.budgetUpdateRequested', orderId, ownerId: user.id, number: result.number });
  return { requested: true };
}

/** Totals in pesos for the wire and the budget snapshot. */
export function wireTotals(t: Pick<OrderTotals, 'totalBoxes' | 'totalPriceCents' | 'subtotalCents' | 'bonusCents' | 'vatCents' | 'priceWithVatCents' | 'iibbCents' | 'finalTotalCents'>) {
  return {
    totalBoxes: t.totalBoxes,
    totalPrice: fromCents(t.totalPriceCents),
    subtotal: fromCents(t.subtotalCents),
    bonus: fromCents(t.bonusCents),
    net: fromCents(t.subtotalCents - t.bonusCents),
    vat: fromCents(t.vatCents),
    priceWithVat: fromCents(t.priceWithVatCents),
    iibb: fromCents(t.iibbCents),
    finalTotal: fromCents(t.finalTotalCents),
  };
}

/** The order's owner and state, or null (for authorization checks outside a transaction). */
export async function orderAccess(db: Db, orderId: number): Promise<{ userId: number; state: OrderState } | null> {
  const [row] = await db.select({ userId: orders.userId, state: orders.state }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}
