/**
 * Single-use links (verify, reset, autologin): 32 random bytes (base64url) handed out once; only their
 * sha256 is stored. Consuming is one atomic UPDATE … WHERE used_at IS NULL AND expires_at > now(), so two
 * concurrent uses cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeTokens } from '../db/schema';

export type OneTimeKind = 'verify' | 'reset' | 'autologin';

/** Lifetimes: verification 48 h, password reset 1 h, auto-login 7 days. */
export const TOKEN_TTL_MS: Record<OneTimeKind, number> = {
  verify: 48 * 3600_000,
  reset: 3600_000,
  autologin: 7 * 24 * 3600_000,
};

function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Tokens are base64url of 32 bytes: anything else is rejected before touching the database. */
function looksLikeToken(raw: unknown): raw is string {
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(raw);
}

export interface IssueOptions {
  userId: number;
  kind: OneTimeKind;
  orderId?: number | null;
  ttlMs?: number;
  /** mark the user's earlier unused tokens of this kind as used (default true, except autologin) */
  revokePrevious?: boolean;
  /** the staff member who asked for it (auto-login links sent from the back-office), kept for the record */
  requestedBy?: number | null;
}

export async function issueToken(db: Db, opts: IssueOptions): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (opts.ttlMs ?? TOKEN_TTL_MS[opts.kind]));
  const revoke = opts.revokePrevious ?? opts.kind !== 'autologin';
  await db.transaction(async (tx) => {
    if (revoke) {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, opts.userId), eq(oneTimeTokens.kind, opts.kind), isNull(oneTimeTokens.usedAt)));
    }
    await tx.insert(oneTimeTokens).values({
      userId: opts.userId,
      kind: opts.kind,
      tokenHash: hashToken(token),
      orderId: opts.orderId ?? null,
      requestedBy: opts.requestedBy ?? null,
      expiresAt,
    });
  });
  return { token, expiresAt };
}

export type TokenCheck =
  | { ok: true; userId: number; orderId: number | null }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Why a token cannot be used (unknown, used or of another kind → invalid; past its time → expired). */
async function explain(db: Db, raw: string, kind: OneTimeKind): Promise<TokenCheck> {
  const [row] = await db
    .select({ usedAt: oneTimeTokens.usedAt, expiresAt: oneTimeTokens.expiresAt, kind: oneTimeTokens.kind })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, hashToken(raw)))
    .limit(1);
  if (!row || row.kind !== kind || row.usedAt) return { ok: false, reason: 'invalid' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: false, reason: 'invalid' };
}

/** The row of this token and kind, unused and not expired. */
const usable = (raw: string, kind: OneTimeKind) =>
  and(eq(oneTimeTokens.tokenHash, hashToken(raw)), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`));

/** Checks a token without using it (GET auth/canChangePassword). */
export async function peekToken(db: Db, raw: unknown, kind: OneTimeKind): Promise<TokenCheck> {
  if (!looksLikeToken(raw)) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, orderId: oneTimeTokens.orderId })
    .from(oneTimeTokens)
    .where(usable(raw, kind))
    .limit(1);
  return row ? { ok: true, userId: row.userId, orderId: row.orderId } : explain(db, raw, kind);
}

/** Uses a token once: the first caller gets its user, every later one 'invalid'. */
export async function consumeToken(db: Db, raw: unknown, kind: OneTimeKind): Promise<TokenCheck> {
  if (!looksLikeToken(raw)) return { ok: false, reason: 'invalid' };
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usable(raw, kind))
    .returning({ userId: oneTimeTokens.userId, orderId: oneTimeTokens.orderId });
  const row = rows[0];
  return row ? { ok: true, userId: row.userId, orderId: row.orderId } : explain(db, raw, kind);
}

/** When the user's latest token of this kind was issued (rate-limits re-sending verification mails). */
export async function lastIssuedAt(db: Db, userId: number, kind: OneTimeKind): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
