/**
 * User reads and writes of the account flows. A "session user" is the user with its role name and the
 * role's permission names (roles and permissions live in the database, spec §6).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail } from '../../lib/validation/account';
import type { Db } from '../db/client';
import { oneTimeTokens, permissions, rolePermissions, roles, users } from '../db/schema';

/** Staff roles may use the back-office routes (requireStaff): one list for both processes, lib/session/roles. */
export { isStaffRole, STAFF_ROLES } from '../../lib/session/roles';
export const CUSTOMER_ROLE = 'customer';
export const VIP_PERMISSION = 'isVip';

export interface UserRow {
  id: number;
  name: string;
  lastname: string;
  email: string;
  passwordHash: string | null;
  contactNumber: string | null;
  roleId: number;
  role: string;
  emailVerifiedAt: Date | null;
  googleSub: string | null;
  mailOrderUpdates: boolean;
  mailNewsletter: boolean;
}

const userColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  passwordHash: users.passwordHash,
  contactNumber: users.contactNumber,
  roleId: users.roleId,
  role: roles.name,
  emailVerifiedAt: users.emailVerifiedAt,
  googleSub: users.googleSub,
  mailOrderUpdates: users.mailOrderUpdates,
  mailNewsletter: users.mailNewsletter,
};

/** The stored spelling of an e-mail (NFKC, trimmed, lower-cased): the same function the forms' schemas use. */
export { normalizeEmail };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.googleSub, sub))
    .limit(1);
  return row ?? null;
}

/** Permission names per role id, cached briefly (roles change rarely; a restart or 60 s picks changes up). */
export class RolePermissionsCache {
  private cache = new Map<number, { at: number; names: string[] }>();
  constructor(private readonly ttlMs = 60_000) {}

  async get(db: Db, roleId: number): Promise<string[]> {
    const hit = this.cache.get(roleId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.names;
    const rows = await db
      .select({ name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, roleId))
      .orderBy(permissions.name);
    const names = rows.map((r) => r.name);
    this.cache.set(roleId, { at: Date.now(), names });
    return names;
  }

  clear(): void {
    this.cache.clear();
  }
}

export async function roleIdByName(db: Db, name: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return row?.id ?? null;
}

/** Ensures a role exists (a database created without the demo seed still gets the customer role). */
async function ensureRole(db: Db, name: string): Promise<number> {
  const existing = await roleIdByName(db, name);
  if (existing) return existing;
  await db.insert(roles).values({ name }).onConflictDoNothing();
  const id = await roleIdByName(db, name);
  if (!id) throw new Error(`role ${name} missing`);
  return id;
}

export interface NewUser {
  name: string;
  lastname: string;
  email: string;
  passwordHash: string | null;
  emailVerifiedAt?: Date | null;
  googleSub?: string | null;
}

/** Inserts a customer; null when the e-mail (or Google subject) is taken. */
export async function createCustomer(db: Db, u: NewUser): Promise<UserRow | null> {
  const roleId = await ensureRole(db, CUSTOMER_ROLE);
  const rows = await db
    .insert(users)
    .values({
      name: u.name,
      lastname: u.lastname,
      email: normalizeEmail(u.email),
      passwordHash: u.passwordHash,
      roleId,
      emailVerifiedAt: u.emailVerifiedAt ?? null,
      googleSub: u.googleSub ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const id = rows[0]?.id;
  return id ? findUserById(db, id) : null;
}

export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Stores a new password hash and, in the same transaction, spends every unused one-time link of the user
 * (verify, reset, auto-login: each opens a session), so a link mailed before the change cannot undo it.
 * Sessions and sockets: use `app.auth.setPassword`, which also ends the user's open sockets.
 */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, verifyEmail = false): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(),
        ...(verifyEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
      })
      .where(eq(users.id, userId));
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
  });
}

export async function linkGoogle(db: Db, userId: number, sub: string, verified: boolean): Promise<void> {
  await db
    .update(users)
    .set({
      googleSub: sub,
      updatedAt: new Date(),
      ...(verified ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
    })
    .where(and(eq(users.id, userId)));
}

export async function updateProfile(
  db: Db,
  userId: number,
  patch: { name?: string; lastname?: string; contactNumber?: string | null },
): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.lastname !== undefined) set.lastname = patch.lastname;
  if (patch.contactNumber !== undefined) set.contactNumber = patch.contactNumber;
  await db.update(users).set(set).where(eq(users.id, userId));
}

export async function updateMailPreferences(
  db: Db,
  userId: number,
  prefs: { orderMails?: boolean; news?: boolean },
): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (prefs.orderMails !== undefined) set.mailOrderUpdates = prefs.orderMails;
  if (prefs.news !== undefined) set.mailNewsletter = prefs.news;
  await db.update(users).set(set).where(eq(users.id, userId));
}

export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
