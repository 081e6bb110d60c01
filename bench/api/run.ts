/**
 * API load benchmark: `npx tsx bench/api/run.ts [--products 10000] [--duration 10] [--connections 20]
 * [--no-cache] [--keep]`.
 *
 * 1. Seeds a throwaway database with the demo catalogue + N synthetic products: PGlite in a temp DATA_DIR,
 *    or — when DATABASE_URL is set — a temporary database created on that server (dropped afterwards).
 * 2. Starts the API as a child process (so the load generator does not share its event loop).
 * 3. Runs autocannon against a product page (varying page), a product by slug (varying) and search
 *    (varying terms), each twice: "cold" (first pass, the catalogue cache fills as it goes) and "warm"
 *    (the same URL mix again). Prints req/s and p50/p90/p99 per route and pass, writes JSON to
 *    bench/results/, and compares with the targets (p99: page and product < 25 ms, search < 50 ms).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { throwawayDatabase } from '../../server/test/throwaway-db';
import { freePort, rng, runBench, waitHealthy, writeResults } from '../support';
import { benchArgs } from '../args';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const args = benchArgs({ products: 10000, duration: 10, connections: 20 }, { flags: ['no-cache', 'keep'] });
const { products: PRODUCTS, duration: DURATION, connections: CONNECTIONS } = args;
const TARGETS: Record<string, number> = { page: 25, product: 25, search: 50 };

/** Deterministic PRNG so two runs hit the same sequence of URLs. */

async function json<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url} → ${r.status}`);
  return ((await r.json()) as { data: T }).data;
}

type Scenario = { name: string; paths: string[] };
type Row = {
  route: string;
  /** cold: first pass (catalogue cache empty); warm: the same URL mix again right after */
  pass: 'cold' | 'warm';
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  targetP99?: number;
  ok?: boolean;
};

async function runScenario(base: string, s: Scenario, seed: number, pass: Row['pass']): Promise<Row> {
  const next = rng(seed);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: s.paths[Math.floor(next() * s.paths.length)]! }) }],
  });
  const target = TARGETS[s.name];
  return {
    route: s.name,
    pass,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    targetP99: target,
    ok: target === undefined ? undefined : result.latency.p99 < target && result.non2xx === 0 && result.errors === 0,
  };
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const pgBase = process.env.DATABASE_URL;
  const pgDb = pgBase ? await throwawayDatabase(pgBase, 'shop_bench') : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url ?? '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  if (!pgDb) delete env.DATABASE_URL;
  let child: ChildProcess | undefined;
  try {
    const db = pgDb ? 'PostgreSQL' : 'PGlite';
    console.log(`Base: ${db}; catálogo: demo + ${PRODUCTS} sintéticos; ${CONNECTIONS} conexiones, ${DURATION} s por ruta` + (args['no-cache'] ? '; caché del catálogo DESACTIVADA' : ''));
    const t0 = Date.now();
    const seed = spawnSync(tsx, [path.join(root, 'server/db/seed/cli.ts'), '--no-images', '--products', String(PRODUCTS)], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`seed falló:\n${seed.stdout}\n${seed.stderr}`);
    console.log(`seed: ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(tsx, [path.join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...env,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        SEED_DEMO: 'true', // a demo instance (seeded above): demo accounts are expected in production
        // the load generator runs on loopback: exempt it from the global per-IP limit
        RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
        CATALOGUE_CACHE_TTL_MS: args['no-cache'] ? '0' : (process.env.CATALOGUE_CACHE_TTL_MS ?? '30000'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitHealthy(base, child);

    // URL pools: every page of the catalogue, a sample of product slugs, a mix of search terms.
    const first = await json<{ totalPages: number; total: number }>(`${base}/api/products?rows=12&page=1`);
    const pick = rng(99);
    const slugs = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const page = 1 + Math.floor(pick() * Math.ceil(first.total / 100));
      for (const p of (await json<{ items: { slug: string }[] }>(`${base}/api/products?rows=100&page=${page}`)).items) slugs.add(p.slug);
    }
    const terms = ['sahumerio', 'vela', 'lavanda', 'sandalo', 'palo santo', 'cuarzo', 'hornillo', 'tarot', 'mirra', 'vainilla', 'esencia', 'porta', 'piedra',
      'artesanal', 'premium', 'rojo', 'verde azul', 'linea 42', 'incienso', 'copal', 'amatista', 'atrapasuenos', 'buda', 'x 20', 'aceite', 'soja', 'oraculo', 'zzz'];
    const scenarios: Scenario[] = [
      { name: 'page', paths: Array.from({ length: first.totalPages }, (_, i) => `/api/products?rows=12&page=${i + 1}`) },
      { name: 'product', paths: [...slugs].map((s) => `/api/product/slug/${encodeURIComponent(s)}`) },
      { name: 'search', paths: terms.map((t) => `/api/products/search?query=${encodeURIComponent(t)}`) },
    ];
    console.log(`${first.total} productos visibles, ${first.totalPages} páginas, ${slugs.size} slugs, ${terms.length} términos\n`);

    const rows: Row[] = [];
    for (const [i, s] of scenarios.entries()) {
      for (const pass of ['cold', 'warm'] as const) {
        const r = await runScenario(base, s, 1000 + i, pass);
        rows.push(r);
        console.log(
          `${`${r.route} (${pass === 'cold' ? 'frío' : 'caliente'})`.padEnd(20)} ${String(r.reqPerSec).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   ` +
            `p90 ${String(r.p90).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   max ${String(r.max).padStart(5)} ms   ` +
            `${r.non2xx ? `${r.non2xx} no-2xx ` : ''}${r.targetP99 !== undefined ? `(objetivo p99 < ${r.targetP99} ms: ${r.ok ? 'OK' : 'NO'})` : ''}`,
        );
      }
    }

    writeResults(`api-${db.toLowerCase()}${args['no-cache'] ? '-nocache' : ''}`, {
      database: db,
      products: PRODUCTS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      catalogueCache: !args['no-cache'],
      results: rows,
    });
    return rows.every((r) => r.ok !== false) ? 0 : 1;
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    if (!args.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    } else {
      console.log(`datos conservados en ${dataDir}${pgDb ? ` y ${pgDb.url}` : ''}`);
    }
  }
}

runBench(main);
