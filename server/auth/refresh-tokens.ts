/**
 * Refresh tokens (ADR 0005): what keeps a session alive behind the short access token.
 *
 * - 32 random bytes (base64url) go to the browser once, in an HttpOnly cookie the page cannot read; only
 *   their sha256 is stored (table refresh_tokens).
 * - Every use rotates: one atomic UPDATE … SET rotated_at WHERE rotated_at IS NULL AND revoked_at IS NULL AND
 *   expires_at > now() claims the token (two concurrent uses cannot both win), then a new token of the same
 *   family is stored. A rotated token that comes back was copied (or replayed): its whole family is revoked,
 *   so the thief and the owner both have to sign in again.
 * - Lifetime: 1 day, or 30 days with remember-me (the spec's session lifetimes), counted again from each
 *   rotation, so a session in use does not end mid-visit and an idle one ends after that long.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';
import { REMEMBER_TTL_S, SESSION_TTL_S } from './jwt';

/** Cookie that carries the refresh token: HttpOnly, SameSite=Strict, only ever sent to POST /auth/refresh and /auth/logout. */
export const REFRESH_COOKIE = 'refreshToken';
/** The cookie's path: the refresh and logout routes only (both under /auth/refresh). */
export const REFRESH_COOKIE_PATH = '/auth/refresh';

export function refreshLifetimeS(remember: boolean): number {
  return remember ? REMEMBER_TTL_S : SESSION_TTL_S;
}

function hash(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** base64url of 32 bytes: anything else is refused before touching the database. */
export function looksLikeRefreshToken(raw: unknown): raw is string {
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{43}$/.test(raw);
}

export interface IssuedRefresh {
  token: string;
  familyId: string;
  remember: boolean;
  expiresAt: Date;
}

/** A new refresh token: of a new family (a sign-in), or the next one of `familyId` (a rotation). */
export async function issueRefreshToken(
  db: Db,
  opts: { userId: number; remember: boolean; familyId?: string },
): Promise<IssuedRefresh> {
  const token = randomBytes(32).toString('base64url');
  const familyId = opts.familyId ?? randomUUID();
  const expiresAt = new Date(Date.now() + refreshLifetimeS(opts.remember) * 1000);
  await db.insert(refreshTokens).values({ userId: opts.userId, familyId, tokenHash: hash(token), remember: opts.remember, expiresAt });
  return { token, familyId, remember: opts.remember, expiresAt };
}

export type RotateResult =
  | { ok: true; userId: number; next: IssuedRefresh }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; userId?: number };

/**
 * Exchanges a refresh token for the next one of its family. A token already rotated revokes the family
 * ('reused'); an unknown, expired or revoked one is refused without side effects.
 */
export async function rotateRefreshToken(db: Db, raw: unknown): Promise<RotateResult> {
  if (!looksLikeRefreshToken(raw)) return { ok: false, reason: 'unknown' };
  const h = hash(raw);
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, h),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId, remember: refreshTokens.remember });
  const row = claimed[0];
  if (row) {
    const next = await issueRefreshToken(db, { userId: row.userId, remember: row.remember, familyId: row.familyId });
    return { ok: true, userId: row.userId, next };
  }
  const [known] = await db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      expiresAt: refreshTokens.expiresAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, h))
    .limit(1);
  if (!known) return { ok: false, reason: 'unknown' };
  if (known.revokedAt) return { ok: false, reason: 'revoked', userId: known.userId };
  if (known.rotatedAt) {
    await revokeFamily(db, known.familyId);
    return { ok: false, reason: 'reused', userId: known.userId };
  }
  return { ok: false, reason: 'expired', userId: known.userId };
}

/** Revokes every token of one sign-in (a logout, a detected reuse). */
async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes the family of a raw refresh token (logout with the cookie); unknown tokens are ignored. */
export async function revokeByToken(db: Db, raw: unknown): Promise<void> {
  if (!looksLikeRefreshToken(raw)) return;
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash(raw))).limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/** Revokes every refresh token of a user (password, role, disabled, logout everywhere). */
export async function revokeUserRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** How long a spent row is kept: a replay of it inside this window still revokes its family (later: just refused). */
export const REFRESH_RETENTION_MS = 2 * 24 * 3600_000;

/**
 * Deletes rows nothing needs any more: expired, revoked or rotated more than `retentionMs` ago (a remembered
 * session rotates every 15 minutes: its spent rows would otherwise pile up for 30 days). Returns how many.
 */
export async function pruneRefreshTokens(db: Db, now = new Date(), retentionMs = REFRESH_RETENTION_MS): Promise<number> {
  const before = new Date(now.getTime() - retentionMs);
  const rows = await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.expiresAt, before), lt(refreshTokens.revokedAt, before), lt(refreshTokens.rotatedAt, before)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}
