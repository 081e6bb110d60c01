/**
 * Applies the drizzle-kit SQL migrations in server/db/migrations. drizzle records applied migrations in
 * drizzle.__drizzle_migrations, so running this on an up-to-date database is a no-op.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migratePglite(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder });
}

// Arbitrary constant key: several API instances starting at once must not migrate concurrently.
const MIGRATION_LOCK_KEY = 7_215_001;

export async function migratePg(databaseUrl: string, connectTimeoutMs?: number): Promise<void> {
  // A dedicated connection, so the session-level advisory lock and the migration share it. No statement
  // deadline here (a migration may rightly take long), but a server that never answers the connection
  // fails the start instead of hanging it.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
