/**
 * Opens the database: node-postgres Pool when DATABASE_URL is set, otherwise embedded PGlite
 * (persisted in `$DATA_DIR/pglite`, or in memory for tests). Both are exposed as the common
 * `PgDatabase` base type: a union of the two driver types breaks drizzle's overloads (toolchain §7).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'pg';
  /** apply pending migrations (no-op when up to date) */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type OpenDbOptions =
  | { databaseUrl: string; poolSize?: number }
  | { /** directory for PGlite files; omit for an in-memory database */ pgliteDir?: string };

/** The contrib extensions our migrations create (PGlite must load them when it opens a database). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** PGlite with the extensions our migrations need. */
export async function createPglite(dir?: string): Promise<PGlite> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir ?? 'memory://', { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return client;
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if ('databaseUrl' in opts) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client error (e.g. the server restarted) must not crash the process; the pool reconnects.
    pool.on('error', () => {});
    // A checked-out client (a transaction between statements) has no 'error' listener — pg-pool removes
    // the idle one — so PostgreSQL restarting at that moment crashed the process (bench/faults). The
    // statement still fails (→ 503) and the pool discards the broken client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      migrate: async () => {
        const { migratePg } = await import('./migrate');
        await migratePg(opts.databaseUrl);
      },
      close: () => pool.end(),
    };
  }
  const client = await createPglite(opts.pgliteDir);
  return wrapPglite(client);
}

/** Wraps an already-open PGlite (tests create `new PGlite()` themselves). */
export function wrapPglite(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      const { migratePglite } = await import('./migrate');
      await migratePglite(db);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function pgliteDirFor(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
