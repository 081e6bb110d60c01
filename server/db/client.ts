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
import { DEFAULT_TIMEOUTS, type Timeouts } from '../env';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * `db.transaction` with the transaction typed as `Db`: drizzle's transaction object is a PgDatabase at run time
 * (PGlite and node-postgres alike) but its type carries the driver's own result kind, so services that take a
 * `Db` could not be handed it without a cast at every call. The cast lives here, once.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'pg';
  /** the embedded database itself (PGlite only): the backup socket dumps it under its own lock */
  pglite?: PGlite;
  /** apply pending migrations (no-op when up to date) */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Deadlines of the node-postgres pool (server/env.ts, README "Configuration"); PGlite has no network and ignores them. */
export type DbTimeouts = Pick<Timeouts, 'dbConnectMs' | 'dbStatementMs' | 'dbQueryMs' | 'dbIdleInTransactionMs'>;

export type OpenDbOptions =
  | { databaseUrl: string; poolSize?: number; /** default DEFAULT_TIMEOUTS */ timeouts?: Partial<DbTimeouts> }
  | { /** directory for PGlite files; omit for an in-memory database */ pgliteDir?: string };

/** The contrib extensions our migrations create (PGlite must load them when it opens a database). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * node-postgres' `query_timeout` rejects a query that got no answer but keeps the connection, whose
 * unanswered statement then blocks every later one (the ROLLBACK of the failed transaction, the next
 * request that gets this client from the pool). Dropping the socket makes the client unusable at once:
 * the ROLLBACK fails immediately, the pool discards the client, and PostgreSQL rolls back the open
 * transaction when it sees the connection close (or when idle_in_transaction_session_timeout fires).
 */
class DeadlineClient extends pg.Client {
  override query(...args: unknown[]): never {
    const drop = (err: unknown) => {
      if (err instanceof Error && err.message === QUERY_READ_TIMEOUT) {
        (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      }
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        drop(err);
        (callback as (e: unknown, r: unknown) => void)(err, res);
      };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).catch((err: unknown) => {
        drop(err);
        throw err;
      }) as never;
    }
    return result as never; // a Submittable (cursor, stream): it reports its own errors
  }
}

/** PGlite with the extensions our migrations need. */
export async function createPglite(dir?: string): Promise<PGlite> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir ?? 'memory://', { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return client;
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if ('databaseUrl' in opts) {
    const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      Client: DeadlineClient,
      // connecting, and waiting for a free client when all are busy: both fail with
      // 'timeout exceeded when trying to connect' (→ 503) instead of queueing forever
      connectionTimeoutMillis: t.dbConnectMs,
      // server side: a slow statement or a lock wait is cancelled (57014), a session idle inside a
      // transaction (its client hung or gone) is ended and rolled back (25P03), releasing its locks
      statement_timeout: t.dbStatementMs,
      idle_in_transaction_session_timeout: t.dbIdleInTransactionMs,
      // client side: no answer at all (network or server hung) — DeadlineClient then drops the connection
      query_timeout: t.dbQueryMs,
      keepAlive: true,
    });
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
        await migratePg(opts.databaseUrl, t.dbConnectMs);
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
    pglite: client,
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
