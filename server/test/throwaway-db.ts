/**
 * A throwaway PostgreSQL database next to an existing one, for the API suites (TEST_DATABASE_URL), the
 * benchmarks and the e2e fault runs: pg and nothing of the app, so any of them can import it.
 */
import pg from 'pg';

export interface ThrowawayDatabase {
  url: string;
  /** drops it, closing whatever is still connected (`with (force)`) */
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on `adminUrl`'s server, named `<prefix>_<pid>_<time>_<random>`. */
export async function throwawayDatabase(adminUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await onServer(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(adminUrl, `drop database if exists "${name}" with (force)`) };
}
