/**
 * Search latency: `npm run bench -- search [--requests 300] [--sizes 0,10000] [--pg postgres://…] [--cache]`.
 *
 * For each engine (PGlite; PostgreSQL too when --pg or DATABASE_URL names a server, on a throwaway database)
 * and each catalogue size (demo + N synthetic products): seeds, starts the API as a child process with the
 * catalogue cache OFF (every request runs the matcher; --cache to keep it on), then sends a realistic mix —
 * exact words, plural/singular, typos, SKU spellings, no-match — to the dropdown (api/products/search) and
 * the catalogue's first page (api/products?query=), one request at a time, and prints p50/p95/p99 per kind.
 * Target (issue 28): p95 < 30 ms. Results go to bench/results/search-*.json.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { benchEngines, rng, runBench, startSeededApi, writeResults } from '../support';
import { benchArgs } from '../args';

const TARGET_P95 = 30;

const args = benchArgs({ requests: 300 }, { flags: ['cache'], strings: ['sizes', 'pg'] });
const REQUESTS = args.requests;
const SIZES = (args.sizes ?? '0,10000').split(',').map(Number);
const PG_BASE = args.pg ?? process.env.DATABASE_URL;

type Kind = 'exact' | 'plural' | 'typo' | 'sku' | 'nomatch';
const KINDS: Kind[] = ['exact', 'plural', 'typo', 'sku', 'nomatch'];

function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A query mix from real product names and SKUs (fixed seed). */
function queryMix(products: { name: string; sku: string }[]): Record<Kind, string[]> {
  const next = rng(7);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const words = (name: string) => normalize(name).split(/[^a-z]+/).filter((w) => w.length >= 4);
  const out: Record<Kind, string[]> = { exact: [], plural: [], typo: [], sku: [], nomatch: [] };
  const nomatch = ['zapatillas', 'celular samsung', 'heladera', 'bicicleta rodado 29', 'neumaticos', 'televisor 50', 'de para', 'qwerty'];
  for (let i = 0; i < 60; i++) {
    const p = pick(products);
    const ws = words(p.name);
    if (ws.length < 2) continue;
    out.exact.push(ws.slice(0, 2).join(' '));
    out.plural.push(ws[0]!.endsWith('s') ? ws[0]!.slice(0, -1) : `${ws[0]}s`);
    const w = ws[1]!;
    const at = 1 + Math.floor(next() * (w.length - 2));
    out.typo.push(`${ws[0]} ${w.slice(0, at)}${w.slice(at + 1)}`);
    out.sku.push(i % 2 ? p.sku.replace(/-/g, '').toLowerCase() : p.sku.replace(/-/g, ' '));
    out.nomatch.push(pick(nomatch));
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Row = {
  engine: string;
  products: number;
  route: string;
  kind: Kind | 'all';
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU of the API process (PGlite runs inside it) plus the PostgreSQL backends, per request */
  cpuMs: number;
};

/** utime + stime per process, in ms (Linux /proc; a process that is gone is left out). */
function cpuOf(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone (an idle pool connection closed)
    }
  }
  return out;
}

/** CPU spent between two readings by the processes present in both. */
function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) if (before.has(pid)) ms += t - before.get(pid)!;
  return ms;
}

