/**
 * Lighthouse (mobile preset) on home, /products, a category and a product page, plus the JavaScript
 * each page loads compared with the 404 page of the same build (the shell alone).
 *
 *   npx tsx bench/lighthouse/run.ts          (builds the storefront into .next-bench first)
 *
 * Starts the API on a throwaway data dir and `next start`, warms every URL once (pages are rendered on
 * first request and then cached, as a visitor after the first would see them), then runs Lighthouse.
 * Targets: Performance ≥ 95, Accessibility 100, Best Practices 100, SEO 100; product page JS ≤ 404 + 30 kB gzip.
 *
 * CPU calibration: after the preset's runs, each page is audited `--runs N` more times with the CPU
 * slowdown Lighthouse's docs prescribe for this host's BenchmarkIndex (bench/lighthouse/calibration.ts:
 * the preset's 4× assumes a high-end desktop; on a slower host it emulates a slower phone than the
 * preset's target). Both figures are reported, the calibrated one with the calculator's confidence range;
 * a BenchmarkIndex past the calculator's last anchor (2000 = 6×) gets an extrapolated multiplier, marked
 * so (this VM's index has swung from 1,060 to 3,378 between sessions). `--no-calibrate` skips the second pass.
 *
 * Each page is audited `--runs N` times (default 3) and the run with the median Performance score is
 * kept, as Lighthouse itself advises for noisy machines; that report is written to
 * bench/results/lighthouse-<page>.lhr.json for reading the audits behind a score. `--pages home,products`
 * audits only those pages. The JavaScript each page loads is also counted
 * from its HTML (every chunk the page references, gzip, `noModule` polyfills left out), because
 * Lighthouse refuses to audit a page answering 404, and the 404 page is the shell-alone reference.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { cpuCalibration } from './calibration';
import { freePort } from '../support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

const children: ChildProcess[] = [];
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}
function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('exit', stopAll);

interface PageResult {
  name: string;
  /** gzip kB of the chunks the page's HTML references (see the header comment) */
  htmlJsGzipKb: number;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsGzipKb: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** the same page at the calibrated CPU slowdown (median run), when measured */
  calibrated?: { benchmarkIndex: number; multiplier: number; range: [number, number]; extrapolated: boolean; performance: number; tbtMs: number; lcpMs: number };
}

