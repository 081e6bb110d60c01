/**
 * Order reads for the customer (their lists and detail) and staff (paged search with counts per state).
 * Money leaves here in pesos (lib/money fromCents), dates as ISO strings. Shapes: lib/orders/types.ts.
 */
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { BUDGET_AWAITING_STATES, budgetActions, deadlineFlags, endOfShopDay, PAYMENT_DUE_STATES, type DeadlineFlag } from '../../lib/orders/deadlines';
import { fromCents } from '../../lib/money';
import {
  additionsStatus,
  canUploadProof,
  customerActions,
  isAdditionStage,
  ORDER_STATES,
  paymentStatusOf,
  type PaymentStatus,
  shippingZone,
  type OrderBudgetSnapshot,
  type OrderDetail,
  type OrderState,
  type OrderSummary,
  type StaffOrderList,
} from '../../lib/orders';
import type { Db } from '../db/client';
import { addresses, billingData, orderDocuments, orderItems, orderPayments, orders, orderStateHistory, transports, users } from '../db/schema';
import { foldedSql } from '../lib/text';
import type { BoardSort } from '../../lib/admin/board-sort';
import { documentFileName, mimeOfKey } from '../storage';
import { wireTotals } from './orders';
import { customerIsVip, itemGroup, loadTiers } from './orders-pricing';
import { orderAddressView } from './addresses';
import { userMatches } from './user-search';
import { HttpError } from '../errors';

type OrderRow = typeof orders.$inferSelect;

// Correlated sub-selects name the outer table literally (drizzle may leave columns unqualified).
/**
 * The order's lines, for any query over `orders` (the board, a customer's orders, the customer page): one
 * definition, with the outer table named — drizzle writes `${orders.id}` unqualified inside a subquery, where
 * "id" is the subquery's own order_items.id (the customer page counted that way and disagreed with the list).
 */
export const itemCountSql = sql<number>`(select count(*)::int from order_items oi where oi.order_id = "orders"."id")`;
const unitsSql = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id" and not oi.missing)`;
/** The customer's messages on the order that staff have not read yet (the board's unread badge). */
/** What was paid on the order: its payments not voided, in centavos (lib/orders/payments). */
const paidSql = sql<number>`(select coalesce(sum(op.amount_cents), 0)::bigint from order_payments op where op.order_id = "orders"."id" and op.voided_at is null)`;
/** The payment statuses as conditions on `orders` (the board's payment filter). */
function paymentCondition(status: PaymentStatus): SQL {
  if (status === 'unpaid') return sql`${paidSql} = 0`;
  if (status === 'partial') return sql`(${paidSql} > 0 and ${paidSql} < "orders"."final_total_cents")`;
  return sql`(${paidSql} > 0 and ${paidSql} >= "orders"."final_total_cents")`;
}
/** The order has a proof of transfer (the customer's upload). */
const hasProofSql = sql<boolean>`exists (select 1 from order_documents od where od.order_id = "orders"."id" and od.kind = 'proof')`;

/**
 * The deadline flags as conditions at `now` (lib/orders/deadlines deadlineFlags, the same rules): the board's
 * filters ("vence hoy", "vencido", "pago vencido") and the reminder job (services/order-deadlines).
 */
export function paymentOverdueSql(now: Date): SQL {
  return and(inArray(orders.state, [...PAYMENT_DUE_STATES]), lte(orders.paymentDueAt, now), sql`not ${hasProofSql}`, sql`not ${paymentCondition('paid')}`)!;
}
function deadlineCondition(flag: DeadlineFlag, now: Date): SQL {
  if (flag === 'paymentOverdue') return paymentOverdueSql(now);
  const awaiting = inArray(orders.state, [...BUDGET_AWAITING_STATES]);
  if (flag === 'budgetExpired') return and(awaiting, lte(orders.budgetExpiresAt, now))!;
  return and(awaiting, gt(orders.budgetExpiresAt, now), lte(orders.budgetExpiresAt, endOfShopDay(now)))!;
}
const unreadSql = sql<number>`(select count(*)::int from messages m where m.order_id = "orders"."id" and m.user_id = "orders"."user_id" and m.viewed_at is null)`;
/** The name of the staff member the order is assigned to (issue 32 item 4), null when nobody is. */
const assigneeNameSql = sql<string | null>`(select trim(u.name || ' ' || u.lastname) from users u where u.id = "orders"."assigned_to_id")`;

