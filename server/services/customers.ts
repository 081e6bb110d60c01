/**
 * Staff reads and writes of customer accounts (routes/staff/customers.ts): the paged list with search
 * (name, e-mail, CUIT/CUIL/DNI) and a VIP filter, one customer with their orders, the VIP toggle
 * (role customer ↔ vipcustomer) and role changes.
 *
 * Roles take effect on the user's next request: the auth plugin reads the user's role from the database
 * on every request and caches permissions per ROLE id only, so moving a user to another role needs no
 * cache flush.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerSort } from '../../lib/admin/customer-filters';
import { fromCents } from '../../lib/money';
import { ASSIGNABLE_ROLES, CUSTOMER_ROLES } from '../../lib/admin/settings-types';
import type { CustomerDetail, CustomerList, CustomerSummary } from '../../lib/contracts/staff-customers';
import type { Db } from '../db/client';
import { addresses, billingData, orders, roles, users } from '../db/schema';
import { HttpError } from '../errors';
import { escapeLike, foldedSql } from '../lib/text';
import { itemCountSql } from './orders-view';
import { userMatches } from './user-search';

export const CUSTOMER_MESSAGES = {
  notACustomer: 'Sólo los clientes pueden ser VIP',
  ownRole: 'No podés cambiar tu propio rol',
  unknownRole: 'Ese rol no existe',
  vipOn: 'El cliente ahora es VIP',
  vipOff: 'El cliente ya no es VIP',
  roleChanged: 'Rol actualizado',
} as const;

export interface CustomerFilter {
  q?: string;
  vip?: boolean;
  /** customers (default): roles customer + vipcustomer; staff: the staff roles */
  kind: 'customers' | 'staff';
  /** newest first by default (lib/admin/customer-filters CUSTOMER_SORTS) */
  sort?: CustomerSort;
  page: number;
  rows: number;
}

const STAFF = ASSIGNABLE_ROLES.filter((r) => !(CUSTOMER_ROLES as readonly string[]).includes(r));

const docsSql = sql<string[] | null>`(select array_agg(b.document_number order by b.id) from billing_data b where b.user_id = "users"."id")`;
const orderCountSql = sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id")`;
const lastOrderSql = sql<string | null>`(select max(o.created_at) from orders o where o.user_id = "users"."id")`;

/** What the list and the detail show of a user (joined with roles). */
const summaryCols = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  contactNumber: users.contactNumber,
  role: roles.name,
  createdAt: users.createdAt,
  documents: docsSql,
  orderCount: orderCountSql,
  lastOrderAt: lastOrderSql,
};

function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const parts = userMatches(text);
  // CUIT typed with dots or dashes (30-70809080-4) matches the stored digits
  const digits = text.replace(/[\s.\-/]/g, '');
  if (/^\d{2,}$/.test(digits)) {
    parts.push(sql`exists (select 1 from billing_data b where b.user_id = ${users.id} and b.document_number like ${`%${escapeLike(digits)}%`})`);
  }
  return or(...parts);
}

const isoOf = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The list's orderings (issue 32 item 6): every one ends on the id, so pages never repeat or skip anyone. */
function orderingOf(sort: CustomerSort = 'newest'): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(users.createdAt), asc(users.id)];
    case 'name':
      return [asc(foldedSql(sql`${users.lastname} || ' ' || ${users.name}`)), asc(users.id)];
    case 'orders':
      return [sql`${orderCountSql} desc`, desc(users.id)];
    case 'lastOrder':
      return [sql`${lastOrderSql} desc nulls last`, desc(users.id)];
    default:
      return [desc(users.createdAt), desc(users.id)];
  }
}

function customerConditions(f: Omit<CustomerFilter, 'page' | 'rows' | 'sort'>): SQL | undefined {
  const where: SQL[] = [];
  if (f.kind === 'staff') where.push(inArray(roles.name, STAFF));
  else if (f.vip === true) where.push(eq(roles.name, 'vipcustomer'));
  else if (f.vip === false) where.push(eq(roles.name, 'customer'));
  else where.push(inArray(roles.name, [...CUSTOMER_ROLES]));
  const search = f.q ? searchCondition(f.q) : undefined;
  if (search) where.push(search);
  return and(...where);
}

function customerRows(db: Db, f: Omit<CustomerFilter, 'page' | 'rows'>) {
  return db
      .select(summaryCols)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(customerConditions(f))
      .orderBy(...orderingOf(f.sort));
}