async function main() {
  // A build of its own: a build that already served pages keeps their rendered HTML (ISR), with the
  // canonical URLs of whatever PUBLIC_SITE_URL it ran with, which would skew the SEO audit.
  const distDir = '.next-bench';
  rmSync(path.join(root, distDir), { recursive: true, force: true });
  console.log('[lighthouse] building the storefront into .next-bench');
  const b = spawnSync(bin('next'), ['build'], { cwd: root, stdio: 'ignore', env: { ...process.env, NEXT_DIST_DIR: distDir } });
  if (b.status !== 0) process.exit(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lh-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const api = `http://localhost:${apiPort}`;
  const site = `http://localhost:${webPort}`;
  start(bin('tsx'), ['server/main.ts'], {
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    STOREFRONT_ORIGINS: site,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  });
  await waitFor(`${api}/health`);
  start(bin('next'), ['start', '-p', String(webPort)], {
    SHOP_API_URL: api,
    PUBLIC_API_URL: api,
    PUBLIC_SITE_URL: site,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
  });
  await waitFor(`${site}/`);

  const list = (await (await fetch(`${api}/api/products?rows=24&page=1`)).json()) as {
    data: { items: { slug: string; isVariable: boolean; Categories: { slug: string }[] }[] };
  };
  const variable = list.data.items.find((p) => p.isVariable && p.Categories.length) ?? list.data.items[0];
  const category = variable.Categories[0].slug;
  const pages = [
    { name: 'home', path: '/' },
    { name: 'products', path: '/products' },
    { name: 'category', path: `/${category}` },
    { name: 'product', path: `/${category}/${variable.slug}` },
    // One segment: an unknown category is a 404 (two segments would be an unknown product: a redirect home).
    { name: '404', path: '/esta-pagina-no-existe' },
  ];
  // `--pages home,products` audits only those (the 404 reference is always measured).
  const only = argValue('--pages')?.split(',');
  if (only) pages.splice(0, pages.length, ...pages.filter((p) => p.name === '404' || only.includes(p.name)));
  for (const p of pages) await fetch(`${site}${p.path}`); // first render fills the cache
  const htmlJs = new Map<string, number>();
  for (const p of pages) htmlJs.set(p.name, await htmlJsGzipKb(`${site}${p.path}`, distDir));
  const runs = Math.max(1, Number(argValue('--runs') ?? 3));

  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  const results: PageResult[] = [];
  try {
    for (const p of pages) {
      const url = `${site}${p.path}`;
      if (p.name === '404') {
        results.push({ name: p.name, url: p.path, htmlJsGzipKb: htmlJs.get(p.name)!, performance: 0, accessibility: 0, bestPractices: 0, seo: 0, jsGzipKb: 0, lcpMs: 0, tbtMs: 0, cls: 0 });
        continue;
      }
      type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
      // One audit. A run Lighthouse could not score (a trace it failed to record, NO_NAVSTART and the
      // like: it says "run Lighthouse again") is run again, up to twice, and said so, rather than
      // entering the median as a 0.
      const audit = async (throttling?: { cpuSlowdownMultiplier: number }): Promise<Lhr> => {
        for (let attempt = 1; ; attempt++) {
          const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...(throttling ? { throttling } : {}) });
          if (!runner) throw new Error(`lighthouse gave no result for ${url}`);
          const l = runner.lhr;
          if (l.categories.performance?.score != null || attempt === 3) return l;
          console.log(`[lighthouse] ${p.name}: a run gave no score (${l.runtimeError?.code ?? '?'}), running it again`);
        }
      };
      const lhrs: Lhr[] = [];
      const cpuBefore = cpuTimes();
      for (let i = 0; i < runs; i++) lhrs.push(await audit());
      const perfOf = (l: Lhr) => l.categories.performance?.score ?? 0;
      // The run with the median Performance score.
      const medianRun = (set: Lhr[]) => [...set].sort((a, b) => perfOf(a) - perfOf(b))[Math.floor(set.length / 2)]!;
      const lhr = medianRun(lhrs);
      // The kept report, for reading the audits behind a score (git-ignored).
      mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
      writeFileSync(path.join(root, 'bench', 'results', `lighthouse-${p.name}.lhr.json`), JSON.stringify(lhr));
      const steal = stealPercent(cpuBefore, cpuTimes());
      console.log(`[lighthouse] ${p.name}: performance per run ${lhrs.map((l) => Math.round(perfOf(l) * 100)).join(', ')}${steal === null ? '' : `; CPU steal ${steal} %`}; Lighthouse CPU benchmark index ${Math.round(lhr.environment?.benchmarkIndex ?? 0)}`);
      if (perfOf(lhr) < 0.95) {
        // Say where the time goes when the target is missed.
        const el = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
        const snippet = el?.items?.[0]?.items?.[0]?.node?.snippet;
        const m = (k: string) => Math.round(lhr.audits[k]?.numericValue ?? 0);
        console.log(`[lighthouse] ${p.name}: FCP ${m('first-contentful-paint')} ms, SI ${m('speed-index')} ms, LCP ${m('largest-contentful-paint')} ms on ${snippet?.slice(0, 120) ?? '?'}`);
      }
      const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const js = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      // Name what costs points, so a score below 100 says why.
      for (const k of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of lhr.categories[k]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`[lighthouse] ${p.name}: ${k} › ${ref.id}: ${audit.title}`);
        }
      }
      results.push({
        name: p.name,
        url: p.path,
        htmlJsGzipKb: htmlJs.get(p.name)!,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        jsGzipKb: Math.round(js / 102.4) / 10,
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      });
      if (!process.argv.includes('--no-calibrate')) {
        const indexes = lhrs.map((l) => l.environment?.benchmarkIndex ?? Number.NaN).filter(Number.isFinite).sort((a, b) => a - b);
        const benchmarkIndex = Math.round(indexes[Math.floor(indexes.length / 2)] ?? Number.NaN);
        const calibration = cpuCalibration(benchmarkIndex);
        if (calibration === null) {
          console.log(`[lighthouse] ${p.name}: BenchmarkIndex ${benchmarkIndex}: too slow a host to calibrate (Lighthouse's calculator)`);
        } else {
          const { multiplier, low, high, extrapolated } = calibration;
          const calibrated: Lhr[] = [];
          for (let i = 0; i < runs; i++) calibrated.push(await audit({ cpuSlowdownMultiplier: multiplier }));
          const mid = medianRun(calibrated);
          const said = `${multiplier}× (calculator's range ${low}–${high}×${extrapolated ? ', extrapolated past its last anchor, 2000 = 6×' : ''})`;
          console.log(`[lighthouse] ${p.name}: calibrated CPU slowdown ${said} for BenchmarkIndex ${benchmarkIndex}: performance per run ${calibrated.map((l) => Math.round(perfOf(l) * 100)).join(', ')}`);
          results.at(-1)!.calibrated = {
            benchmarkIndex,
            multiplier,
            range: [low, high],
            extrapolated,
            performance: Math.round(perfOf(mid) * 100),
            tbtMs: Math.round(mid.audits['total-blocking-time']?.numericValue ?? 0),
            lcpMs: Math.round(mid.audits['largest-contentful-paint']?.numericValue ?? 0),
          };
        }
      }
    }
  } finally {
    await chrome.kill();
    stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(root, distDir), { recursive: true, force: true });
  }

  console.log(`\npage       perf  a11y  best  seo   JS gzip kB (loaded / in HTML)  LCP ms  TBT ms  CLS   (median of ${runs} runs; 404: not auditable)`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(10)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(3)}   ${String(r.jsGzipKb).padStart(8)} / ${String(r.htmlJsGzipKb).padStart(6)}          ${String(r.lcpMs).padStart(5)}   ${String(r.tbtMs).padStart(5)}  ${r.cls}`,
    );
  }
  if (results.some((r) => r.calibrated)) {
    console.log(`\ncalibrated CPU slowdown (Lighthouse's calculator from the host's BenchmarkIndex; the preset assumes 4× on a high-end desktop)`);
    console.log('page       BenchmarkIndex  slowdown (range)       perf  LCP ms  TBT ms');
    for (const r of results) {
      const c = r.calibrated;
      const slowdown = c && `${c.multiplier}× (${c.range[0]}–${c.range[1]}×)${c.extrapolated ? '*' : ''}`;
      if (c) console.log(`${r.name.padEnd(10)} ${String(c.benchmarkIndex).padStart(14)}  ${slowdown!.padEnd(21)}  ${String(c.performance).padStart(4)}  ${String(c.lcpMs).padStart(6)}  ${String(c.tbtMs).padStart(6)}`);
    }
    // The index swings between runs on a shared VM (2,050–3,378 within one run here), and past 2000 the line is the calculator's guess.
    if (results.some((r) => r.calibrated?.extrapolated)) console.log('* BenchmarkIndex above the calculator\'s last anchor (2000 = 6×): an extrapolated multiplier, read with its range');
  }
  const shell = results.find((r) => r.name === '404')!;
  const product = results.find((r) => r.name === 'product') ?? shell;
  const extra = Math.round((product.htmlJsGzipKb - shell.htmlJsGzipKb) * 10) / 10;
  console.log(`\nproduct page JS over the 404 page (shell), both counted from their HTML: ${extra} kB gzip (budget 30 kB); shell alone ${shell.htmlJsGzipKb} kB`);
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const out = path.join(root, 'bench', 'results', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify({ results, productExtraJsKb: extra }, null, 2));
  console.log(`written ${path.relative(root, out)}`);
}

/**
 * The machine's CPU counters (/proc/stat; null elsewhere). Lighthouse multiplies the main-thread time it
 * observes by 4, so time the hypervisor gives to other guests ("steal") shows up as lost points: the
 * runs report how much there was.
 */
function cpuTimes(): number[] | null {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return null;
  }
}

function stealPercent(before: number[] | null, after: number[] | null): number | null {
  if (!before || !after || after.length < 8) return null;
  const delta = after.map((v, i) => v - (before[i] ?? 0));
  const total = delta.reduce((a, b) => a + b, 0);
  return total > 0 ? Math.round((delta[7]! / total) * 100) : null;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** gzip kB of every JS chunk a page's HTML references (script tags and the RSC payload), polyfills aside. */
async function htmlJsGzipKb(url: string, distDir: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const chunks = new Set(html.match(/static\/chunks\/[\w~.-]+\.js/g) ?? []);
  let bytes = 0;
  for (const chunk of chunks) {
    if (new RegExp(`${chunk.replace(/[.]/g, '\\.')}"\\s+noModule`).test(html)) continue;
    bytes += gzipSync(readFileSync(path.join(root, distDir, chunk))).length;
  }
  return Math.round(bytes / 102.4) / 10;
}

main().catch((err) => {
  console.error(err);
  stopAll();
  process.exit(1);
});