const assigneeOf = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function summaryOf(o: OrderRow, itemCount: number, totalUnits: number, paidCents: number, now = new Date()): OrderSummary {
  return {
    id: o.id,
    number: o.number,
    state: o.state,
    missingStatus: o.missingStatus,
    toSucc: o.toSucc,
    itemCount,
    totalUnits,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    budgetSentAt: iso(o.budgetSentAt),
    confirmedAt: iso(o.confirmedAt),
    budgetExpiresAt: iso(o.budgetExpiresAt),
    budgetExpired: budgetActions(o.state, o.budgetExpiresAt, o.budgetUpdateRequestedAt, now).expired,
    budgetUpdateRequestedAt: iso(o.budgetUpdateRequestedAt),
    paymentDueAt: iso(o.paymentDueAt),
    paymentStatus: paymentStatusOf(Number(paidCents), Number(o.finalTotalCents)),
    paid: fromCents(Number(paidCents)),
    ...wireTotals({
      totalBoxes: o.totalBoxes,
      totalPriceCents: Number(o.totalPriceCents),
      subtotalCents: Number(o.subtotalCents),
      bonusCents: Number(o.bonusCents),
      vatCents: Number(o.vatCents),
      priceWithVatCents: Number(o.priceWithVatCents),
      iibbCents: Number(o.iibbCents),
      finalTotalCents: Number(o.finalTotalCents),
    }),
  };
}

/** The customer's orders, newest first, optionally only some states. */
export async function listCustomerOrders(db: Db, userId: number, states?: readonly OrderState[]): Promise<OrderSummary[]> {
  const where = states ? and(eq(orders.userId, userId), inArray(orders.state, [...states])) : eq(orders.userId, userId);
  const rows = await db
    .select({ order: orders, itemCount: itemCountSql, totalUnits: unitsSql, paid: paidSql })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  return rows.map((r) => summaryOf(r.order, r.itemCount, r.totalUnits, r.paid));
}

function documentPath(orderId: number, docId: number): string {
  return `/api/order/${orderId}/documents/${docId}/file`;
}

type DocData = Partial<OrderBudgetSnapshot> & { fileName?: string; mimeType?: string; size?: number; byUserId?: number; actor?: string };

/**
 * The full order, or null when it does not exist or (with `ownerId`) belongs to someone else.
 * `forStaff` adds the customer's contact data.
 */
