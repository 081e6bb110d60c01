/**
 * Price list generation (issue 23 §3): XLSX and PDF of the whole catalogue for one customer, timed, with the
 * peak memory of the process while it writes. For each size (demo + N synthetic products, `npm run seed --
 * --no-images --products N` into a throwaway PGlite data dir) a child process opens the database and writes
 * each format with the services the API route uses (services/price-list + price-list-files) into a byte
 * counter (no disk), sampling RSS and heap every 10 ms. Targets (10,000 products): XLSX < 3 s, PDF < 10 s,
 * memory flat with the catalogue's size (the rows stream in batches).
 *
 *   npm run bench -- price-list                       # demo + 0 and demo + 10,000
 *   npx tsx bench/price-list/run.ts --sizes 0,2000    # other sizes
 *   npx tsx bench/price-list/run.ts --sizes 0 --out /tmp/pl   # also keep the files
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchApiEnv } from '../support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

interface Result {
  products: number;
  rows: number;
  format: 'xlsx' | 'pdf';
  seconds: number;
  bytes: number;
  peakRssMb: number;
  baseRssMb: number;
  peakHeapMb: number;
}

/** Child: writes both formats from the database in $DATA_DIR and prints one JSON line per format. */
async function child(products: number, out: string | undefined): Promise<void> {
  const { openConfiguredDb } = await import('../../server/db/open');
  const { priceListHeader, priceListRows } = await import('../../server/services/price-list');
  const { writePriceListPdf, writePriceListXlsx } = await import('../../server/services/price-list-files');
  const handle = await openConfiguredDb({ dataDir: process.env.DATA_DIR!, owner: 'bench-price-list' });
  const results: Result[] = [];
  for (const format of ['xlsx', 'pdf'] as const) {
    (globalThis as { gc?: () => void }).gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 10);
    let bytes = 0;
    let rows = 0;
    const file = out ? createWriteStream(path.join(out, `lista-de-precios-${products}.${format}`)) : null;
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        if (file) file.write(chunk, cb);
        else cb();
      },
      final(cb) {
        if (file) file.end(cb);
        else cb();
      },
    });
    const t0 = performance.now();
    const header = await priceListHeader(handle.db, { customerName: 'Cliente VIP de prueba', category: null, categoryId: null, isVip: true });
    async function* counted() {
      for await (const batch of priceListRows(handle.db, { isVip: true, categoryId: null })) {
        rows += batch.length;
        yield batch;
      }
    }
    if (format === 'xlsx') await writePriceListXlsx(sink, header, counted());
    else await writePriceListPdf(sink, header, counted());
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(timer);
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    results.push({ products, rows, format, seconds: Math.round(seconds * 100) / 100, bytes, peakRssMb: mb(peakRss), baseRssMb: mb(base.rss), peakHeapMb: mb(peakHeap) });
  }
  await handle.close();
  process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { sizes: { type: 'string', default: '0,10000' }, out: { type: 'string' }, child: { type: 'string' } },
  });
  if (values.child !== undefined) return child(Number(values.child), values.out);
  if (values.out) mkdirSync(values.out, { recursive: true });
  const all: Result[] = [];
  for (const size of values.sizes.split(',').map(Number)) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-price-list-'));
    const env = benchApiEnv({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    delete env.DATABASE_URL;
    try {
      const t0 = Date.now();
      const seed = spawnSync(tsx, [path.join(root, 'server/db/seed/cli.ts'), '--no-images', '--products', String(size)], { cwd: root, env, encoding: 'utf8' });
      if (seed.status !== 0) throw new Error(`seed falló:\n${seed.stdout}\n${seed.stderr}`);
      console.log(`demo + ${size} sintéticos: seed ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      const run = spawnSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(size), ...(values.out ? ['--out', values.out] : [])],
        { cwd: root, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      );
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (run.status !== 0 || !line) throw new Error(`la medición falló:\n${run.stdout}\n${run.stderr}`);
      all.push(...(JSON.parse(line.slice(7)) as Result[]));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.table(all.map(({ bytes, ...r }) => ({ ...r, kb: Math.round(bytes / 1024) })));
  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `price-list-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(all, null, 2));
}

await main();
