/**
 * The audit log (issue 24 §2): who changed what and when, with every row's before/after, written in the
 * same transaction as the change it records. Read at /admin/audit (permission audit:read: admin and
 * superadmin), filtered by who, what and date.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditList, AuditSummary, PriceChangeRow } from '../../lib/contracts/price-changes';
import { shopFilterBound } from '../../lib/time';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditRow = Omit<PriceChangeRow, 'violations' | 'slug'>;
export interface AuditActor {
  id: number;
  name: string;
  lastname: string;
  email: string;
}

const PAGE_ROWS = 20;
/** The actions an undo can revert: a change, not an undo of one. */
const UNDOABLE: AuditAction[] = ['prices.bulk', 'prices.csv'];

export async function recordAudit(
  tx: Db,
  entry: { actor: AuditActor; action: AuditAction; summary: AuditSummary; rows: AuditRow[]; undoOf?: number },
): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorId: entry.actor.id,
      actorName: `${entry.actor.name} ${entry.actor.lastname}`.trim(),
      actorEmail: entry.actor.email,
      action: entry.action,
      summary: entry.summary,
      rows: entry.rows,
      undoOf: entry.undoOf ?? null,
    })
    .returning({ id: auditLog.id });
  if (entry.undoOf) await tx.update(auditLog).set({ undoneBy: row!.id }).where(eq(auditLog.id, entry.undoOf));
  return row!.id;
}

/** The id of the change the undo button reverts: the newest price change not undone yet (null: none). */
export async function undoableEntryId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(inArray(auditLog.action, UNDOABLE), isNull(auditLog.undoneBy)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? null;
}

type EntryRow = Pick<typeof auditLog.$inferSelect, 'id' | 'createdAt' | 'actorId' | 'actorName' | 'actorEmail' | 'action' | 'summary' | 'undoneBy'>;
const entryCols = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  summary: auditLog.summary,
  undoneBy: auditLog.undoneBy,
};

function toEntry(r: EntryRow, undoableId: number | null): AuditEntry {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actor: { id: r.actorId, name: r.actorName, email: r.actorEmail },
    action: r.action as AuditAction,
    summary: r.summary as AuditSummary,
    undoneBy: r.undoneBy,
    canUndo: r.id === undoableId,
  };
}

export async function getAuditEntry(db: Db, id: number): Promise<(AuditEntry & { rows: AuditRow[] }) | null> {
  const [r] = await db
    .select({ ...entryCols, rows: auditLog.rows })
    .from(auditLog)
    .where(eq(auditLog.id, id))
    .limit(1);
  if (!r) return null;
  return { ...toEntry(r, await undoableEntryId(db)), rows: r.rows as AuditRow[] };
}

/** The newest price change (what the price page offers to undo), or null. */
export async function latestPriceChange(db: Db): Promise<AuditEntry | null> {
  const [r] = await db.select(entryCols).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return r ? toEntry(r, await undoableEntryId(db)) : null;
}

export async function listAudit(db: Db, q: { actor?: number; action?: AuditAction; from?: string; to?: string; page: number }): Promise<AuditList> {
  const where: SQL[] = [];
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.from) where.push(gte(auditLog.createdAt, shopFilterBound(q.from)));
  if (q.to) where.push(lt(auditLog.createdAt, shopFilterBound(q.to, true)));
  const filter = where.length ? and(...where) : undefined;
  const [[total], rows, actors, undoableId] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(filter),
    db
      .select(entryCols)
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(PAGE_ROWS)
      .offset((q.page - 1) * PAGE_ROWS),
    db.selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName, email: auditLog.actorEmail }).from(auditLog).orderBy(auditLog.actorId, desc(auditLog.id)),
    undoableEntryId(db),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    items: rows.map((r) => toEntry(r, undoableId)),
    total: n,
    page: q.page,
    totalPages: Math.max(1, Math.ceil(n / PAGE_ROWS)),
    actors: actors.filter((a): a is { id: number; name: string; email: string } => a.id !== null),
  };
}