export async function getOrderDetail(db: Db, orderId: number, opts: { ownerId?: number; forStaff?: boolean } = {}): Promise<OrderDetail | null> {
  const where = opts.ownerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, opts.ownerId));
  const [o] = await db.select().from(orders).where(where).limit(1);
  if (!o) return null;

  const [items, docs, history, address, transport, billing, customer, payments] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderDocuments).where(eq(orderDocuments.orderId, o.id)).orderBy(asc(orderDocuments.createdAt), asc(orderDocuments.id)),
    db.select().from(orderStateHistory).where(eq(orderStateHistory.orderId, o.id)).orderBy(asc(orderStateHistory.at), asc(orderStateHistory.id)),
    o.addressId === null ? Promise.resolve([]) : db.select().from(addresses).where(eq(addresses.id, o.addressId)).limit(1),
    o.transportId === null
      ? Promise.resolve([])
      : db.select({ id: transports.id, name: transports.name }).from(transports).where(eq(transports.id, o.transportId)).limit(1),
    o.billingDataId === null ? Promise.resolve([]) : db.select().from(billingData).where(eq(billingData.id, o.billingDataId)).limit(1),
    opts.forStaff
      ? db
          .select({ id: users.id, name: users.name, lastname: users.lastname, email: users.email, contactNumber: users.contactNumber })
          .from(users)
          .where(eq(users.id, o.userId))
          .limit(1)
      : Promise.resolve([]),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, o.id)).orderBy(asc(orderPayments.recordedAt), asc(orderPayments.id)),
  ]);

  // staff see who made each change: the names of the users in the history and on the documents
  const names = new Map<number, string>();
  if (opts.forStaff) {
    const ids = new Set<number>();
    for (const h of history) if (h.byUserId !== null) ids.add(h.byUserId);
    for (const d of docs) {
      const by = ((d.data ?? {}) as DocData).byUserId;
      if (typeof by === 'number') ids.add(by);
    }
    for (const p of payments) {
      if (p.recordedBy !== null) ids.add(p.recordedBy);
      if (p.voidedBy !== null) ids.add(p.voidedBy);
    }
    if (ids.size) {
      const rows = await db.select({ id: users.id, name: users.name, lastname: users.lastname }).from(users).where(inArray(users.id, [...ids]));
      for (const u of rows) names.set(u.id, `${u.name} ${u.lastname}`.trim());
    }
  }
  const nameOf = (id: number | null | undefined) => (typeof id === 'number' ? (names.get(id) ?? null) : null);

  const a = address[0];
  const b = billing[0];
  const stage = isAdditionStage(o.additionsStage) ? o.additionsStage : null;
  const add = additionsStatus(o.state, stage, o.additionsCount);
  const actions = customerActions(o.state);
  const budget = budgetActions(o.state, o.budgetExpiresAt, o.budgetUpdateRequestedAt, new Date());
  const totalUnits = items.filter((i) => !i.missing).reduce((n, i) => n + i.quantity, 0);
  const paidCents = payments.reduce((n, p) => (p.voidedAt === null ? n + Number(p.amountCents) : n), 0);

  const detail: OrderDetail = {
    ...summaryOf(o, items.length, totalUnits, paidCents),
    shippingZone: shippingZone({ toSucc: o.toSucc, province: a?.province ?? null }),
    address: a ? orderAddressView(a) : null,
    transport: transport[0] ?? null,
    otherTransport: o.otherTransport,
    billingData: b ? { id: b.id, taxCondition: b.taxCondition, documentType: b.documentType, documentNumber: b.documentNumber } : null,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      parentId: i.parentId,
      name: i.name,
      variationName: i.variationName,
      sku: i.sku,
      quantity: i.quantity,
      requestedQuantity: i.requestedQuantity ?? i.quantity,
      unitPrice: fromCents(i.unitPriceCents),
      regularPrice: i.regularPriceCents === null ? null : fromCents(i.regularPriceCents),
      lineTotal: fromCents(i.unitPriceCents * i.quantity),
      missing: i.missing,
      priceAdjusted: i.priceAdjusted,
    })),
    documents: docs.map((d) => {
      const data = (d.data ?? {}) as DocData;
      return {
        id: d.id,
        kind: d.kind,
        trackingNumber: d.trackingNumber,
        fileUrl: d.fileUrl ? documentPath(o.id, d.id) : null,
        fileName: d.fileUrl ? documentFileName(d.id, d.fileUrl, data.fileName) : null,
        mimeType: d.fileUrl ? (mimeOfKey(d.fileUrl) ?? data.mimeType ?? null) : null,
        size: d.fileUrl ? (data.size ?? null) : null,
        createdAt: d.createdAt.toISOString(),
        budget: d.kind === 'budget' && data.totals && data.items ? { totals: data.totals, items: data.items } : null,
        // proofs are the customer's; the other kinds are written by staff (older rows may lack byUserId)
        actor: d.kind === 'proof' ? 'customer' : 'staff',
        ...(opts.forStaff ? { byName: nameOf(data.byUserId) } : {}),
      };
    }),
    history: history.map((h) => ({
      from: h.fromState,
      to: h.toState,
      at: h.at.toISOString(),
      byUserId: h.byUserId,
      actor: h.actor === 'customer' || h.actor === 'staff' || h.actor === 'system' ? h.actor : null,
      ...(opts.forStaff ? { byName: nameOf(h.byUserId) } : {}),
      reason: h.reason,
    })),
    // the customer sees what counts (no voided rows, no internal notes, no names); staff see every row
    payments: payments
      .filter((p) => opts.forStaff || p.voidedAt === null)
      .map((p) => ({
        id: p.id,
        amount: fromCents(Number(p.amountCents)),
        method: p.method,
        at: p.recordedAt.toISOString(),
        ...(opts.forStaff
          ? {
              note: p.note,
              byName: nameOf(p.recordedBy),
              voided: p.voidedAt ? { at: p.voidedAt.toISOString(), reason: p.voidReason ?? '', byName: nameOf(p.voidedBy) } : null,
            }
          : {}),
      })),
    additions: { stage: add.stage, used: add.used, limit: add.limit, remaining: add.remaining },
    actions: {
      ...actions,
      // the table allows accepting; an expired budget no longer can be (issue 24 §1)
      accept: budget.accept,
      add: actions.add && add.remaining !== 0,
      uploadProof: canUploadProof(o.state),
      requestBudget: budget.requestUpdate,
    },
  };
  if (opts.forStaff && customer[0]) detail.customer = customer[0];
  if (opts.forStaff) {
    const [assigned] =
      o.assignedToId === null ? [] : await db.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, o.assignedToId)).limit(1);
    detail.assignee = o.assignedToId !== null && assigned ? { id: o.assignedToId, name: `${assigned.name} ${assigned.lastname}`.trim() } : null;
    // the budget editor reprices with the same engine and rule as sendBudget (lib/orders/budget-pricing)
    const [tiers, isVip] = await Promise.all([loadTiers(db, items.map(itemGroup)), customerIsVip(db, o.userId)]);
    detail.pricing = {
      isVip,
      tiers: Object.fromEntries([...tiers].map(([group, list]) => [String(group), list.map((t) => ({ id: Number(t.id), name: t.name, units: t.units, price: fromCents(t.price), isVip: t.isVip, isStrict: t.isStrict }))])),
    };
  }
  return detail;
}

