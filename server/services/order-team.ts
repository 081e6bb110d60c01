/**
 * Staff working together on an order (issue 32 item 4): staff-only notes and the staff member the order is
 * assigned to. Only the staff routes (routes/staff/team.ts) call these; the customer's order answers, rooms and
 * notifications never carry a note or the assignee. Every write announces itself (server/events) after it
 * committed: the `Staff` room refreshes the open boards and order pages, the assignee's bell rings.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderNote, StaffMember } from '../../lib/contracts/staff-team';
import { STAFF_ROLES } from '../../lib/session/roles';
import type { Db } from '../db/client';
import { orderNotes, orders, permissions, rolePermissions, roles, users } from '../db/schema';
import { HttpError } from '../errors';
import type { WriteDeps } from '../events';

export const TEAM_MESSAGES = {
  noteSaved: 'Nota guardada',
  noteDeleted: 'Nota borrada',
  noteNotYours: 'Sólo quien escribió la nota puede borrarla',
  assigned: 'Pedido asignado',
  unassigned: 'El pedido quedó sin asignar',
  assigneeNotStaff: 'Elegí a alguien del personal que atiende pedidos',
} as const;

/** The most notes one order lists (a working note pad, not an archive). */
const MAX_NOTES = 500;

const fullName = (u: { name: string | null; lastname: string | null }) => (u.name === null ? null : `${u.name} ${u.lastname ?? ''}`.trim());

/** The order's notes, oldest first, with their authors' names; `viewerId` marks the viewer's own. */
export async function listNotes(db: Db, orderId: number, viewerId: number): Promise<OrderNote[]> {
  const rows = await db
    .select({ note: orderNotes, name: users.name, lastname: users.lastname })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.userId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id))
    .limit(MAX_NOTES);
  return rows.map((r) => ({
    id: r.note.id,
    orderId: r.note.orderId,
    text: r.note.text,
    authorId: r.note.userId,
    authorName: fullName(r),
    createdAt: r.note.createdAt.toISOString(),
    mine: r.note.userId === viewerId,
  }));
}

async function orderExists(db: Db, orderId: number): Promise<{ number: number; assignedToId: number | null }> {
  const [o] = await db.select({ number: orders.number, assignedToId: orders.assignedToId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw HttpError.notFound();
  return o;
}

/** Adds a note (text already trimmed and checked: lib/contracts/staff-team noteBodySchema) by `authorId`. */
export async function addNote(deps: WriteDeps, orderId: number, authorId: number, text: string): Promise<OrderNote> {
  await orderExists(deps.db, orderId);
  const [row] = await deps.db.insert(orderNotes).values({ orderId, userId: authorId, text }).returning();
  await deps.events.emit({ type: 'order.noteAdded', orderId, noteId: row!.id, authorId });
  const note = (await listNotes(deps.db, orderId, authorId)).find((n) => n.id === row!.id);
  return note!;
}

/** Deletes one of the caller's own notes: 404 when the note is not on that order, 403 when someone else wrote it. */
export async function deleteNote(deps: WriteDeps, orderId: number, noteId: number, callerId: number): Promise<void> {
  const [note] = await deps.db
    .select({ userId: orderNotes.userId })
    .from(orderNotes)
    .where(and(eq(orderNotes.id, noteId), eq(orderNotes.orderId, orderId)))
    .limit(1);
  if (!note) throw HttpError.notFound();
  if (note.userId !== callerId) throw HttpError.forbidden(TEAM_MESSAGES.noteNotYours);
  await deps.db.delete(orderNotes).where(and(eq(orderNotes.id, noteId), eq(orderNotes.userId, callerId)));
  await deps.events.emit({ type: 'order.noteDeleted', orderId, noteId, authorId: callerId });
}

/**
 * The staff who work the orders (a staff role holding `orders:read`), by name: who an order can be assigned to.
 * `ids` narrows the list (checking one assignee).
 */
export async function listOrderStaff(db: Db, ids?: number[]): Promise<StaffMember[]> {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name, lastname: users.lastname, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(permissions.name, 'orders:read'), inArray(roles.name, [...STAFF_ROLES]), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.name), asc(users.lastname), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: `${r.name} ${r.lastname}`.trim(), role: r.role }));
}

/**
 * Assigns the order to a staff member who works the orders, or to nobody (`to` null). 404 for an unknown order,
 * 400 when `to` is not such a staff member (a customer, an unknown id). Assigning the current assignee again
 * changes nothing and announces nothing.
 */
export async function assignOrder(deps: WriteDeps, orderId: number, to: number | null, byUserId: number): Promise<void> {
  const order = await orderExists(deps.db, orderId);
  if (to !== null && (await listOrderStaff(deps.db, [to])).length === 0) throw HttpError.badRequest(TEAM_MESSAGES.assigneeNotStaff);
  if (order.assignedToId === to) return;
  await deps.db.update(orders).set({ assignedToId: to }).where(eq(orders.id, orderId));
  await deps.events.emit({ type: 'order.assigned', orderId, number: order.number, from: order.assignedToId, to, byUserId });
}
