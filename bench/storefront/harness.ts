/**
 * Shared pieces of the storefront and mixed benchmarks (ports: ../support.ts): child processes (API, `next start`,
 * nginx), a throwaway data dir / PostgreSQL database, the production build, autocannon runs and the RSS
 * of a process tree.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { throwawayDatabase } from '../../server/test/throwaway-db';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

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
  // `next build` adds its dist dir's type folders to tsconfig.json: put the file back, or a bench run dirties the tree
  const tsconfig = path.join(cwd, 'tsconfig.json');
  const tsconfigBefore = existsSync(tsconfig) ? readFileSync(tsconfig, 'utf8') : null;
  const r = spawnSync(bin('next'), ['build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' } });
  if (tsconfigBefore !== null) writeFileSync(tsconfig, tsconfigBefore);
  if (r.status !== 0) throw new Error('next build failed');
  console.log(`[build] ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

function descendants(pid: number): number[] {
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
  return tree;
}

/** Resident memory (MB) of a process and all its descendants (tsx and next start run child processes). */
export function treeRssMb(pid: number | undefined): number {
  if (!pid) return 0;
  let kb = 0;
  for (const p of descendants(pid)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      /* gone */
    }
  }
  return Math.round(kb / 1024);
}

/**
 * CPU time (ms, user + system) used so far by a process tree. On a shared machine, CPU per request is
 * a steadier measure of a page's cost than req/s, which swings with whatever else runs.
 */
function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  let ticks = 0;
  for (const p of descendants(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
    } catch {
      /* gone */
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export interface Throwaway {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A temp DATA_DIR, plus a temporary PostgreSQL database when `pgBase` is given (dropped by drop()). */
export async function throwawayData(prefix: string, pgBase?: string): Promise<Throwaway> {
  const { mkdtempSync } = await import('node:fs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const db = pgBase ? await throwawayDatabase(pgBase, `shop_${prefix.replace(/\W/g, '_')}`) : undefined;
  return {
    dataDir,
    databaseUrl: db?.url,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
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
  /** the highest p99 of the rounds (conservative) */
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU ms of the serving process tree per request (0 when no pid was given) */
  cpuMsPerReq: number;
}

export interface LoadTarget {
  name: string;
  url: string;
  /** the serving process, for CPU per request */
  pid?: number;
  headers?: Record<string, string>;
}

async function once(t: LoadTarget, connections: number, duration: number) {
  const u = new URL(t.url);
  const cpu0 = treeCpuMs(t.pid);
  const r = await autocannon({ url: u.origin, connections, duration, headers: t.headers, requests: [{ method: 'GET', path: u.pathname + u.search }] });
  return { r, cpu: treeCpuMs(t.pid) - cpu0 };
}

/**
 * Each target warmed up, then measured in `rounds` interleaved slices of duration/rounds seconds (A B C
 * A B C …), so a burst of load from elsewhere on the machine hits every page alike.
 */
export async function loadInterleaved(
  targets: LoadTarget[],
  opts: { connections: number; duration: number; warmup: number; rounds: number },
  onRow?: (row: LoadRow) => void,
): Promise<LoadRow[]> {
  if (opts.warmup > 0) for (const t of targets) await once(t, opts.connections, opts.warmup);
  const acc = targets.map((t) => ({ name: t.name, requests: 0, seconds: 0, p50s: [] as number[], p99: 0, non2xx: 0, errors: 0, cpu: 0 }));
  const slice = Math.max(1, Math.round(opts.duration / opts.rounds));
  for (let round = 0; round < opts.rounds; round++) {
    for (const [i, t] of targets.entries()) {
      const { r, cpu } = await once(t, opts.connections, slice);
      const a = acc[i]!;
      a.requests += r.requests.total;
      a.seconds += slice;
      a.p50s.push(r.latency.p50);
      a.p99 = Math.max(a.p99, r.latency.p99);
      a.non2xx += r.non2xx;
      a.errors += r.errors + r.timeouts;
      a.cpu += cpu;
    }
  }
  return acc.map((a, i) => {
    const row: LoadRow = {
      name: a.name,
      reqPerSec: Math.round(a.requests / a.seconds),
      p50: a.p50s.sort((x, y) => x - y)[Math.floor(a.p50s.length / 2)] ?? 0,
      p99: a.p99,
      requests: a.requests,
      non2xx: a.non2xx,
      errors: a.errors,
      cpuMsPerReq: targets[i]!.pid && a.requests ? Math.round((a.cpu / a.requests) * 100) / 100 : 0,
    };
    onRow?.(row);
    return row;
  });
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