/* ------------------------------------------------------------------ staff */

export interface StaffOrderFilter {
  state?: OrderState;
  /** inclusive, ISO date or date-time */
  from?: Date;
  /** exclusive upper bound */
  to?: Date;
  /** order number, customer name / e-mail, or CUIT/CUIL/DNI */
  q?: string;
  /** newest first by default (lib/admin/filters BOARD_SORTS) */
  sort?: BoardSort;
  /** only the orders assigned to this staff member, or to nobody ('none') */
  assignee?: number | 'none';
  /** payment status (derived from the payments not voided) */
  payment?: PaymentStatus;
  /** a deadline flag (issue 24 §1): "vence hoy", "vencido", "pago vencido" */
  deadline?: DeadlineFlag;
  /** the clock the deadlines are read against (tests set it) */
  now?: Date;
  page: number;
  rows: number;
}

/** The board's orderings: every one ends on the id, so pages never repeat or skip an order. */
function orderingOf(sort: BoardSort = 'newest'): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.id)];
    case 'totalDesc':
      return [desc(orders.finalTotalCents), desc(orders.id)];
    case 'totalAsc':
      return [asc(orders.finalTotalCents), asc(orders.id)];
    case 'customer':
      return [asc(foldedSql(sql`${users.lastname} || ' ' || ${users.name}`)), desc(orders.createdAt), desc(orders.id)];
    default:
      return [desc(orders.createdAt), desc(orders.id)];
  }
}

