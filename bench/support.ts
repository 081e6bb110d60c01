/**
 * What every bench that starts its own API needs: a seeded random source (the same run twice sends the
 * same requests), a free loopback port, a throwaway PostgreSQL database, and waiting for /health.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A new database beside `baseUrl`'s, dropped (with force) by `drop()`. */
export async function throwawayPostgres(baseUrl: string, prefix = 'shop_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** Resolves once the API at `base` answers /health; throws if its process exits or the time runs out. */
export async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`la API terminó con código ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('la API no respondió a tiempo');
}

/**
 * The environment of an API a bench starts: a production start of a demo instance (the bench seeds the demo
 * accounts, which a production start refuses unless SEED_DEMO says this is a demo) whose loopback load
 * generator is not throttled by the per-IP limit.
 */
export function benchApiEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
    ...extra,
  };
}
