/**
 * Our four public pages against the framework's floor, side by side in one run (issue 25):
 *
 *   npm run bench -- lighthouse [--runs 7] [--pages home,product] [--no-load] [--duration 10] [--dist .next-bench]
 *   [--no-build]   (reuses the floor build in $TMPDIR and an existing build in --dist)
 *
 * The floor is bench/lighthouse/floor: a bare Next.js + next-intl app on the project's exact versions (one
 * product-like page: title, 800×800 next/image, a paragraph, one tiny client island), through a locale proxy
 * (`/p`) and without one (`/plain`). This bench builds our storefront (into .next-bench) and the floor (a copy
 * in $TMPDIR linked to our node_modules), starts the API on a throwaway data dir, both `next start`s, warms
 * every URL (cached pages are rendered on first request, as the visitor after the first sees them), then:
 *
 * 1. Lighthouse (mobile preset) interleaved: floor, home, /products, a category, a product, floor-plain, then
 *    again — `--runs` rounds (default 7) — so a burst of load from elsewhere on this shared host hits every
 *    page alike. The 1-minute load average is recorded with each run. Per page, the median of each figure:
 *    Performance, LCP, TBT, FCP, JS requests, JS gzip kB, the HTML document's gzip kB, CSS gzip kB (transfer sizes);
 *    Accessibility, Best Practices and SEO; and Performance as a ratio to the floor's, JS as a difference.
 *    Targets: Performance ≥ 0.95 × floor; a11y/BP/SEO 100; JS ≤ floor + 12 kB (home, /products, category),
 *    ≤ floor + 25 kB (product).
 * 2. Throughput (autocannon, 20 connections, interleaved slices, `--no-load` skips): the floor page through its
 *    proxy and our cached product page (target ≥ 0.6 × the floor's req/s), plus home and /products and a
 *    static file for the ceiling. (Anonymous HTML through deploy/nginx.conf vs a static file is
 *    `npm run bench -- storefront --nginx`.)
 *
 * The median run's Lighthouse report of each page is written to bench/results/lighthouse-<page>.lhr.json and
 * the whole table to bench/results/lighthouse-<date>.json. Exit 1 when a target is missed.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import sharp from 'sharp';
import { bin, buildStorefront, loadInterleaved, root, start, stopAll, table, waitFor } from '../storefront/harness';
import { freePort } from '../support';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    pages: { type: 'string' },
    'no-load': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    // the storefront's build folder (removed at the end): another name lets two runs overlap
    dist: { type: 'string', default: '.next-bench' },
    'no-build': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs));

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

interface Page {
  name: string;
  url: string;
  /** the floor pages are references, not judged */
  floor?: boolean;
  /** JS budget over the floor page, kB gzip */
  jsBudgetKb?: number;
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  jsRequests: number;
  jsGzipKb: number;
  docGzipKb: number;
  cssKb: number;
  load1: number;
}

