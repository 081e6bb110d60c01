/**
 * Reference data every shop needs, demo or not: permissions, roles and their links, the variable names
 * and the single config row. Idempotent (inserts what is missing, never changes what exists), so the API
 * runs it at every start and a production database gets roles without getting any demo account.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { config, permissions, rolePermissions, roles, variables } from '../schema';
import { PERMISSIONS, ROLES } from './data';

const VARIABLE_NAMES = ['Aroma', 'Color', 'Piedra', 'Tamaño'] as const;

/** Minimums of a new shop (the staff change them in the configuration page). */
const DEFAULT_CONFIG = { id: 1, minOrderPriceCents: 100_000 * 100, minLocalPriceCents: 50_000 * 100, maintaince: false };

export async function ensureBaseData(db: Db): Promise<void> {
  await db.insert(permissions).values(PERMISSIONS).onConflictDoNothing();
  await db
    .insert(roles)
    .values(ROLES.map((r) => ({ name: r.name, description: r.description })))
    .onConflictDoNothing();
  const permRows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, PERMISSIONS.map((p) => p.name)));
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, ROLES.map((r) => r.name)));
  const permId = new Map(permRows.map((p) => [p.name, p.id]));
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  const links = ROLES.flatMap((r) => r.permissions.map((p) => ({ roleId: roleId.get(r.name)!, permissionId: permId.get(p)! })));
  if (links.length) await db.insert(rolePermissions).values(links).onConflictDoNothing();
  await db
    .insert(variables)
    .values(VARIABLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db.insert(config).values(DEFAULT_CONFIG).onConflictDoNothing();
}
