/**
 * What every bench that starts its own API needs: a seeded random source (the same run twice sends the
 * same requests), a free loopback port, a throwaway PostgreSQL database, waiting for /health, a seeded API
 * of its own per engine, and the results file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { throwawayDatabase } from '../server/test/throwaway-db';

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

/** The checkout's root folder. */
const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The engines a bench measures: PGlite always, PostgreSQL when a server is named (--pg or DATABASE_URL). */
export function benchEngines(pgBase: string | undefined): string[] {
  if (!pgBase) console.log('PostgreSQL: omitido (sin --pg ni DATABASE_URL)');
  return ['PGlite', ...(pgBase ? ['PostgreSQL'] : [])];
}

interface SeededApi {
  base: string;
  child: ChildProcess;
  /** the throwaway database on the PostgreSQL engine */
  pgUrl: string | undefined;
  /** ends the API and removes its data dir and database */
  stop(): Promise<void>;
}

/**
 * An API of the bench's own: the demo plus `products` synthetic products (no images), seeded into a throwaway
 * data dir — and, on the PostgreSQL engine, a throwaway database beside `pgBase` —, started as a child process
 * on a free port and answering /health. `name` tells the temporary folder and database apart.
 */
export async function startSeededApi(opts: {
  name: string;
  engine: string;
  pgBase: string | undefined;
  products: number;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<SeededApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-bench-${opts.name}-`));
  const pgDb = opts.engine === 'PostgreSQL' ? await throwawayDatabase(opts.pgBase!, `shop_bench_${opts.name}`) : undefined;
  const env = benchApiEnv({ DATA_DIR: dataDir });
  if (pgDb) env.DATABASE_URL = pgDb.url;
  else delete env.DATABASE_URL;
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  };
  try {
    const tsx = path.join(benchRoot, 'node_modules', '.bin', 'tsx');
    const seedArgs = [path.join(benchRoot, 'server/db/seed/cli.ts'), '--no-images', '--products', String(opts.products)];
    const seed = spawnSync(tsx, seedArgs, { cwd: benchRoot, env, encoding: 'utf8' });
    if (seed.status !== 0) throw new Error(`seed falló:\n${seed.stdout}\n${seed.stderr}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(benchRoot, 'server/main.ts')], {
      cwd: benchRoot,
      env: { ...env, API_PORT: String(port), API_HOST: '127.0.0.1', ...opts.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitHealthy(base, child, opts.timeoutMs);
    return { base, child, pgUrl: pgDb?.url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** bench/results/<name>-<time>.json (its folder made): where a run taken at `at` (ISO) keeps its numbers. */
function resultsFile(name: string, at: string): string {
  const dir = path.join(benchRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}-${at.replace(/[:.]/g, '-')}.json`);
}

/** Runs a bench's `main`: the process exits with its code; a crash is printed, `cleanup` runs, and it exits 2. */
export function runBench(main: () => Promise<number>, cleanup?: () => Promise<void>): void {
  main().then(
    (code) => process.exit(code),
    async (err) => {
      console.error(err);
      await cleanup?.();
      process.exit(2);
    },
  );
}

/** Writes bench/results/<name>-<time>.json (with the time and the machine) and says where. */
export function writeResults(name: string, data: Record<string, unknown>): void {
  const at = new Date().toISOString();
  const file = resultsFile(name, at);
  writeFileSync(file, JSON.stringify({ at, ...data, machine: { cpus: os.cpus().length, load: os.loadavg(), node: process.version } }, null, 2));
  console.log(`\nresultados: ${path.relative(benchRoot, file)}  (carga del sistema: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
}
