/**
 * Shared pieces of the storefront and mixed benchmarks: ports, child processes (API, `next start`,
 * nginx), a throwaway data dir / PostgreSQL database, the production build, autocannon runs and the RSS
 * of a process tree.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** A free port in [from, to] (BENCH_PORTS=3300-3399 style ranges keep parallel runs apart), else any. */
export async function freePort(range = process.env.BENCH_PORTS): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const got = (srv.address() as { port: number }).port;
        srv.close(() => resolve(got));
      });
    });
  if (range) {
    const [from, to] = range.split('-').map(Number);
    for (let p = from!; p <= to!; p++) if (!taken.has(p) && (await tryPort(p))) return taken.add(p), p;
  }
  const p = (await tryPort(0))!;
  taken.add(p);
  return p;
}
const taken = new Set<number>();

export async function waitFor(url: string, child?: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

const children = new Set<ChildProcess>();
export function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, quiet = true, cwd = root): ChildProcess {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
  await exited;
  clearTimeout(timer);
}
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stop(c)));
}
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** `next build` into distDir (its own, so other builds and their ISR caches are left alone). */
export function buildStorefront(distDir: string, cwd = root): void {
  rmSync(path.join(cwd, distDir), { recursive: true, force: true });
  const t0 = Date.now();
  console.log(`[build] next build → ${distDir}${cwd === root ? '' : ` (in ${path.relative(root, cwd)})`}`);
  const r = spawnSync(bin('next'), ['build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error('next build failed');
  console.log(`[build] ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Resident memory (MB) of a process and all its descendants (tsx and next start run child processes). */
export function treeRssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [c, p] of parent) if (p === tree[i]) tree.push(c);
  let kb = 0;
  for (const p of tree) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      /* gone */
    }
  }
  return Math.round(kb / 1024);
}

export interface Throwaway {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A temp DATA_DIR, plus a temporary PostgreSQL database when `pgBase` is given (dropped by drop()). */
export async function throwawayData(prefix: string, pgBase?: string): Promise<Throwaway> {
  const { mkdtempSync } = await import('node:fs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (pgBase) {
    name = `shop_${prefix.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgBase && name) {
        const c = new pg.Client({ connectionString: pgBase });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      }
    },
  };
}

/** Seeds the demo catalogue + `products` synthetic ones (shared images) into the data dir / database. */
export function seed(env: NodeJS.ProcessEnv, products: number): void {
  const t0 = Date.now();
  const r = spawnSync(bin('tsx'), [path.join(root, 'server/db/seed/cli.ts'), '--no-images', '--products', String(products)], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seed failed:\n${r.stdout}\n${r.stderr}`);
  console.log(`[seed] demo + ${products} products in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export interface LoadRow {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Warm-up, then the measured run, against one URL (or a rotating list of paths). */
export async function load(
  name: string,
  url: string,
  opts: { connections: number; duration: number; warmup?: number; paths?: string[]; headers?: Record<string, string> },
): Promise<LoadRow> {
  const u = new URL(url);
  const paths = opts.paths ?? [u.pathname + u.search];
  let i = 0;
  const run = (duration: number) =>
    autocannon({
      url: u.origin,
      connections: opts.connections,
      duration,
      headers: opts.headers,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
    });
  if (opts.warmup) await run(opts.warmup);
  const r = await run(opts.duration);
  return {
    name,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const line = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function exists(p: string): boolean {
  return existsSync(p);
}
