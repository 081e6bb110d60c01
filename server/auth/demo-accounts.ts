/**
 * Accounts that still open with the demo password published in the README. A production API refuses to
 * start while one exists (server/main.ts). Checked: every staff account (few, and the ones that matter)
 * plus the demo seed's e-mails; argon2 makes a check cost ~50 ms, so customers at large are not walked.
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/data';
import { verifyPassword } from './password';
import { STAFF_ROLES } from './users';

export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(or(inArray(roles.name, [...STAFF_ROLES]), inArray(users.email, DEMO_USERS.map((u) => u.email))))
    .orderBy(users.id);
  const found: string[] = [];
  for (const r of rows) if (r.hash && (await verifyPassword(r.hash, DEMO_PASSWORD))) found.push(r.email);
  return found;
}

export function demoAccountsMessage(emails: string[]): string {
  const list = emails.join(', ');
  return (
    `La API no arranca en producción: ${emails.length === 1 ? 'la cuenta' : 'las cuentas'} ${list} ` +
    `${emails.length === 1 ? 'tiene' : 'tienen'} la contraseña de demostración publicada. ` +
    'Cambiá esa contraseña o borrá la cuenta; para una instancia de demostración, SEED_DEMO=true.'
  );
}