/** The customers the list shows with these filters, in its order, up to `max` (the CSV/XLSX export). */
export async function customersForExport(db: Db, f: Omit<CustomerFilter, 'page' | 'rows'>, max: number): Promise<CustomerSummary[]> {
  return (await customerRows(db, f).limit(max)).map((r) => summary(r));
}

export async function listCustomers(db: Db, f: CustomerFilter): Promise<CustomerList> {
  const cond = customerConditions(f);
  const [rows, totalRow] = await Promise.all([
    customerRows(db, f)
      .limit(f.rows)
      .offset((f.page - 1) * f.rows),
    db.select({ n: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(cond),
  ]);
  const total = Number(totalRow[0]?.n ?? 0);
  return {
    items: rows.map((r) => summary(r)),
    total,
    totalPages: Math.ceil(total / f.rows),
    page: f.page,
    rows: f.rows,
  };
}

function summary(r: {
  id: number;
  name: string;
  lastname: string;
  email: string;
  contactNumber: string | null;
  role: string;
  createdAt: Date;
  documents: string[] | null;
  orderCount: number;
  lastOrderAt: string | Date | null;
}): CustomerSummary {
  return {
    id: r.id,
    name: r.name,
    lastname: r.lastname,
    email: r.email,
    contactNumber: r.contactNumber,
    role: r.role,
    isVip: r.role === 'vipcustomer',
    documents: r.documents ?? [],
    orderCount: Number(r.orderCount),
    lastOrderAt: isoOf(r.lastOrderAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** One user (any role) with addresses, billing data and the 50 newest orders; null when missing. */
export async function getCustomer(db: Db, id: number, caller: { id: number; canWriteRoles: boolean }): Promise<CustomerDetail | null> {
  const [row] = await db
    .select({ ...summaryCols, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  const [addr, bill, ords, existing] = await Promise.all([
    db
      .select({
        id: addresses.id,
        province: addresses.province,
        city: addresses.city,
        street: addresses.street,
        number: addresses.number,
        postalCode: addresses.postalCode,
        state: addresses.state,
      })
      .from(addresses)
      .where(eq(addresses.userId, id))
      .orderBy(addresses.id),
    db
      .select({ id: billingData.id, taxCondition: billingData.taxCondition, documentType: billingData.documentType, documentNumber: billingData.documentNumber })
      .from(billingData)
      .where(eq(billingData.userId, id))
      .orderBy(billingData.id),
    db
      .select({
        id: orders.id,
        number: orders.number,
        state: orders.state,
        createdAt: orders.createdAt,
        finalTotalCents: orders.finalTotalCents,
        itemCount: itemCountSql,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(50),
    caller.canWriteRoles && caller.id !== id ? db.select({ name: roles.name }).from(roles).where(inArray(roles.name, [...ASSIGNABLE_ROLES])) : [],
  ]);
  return {
    ...summary(row),
    emailVerified: row.emailVerifiedAt !== null,
    addresses: addr,
    billing: bill,
    orders: ords.map((o) => ({
      id: o.id,
      number: o.number,
      state: o.state,
      createdAt: o.createdAt.toISOString(),
      itemCount: Number(o.itemCount),
      finalTotal: fromCents(Number(o.finalTotalCents)),
    })),
    assignableRoles: ASSIGNABLE_ROLES.filter((r) => existing.some((e) => e.name === r)),
  };
}

async function roleOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ role: roles.name }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId)).limit(1);
  return row?.role ?? null;
}

async function setRole(db: Db, userId: number, role: string): Promise<void> {
  const [r] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role)).limit(1);
  if (!r) throw HttpError.badRequest(CUSTOMER_MESSAGES.unknownRole);
  await db.update(users).set({ roleId: r.id, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** customer ↔ vipcustomer. 404 for an unknown user, 409 for a staff account. */
export async function setVip(db: Db, userId: number, vip: boolean): Promise<void> {
  const role = await roleOf(db, userId);
  if (!role) throw HttpError.notFound();
  if (!(CUSTOMER_ROLES as readonly string[]).includes(role)) throw HttpError.conflict(CUSTOMER_MESSAGES.notACustomer);
  await setRole(db, userId, vip ? 'vipcustomer' : 'customer');
}

/** Gives `userId` the role `role` (an assignable role that exists); never the caller's own role. */
export async function changeRole(db: Db, callerId: number, userId: number, role: string): Promise<void> {
  if (callerId === userId) throw HttpError.forbidden(CUSTOMER_MESSAGES.ownRole);
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role)) throw HttpError.badRequest(CUSTOMER_MESSAGES.unknownRole);
  if (!(await roleOf(db, userId))) throw HttpError.notFound();
  await setRole(db, userId, role);
}