function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const parts = userMatches(text);
  const digits = text.replace(/[\s.\-/#]/g, '');
  if (/^\d+$/.test(digits)) {
    if (digits.length <= 9) parts.push(eq(orders.number, Number(digits)));
    parts.push(ilike(billingData.documentNumber, `%${digits}%`));
  }
  return or(...parts);
}

function staffOrderRows(db: Db) {
  return db
    .select({ order: orders, itemCount: itemCountSql, totalUnits: unitsSql, paid: paidSql, unread: unreadSql, hasProof: hasProofSql, assigneeName: assigneeNameSql, customer: { id: users.id, name: users.name, lastname: users.lastname, email: users.email }, documentNumber: billingData.documentNumber })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(billingData, eq(billingData.id, orders.billingDataId));
}

/** The board's filters as conditions: without the state (its chips count the other states) and with it. */
function staffConditions(f: Omit<StaffOrderFilter, 'page' | 'rows'>): { base: SQL[]; withState: SQL[] } {
  const base: SQL[] = [];
  if (f.from) base.push(gte(orders.createdAt, f.from));
  if (f.to) base.push(lt(orders.createdAt, f.to));
  const search = f.q ? searchCondition(f.q) : undefined;
  if (search) base.push(search);
  if (f.assignee === 'none') base.push(isNull(orders.assignedToId));
  else if (f.assignee !== undefined) base.push(eq(orders.assignedToId, f.assignee));
  if (f.payment) base.push(paymentCondition(f.payment));
  if (f.deadline) base.push(deadlineCondition(f.deadline, f.now ?? new Date()));
  return { base, withState: f.state ? [...base, eq(orders.state, f.state)] : base };
}

/** The orders the board shows with these filters, in its order, up to `max` (the CSV export). */
export async function staffOrdersForExport(db: Db, f: Omit<StaffOrderFilter, 'page' | 'rows'>, max: number) {
  const { withState } = staffConditions(f);
  const rows = await staffOrderRows(db)
    .where(withState.length ? and(...withState) : undefined)
    .orderBy(...orderingOf(f.sort))
    .limit(max);
  return rows.map((r) => ({
    ...summaryOf(r.order, r.itemCount, r.totalUnits, r.paid),
    customer: r.customer,
    documentNumber: r.documentNumber,
    assignee: assigneeOf(r.order.assignedToId, r.assigneeName),
  }));
}

export async function listStaffOrders(db: Db, f: StaffOrderFilter): Promise<StaffOrderList> {
  const now = f.now ?? new Date();
  const { base, withState } = staffConditions({ ...f, now });
  const [rows, totalRow, perState] = await Promise.all([
    staffOrderRows(db)
      .where(withState.length ? and(...withState) : undefined)
      .orderBy(...orderingOf(f.sort))
      .limit(f.rows)
      .offset((f.page - 1) * f.rows),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(billingData, eq(billingData.id, orders.billingDataId))
      .where(withState.length ? and(...withState) : undefined),
    db
      .select({ state: orders.state, n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(billingData, eq(billingData.id, orders.billingDataId))
      .where(base.length ? and(...base) : undefined)
      .groupBy(orders.state),
  ]);

  const counts = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const r of perState) counts[r.state] = Number(r.n);
  const total = Number(totalRow[0]?.n ?? 0);
  return {
    items: rows.map((r) => {
      const summary = summaryOf(r.order, r.itemCount, r.totalUnits, r.paid, now);
      const flags = deadlineFlags(
        { state: r.order.state, budgetExpiresAt: r.order.budgetExpiresAt, paymentDueAt: r.order.paymentDueAt, hasProof: Boolean(r.hasProof), fullyPaid: summary.paymentStatus === 'paid' },
        now,
      );
      return { ...summary, customer: r.customer, documentNumber: r.documentNumber, unread: Number(r.unread), assignee: assigneeOf(r.order.assignedToId, r.assigneeName), flags };
    }),
    total,
    totalPages: Math.ceil(total / f.rows),
    page: f.page,
    rows: f.rows,
    counts,
  };
}

/** An order as staff see it (with the customer's data); 404 when it does not exist. */
export async function staffOrderDetail(db: Db, orderId: number): Promise<OrderDetail> {
  const data = await getOrderDetail(db, orderId, { forStaff: true });
  if (!data) throw HttpError.notFound();
  return data;
}
