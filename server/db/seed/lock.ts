/**
 * Seeding is coordinated like migrations (server/db/migrate.ts): two API hosts starting on one empty PostgreSQL
 * database must not both find it empty and both seed. The emptiness check and the seed run while this process
 * holds a session-level advisory lock on a connection of its own; the second host waits, then finds the
 * database seeded. PGlite needs none: its data directory is locked to one process (server/db/lock.ts).
 */
import pg from 'pg';

const SEED_LOCK_KEY = 7_215_002;

export async function withSeedLock<T>(databaseUrl: string | undefined, fn: () => Promise<T>, connectTimeoutMs = 3_000): Promise<T> {
  if (!databaseUrl) return fn();
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => {}); // a dropped lock connection ends the lock; the seed's own queries report errors
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