async function measure(engine: string, size: number): Promise<Row[]> {
  const t0 = Date.now();
  const cacheEnv = { CATALOGUE_CACHE_TTL_MS: args.cache ? '30000' : '0' };
  const api = await startSeededApi({ name: 'search', engine, pgBase: PG_BASE, products: size, env: cacheEnv, timeoutMs: 90_000 });
  try {
    const { base, child, pgUrl } = api;
    const sample: { name: string; sku: string }[] = [];
    for (let page = 1; page <= 5; page++) {
      const r = (await (await fetch(`${base}/api/products?rows=100&page=${page}&sort=newest`)).json()) as { data: { items: { name: string; sku: string }[] } };
      sample.push(...r.data.items);
    }
    const mix = queryMix(sample);
    console.log(`\n${engine}, demo + ${size} sintéticos (seed ${((Date.now() - t0) / 1000).toFixed(0)} s), ${REQUESTS} pedidos por ruta, de a uno, caché ${args.cache ? 'ENCENDIDA' : 'apagada'}`);
    // warm-up: the lexicon loads and plans settle
    for (const q of mix.exact.slice(0, 10)) await fetch(`${base}/api/products/search?query=${encodeURIComponent(q)}`);

    // the PostgreSQL backends serving the API (their CPU is part of each search)
    let backends: number[] = [];
    if (pgUrl) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      backends = (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
      await c.end();
    }
    const pids = [child.pid!, ...backends];
    const rows: Row[] = [];
    // the host's floor: an answer without any SQL (only punctuation → empty list), same HTTP path
    const floor: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await (await fetch(`${base}/api/products/search?query=%25`)).arrayBuffer();
      floor.push(performance.now() - started);
    }
    floor.sort((a, b) => a - b);
    console.log(`  (sin SQL: p50 ${percentile(floor, 50).toFixed(1)} ms, p95 ${percentile(floor, 95).toFixed(1)} ms — el piso de este host)`);
    for (const route of ['search', 'catalogue'] as const) {
      const times: Record<Kind, number[]> = { exact: [], plural: [], typo: [], sku: [], nomatch: [] };
      const cpu: Record<Kind, number> = { exact: 0, plural: 0, typo: 0, sku: 0, nomatch: 0 };
      // one kind at a time, so the CPU counters can be read around each batch
      for (let i = 0; i < REQUESTS; i++) {
        const kind = KINDS[Math.floor((i * KINDS.length) / REQUESTS)]!;
        const before = cpuOf(pids);
        const q = mix[kind][i % mix[kind].length]!;
        const url = route === 'search' ? `${base}/api/products/search?query=${encodeURIComponent(q)}` : `${base}/api/products?rows=12&query=${encodeURIComponent(q)}`;
        const started = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} → ${res.status}`);
        times[kind].push(performance.now() - started);
        cpu[kind] += cpuDelta(before, cpuOf(pids));
      }
      const all = Object.values(times).flat();
      for (const [kind, list] of [...Object.entries(times), ['all', all]] as [Kind | 'all', number[]][]) {
        const sorted = [...list].sort((a, b) => a - b);
        const row: Row = {
          engine,
          products: size,
          route,
          kind,
          n: sorted.length,
          p50: +percentile(sorted, 50).toFixed(1),
          p95: +percentile(sorted, 95).toFixed(1),
          p99: +percentile(sorted, 99).toFixed(1),
          max: +sorted[sorted.length - 1]!.toFixed(1),
          cpuMs: +((kind === 'all' ? Object.values(cpu).reduce((a, b) => a + b, 0) : cpu[kind]) / sorted.length).toFixed(1),
        };
        rows.push(row);
        console.log(
          `  ${route.padEnd(9)} ${kind.padEnd(8)} p50 ${String(row.p50).padStart(6)} ms  p95 ${String(row.p95).padStart(6)} ms  p99 ${String(row.p99).padStart(6)} ms  max ${String(row.max).padStart(6)} ms  CPU ${String(row.cpuMs).padStart(5)} ms/pedido` +
            (kind === 'all' ? `  (objetivo p95 < ${TARGET_P95} ms: ${row.p95 < TARGET_P95 ? 'OK' : 'NO'})` : ''),
        );
      }
    }
    return rows;
  } finally {
    await api.stop();
  }
}

async function main(): Promise<number> {
  const rows: Row[] = [];
  for (const engine of benchEngines(PG_BASE)) for (const size of SIZES) rows.push(...(await measure(engine, size)));
  writeResults('search', { cache: args.cache, requests: REQUESTS, rows });
  return rows.filter((r) => r.kind === 'all').every((r) => r.p95 < TARGET_P95) ? 0 : 1;
}

runBench(main);