const FIGURES = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'fcpMs', 'jsRequests', 'jsGzipKb', 'docGzipKb', 'cssKb', 'load1'] as const;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The floor app, copied out of the repository with our node_modules linked in, its image made, built. */
async function buildFloor(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'shop-bench-floor');
  if (args['no-build'] && existsSync(path.join(dir, '.next', 'BUILD_ID'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(root, 'bench', 'lighthouse', 'floor'), dir, { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'public'), { recursive: true });
  // A photo-like 800×800 JPEG (noise compresses like a photo, a flat colour would not).
  const noise = Buffer.alloc(800 * 800 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  await sharp(noise, { raw: { width: 800, height: 800, channels: 3 } }).blur(2).jpeg({ quality: 80 }).toFile(path.join(dir, 'public', 'floor.jpg'));
  buildStorefront('.next', dir);
  return dir;
}

async function main() {
  const floorDir = await buildFloor();
  // Our own build: a build that already served pages keeps their rendered HTML (ISR), with the canonical URLs
  // of whatever PUBLIC_SITE_URL it ran with, which would skew the SEO audit.
  const distDir = args.dist!;
  if (args['no-build'] && existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    // its pages rendered last time carry that run's URLs: drop them, keep the build
    for (const d of ['cache', path.join('server', 'app', 'es')]) rmSync(path.join(root, distDir, d), { recursive: true, force: true });
  } else buildStorefront(distDir);

  const dataDir = path.join(os.tmpdir(), `shop-lh-${process.pid}`);
  const [apiPort, webPort, floorPort] = [await freePort(), await freePort(), await freePort()];
  const api = `http://localhost:${apiPort}`;
  const site = `http://localhost:${webPort}`;
  const floor = `http://localhost:${floorPort}`;
  const apiProc = start(bin('tsx'), ['server/main.ts'], { API_PORT: String(apiPort), DATA_DIR: dataDir, STOREFRONT_ORIGINS: site, STOREFRONT_URL: site, LOG_LEVEL: 'warn', SEED_DEMO: 'true' });
  // seeding the demo shop takes minutes on a busy host
  await waitFor(`${api}/health`, apiProc, 600_000);
  // A static file served by the same `next start` (the ceiling of the throughput table): next start lists
  // public/ when it starts, so it exists now and gets the product page's HTML as its body once that is known.
  const staticName = `bench-static-${process.pid}.html`;
  const staticFile = path.join(root, 'public', staticName);
  writeFileSync(staticFile, '');
  process.on('exit', () => rmSync(staticFile, { force: true }));
  const web = start(bin('next'), ['start', '-p', String(webPort)], { SHOP_API_URL: api, PUBLIC_API_URL: api, PUBLIC_SITE_URL: site, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' });
  const floorProc = start(bin('next'), ['start', '-p', String(floorPort)], { NEXT_TELEMETRY_DISABLED: '1' }, true, floorDir);
  await waitFor(`${site}/`, web, 600_000);
  await waitFor(`${floor}/p`, floorProc, 600_000);

  const list = (await (await fetch(`${api}/api/products?rows=24&page=1`)).json()) as {
    data: { items: { slug: string; isVariable: boolean; Categories: { slug: string }[] }[] };
  };
  const variable = list.data.items.find((p) => p.isVariable && p.Categories.length) ?? list.data.items[0]!;
  const category = variable.Categories[0]!.slug;
  let pages: Page[] = [
    { name: 'floor', url: `${floor}/p`, floor: true },
    { name: 'home', url: `${site}/`, jsBudgetKb: 12 },
    { name: 'products', url: `${site}/products`, jsBudgetKb: 12 },
    { name: 'category', url: `${site}/${category}`, jsBudgetKb: 12 },
    { name: 'product', url: `${site}/${category}/${variable.slug}`, jsBudgetKb: 25 },
    { name: 'floor-plain', url: `${floor}/plain`, floor: true },
  ];
  if (args.pages) {
    const only = args.pages.split(',');
    pages = pages.filter((p) => p.floor || only.includes(p.name));
  }
  for (const p of pages) for (let i = 0; i < 2; i++) await fetch(p.url); // first render fills the cache

  const runs = new Map<string, Run[]>(pages.map((p) => [p.name, []]));
  const kept = new Map<string, { perf: number; lhr: unknown }[]>(pages.map((p) => [p.name, []]));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    for (let round = 1; round <= RUNS; round++) {
      for (const p of pages) {
        const lhr = await audit(chrome.port, p.url);
        const run = figures(lhr);
        runs.get(p.name)!.push(run);
        kept.get(p.name)!.push({ perf: run.performance, lhr });
      }
      console.log(`[lighthouse] round ${round}/${RUNS}: ${pages.map((p) => `${p.name} ${runs.get(p.name)!.at(-1)!.performance} / ${runs.get(p.name)!.at(-1)!.jsGzipKb} kB JS`).join(', ')} (load ${os.loadavg()[0]!.toFixed(2)})`);
    }
  } finally {
    await chrome.kill();
  }

  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  for (const [name, list] of kept) {
    const mid = [...list].sort((a, b) => a.perf - b.perf)[Math.floor(list.length / 2)]!;
    writeFileSync(path.join(root, 'bench', 'results', `lighthouse-${name}.lhr.json`), JSON.stringify(mid.lhr));
  }
  const medianOf = (list: Run[]): Run => {
    const out = { ...list[0]! };
    for (const f of FIGURES) out[f] = median(list.map((r) => r[f]));
    return out;
  };
  const medians = new Map<string, Run>([...runs].map(([name, list]) => [name, medianOf(list)]));
  const ref = medians.get('floor')!;
  const failures: string[] = [];
  const rows = pages.map((p) => {
    const m = medians.get(p.name)!;
    const ratio = m.performance / ref.performance;
    const jsOver = Math.round((m.jsGzipKb - ref.jsGzipKb) * 10) / 10;
    if (!p.floor) {
      if (ratio < 0.95) failures.push(`${p.name}: Performance ${m.performance} < 0.95 × floor ${ref.performance}`);
      for (const k of ['accessibility', 'bestPractices', 'seo'] as const) if (m[k] < 100) failures.push(`${p.name}: ${k} ${m[k]} < 100`);
      if (p.jsBudgetKb !== undefined && jsOver > p.jsBudgetKb) failures.push(`${p.name}: JS ${m.jsGzipKb} kB = floor + ${jsOver} kB > floor + ${p.jsBudgetKb} kB`);
    }
    return [p.name, m.performance, p.floor ? '' : ratio.toFixed(2), m.lcpMs, m.tbtMs, m.fcpMs, `${m.jsGzipKb} (${m.jsRequests})`, p.floor ? '' : (jsOver >= 0 ? '+' : '') + jsOver, m.docGzipKb, m.cssKb, `${m.accessibility}/${m.bestPractices}/${m.seo}`, m.load1.toFixed(2)];
  });
  console.log(`\nmedians of ${RUNS} interleaved runs (Lighthouse mobile preset); ratio and JS difference against the floor page through its proxy\n`);
  console.log(table(['page', 'perf', '×floor', 'LCP ms', 'TBT ms', 'FCP ms', 'JS gzip kB (req)', 'JS vs floor', 'doc gzip kB', 'CSS gzip kB', 'a11y/BP/SEO', 'load1'], rows));

  let load: Awaited<ReturnType<typeof loadInterleaved>> = [];
  if (!args['no-load']) {
    writeFileSync(staticFile, await (await fetch(pages.find((p) => p.name === 'product')?.url ?? `${site}/`)).text());
    try {
      const targets = [
        { name: 'floor /p (proxy)', url: `${floor}/p`, pid: floorProc.pid },
        { name: 'floor /plain', url: `${floor}/plain`, pid: floorProc.pid },
        ...pages.filter((p) => !p.floor && p.name !== 'category').map((p) => ({ name: p.name, url: p.url, pid: web.pid })),
        { name: 'static file', url: `${site}/${staticName}`, pid: web.pid },
      ];
      load = await loadInterleaved(targets, { connections: 20, duration: Number(args.duration), warmup: 2, rounds: 2 });
      const floorRps = load[0]!.reqPerSec;
      console.log(`\nthroughput, autocannon 20 connections, interleaved (no Accept-Encoding: bytes as sent uncompressed)\n`);
      console.log(table(['page', 'req/s', '×floor', 'p50 ms', 'p99 ms', 'CPU ms/req', 'non-2xx'], load.map((r) => [r.name, r.reqPerSec, (r.reqPerSec / floorRps).toFixed(2), r.p50, r.p99, r.cpuMsPerReq, r.non2xx])));
      const product = load.find((r) => r.name === 'product');
      if (product && product.reqPerSec < 0.6 * floorRps) failures.push(`product: ${product.reqPerSec} req/s < 0.6 × floor ${floorRps}`);
    } finally {
      rmSync(staticFile, { force: true });
    }
  }

  const out = path.join(root, 'bench', 'results', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify({ runs: RUNS, medians: Object.fromEntries(medians), perRun: Object.fromEntries(runs), load }, null, 2));
  console.log(`\nwritten ${path.relative(root, out)}`);
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.join(root, distDir), { recursive: true, force: true });
  if (failures.length) {
    console.log(`\ntargets missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else console.log('\nall targets met');
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One audit; a run Lighthouse could not score (NO_NAVSTART and the like) is run again, up to twice. */
async function audit(port: number, url: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!runner) throw new Error(`lighthouse gave no result for ${url}`);
    if (runner.lhr.categories.performance?.score != null || attempt === 3) return runner.lhr;
    console.log(`[lighthouse] ${url}: a run gave no score (${runner.lhr.runtimeError?.code ?? '?'}), running it again`);
  }
}

function figures(lhr: Lhr): Run {
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] } | undefined)?.items ?? [];
  const of = (type: string) => requests.filter((r) => r.resourceType === type);
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const ms = (k: string) => Math.round(lhr.audits[k]?.numericValue ?? 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    fcpMs: ms('first-contentful-paint'),
    jsRequests: of('Script').length,
    jsGzipKb: kb(of('Script').reduce((s, r) => s + (r.transferSize ?? 0), 0)),
    docGzipKb: kb(of('Document').reduce((s, r) => s + (r.transferSize ?? 0), 0)),
    cssKb: kb(of('Stylesheet').reduce((s, r) => s + (r.transferSize ?? 0), 0)),
    load1: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

main().catch(async (err) => {
  console.error(err);
  await stopAll();
  process.exit(1);
});
