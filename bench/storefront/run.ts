/**
 * Storefront HTTP benchmark: `npm run bench -- storefront [--nginx] [--no-proxy] [--no-build] [--ref HEAD]
 * [--products 2000] [--cold 300] [--duration 10] [--warmup 3] [--rounds 2] [--connections 50]`.
 *
 * 1. Snapshots the app (the working tree, or `--ref <commit>`) into BENCH_APP_DIR (default
 *    $TMPDIR/shop-bench-storefront) and builds it there (--no-build reuses that build), seeds a throwaway
 *    PGlite data dir (demo + N synthetic products), starts the API and `next start` (ports from
 *    BENCH_PORTS=a-b when set, else any free port).
 * 2. Warm pages, autocannon at C connections (warm-up, then D s each, in interleaved rounds so a burst of
 *    load from elsewhere hits every page alike; CPU ms per request of the server is reported too, the
 *    steadier figure on a shared machine, and ratio targets are judged on it): a static file of the product
 *    page's size (written to the snapshot's public/ for the run, removed afterwards), /terms-and-conditions (rendered
 *    once, then served from the full-route cache like a build-time prerender: the layout needs the API,
 *    so nothing is prerendered by `next build`), a cached product page, /products, a category, home
 *    (the query-less listings are cached routes: proxy.ts), and /products?sort=name (rendered per request).
 *    Target: cached product ≥ 90 % of the terms page's req/s (the static file is the ceiling, for reference).
 * 3. --no-proxy: builds the same snapshot a second time with proxy.ts deleted (the matcher is read at
 *    build time, so there is no run-time switch) and measures the same pages there (at their internal /es/… paths: without the proxy nothing rewrites
 *    the unprefixed Spanish URLs) — the difference is what proxy.ts costs per request. Target < 10 %.
 * 4. Cold pages (cold.ts): N distinct product pages never requested before, each once: half one at a time
 *    (the latency of an on-demand render; p99 < 150 ms), half 4 at a time (competing renders; reported).
 * 5. --nginx: runs deploy/nginx.conf (temp prefix) in front of `next start`: product page through nginx
 *    vs the static file (target ≥ 80 %), then PATCHes that product's price through the staff API and
 *    polls the page through nginx until the new price shows (seconds).
 * 6. RSS of the storefront and API process trees after the load.
 * Results: a table on stdout and JSON in bench/results/. Exit 1 when a target is missed or a request failed.
 */
import { renderNginxConf } from '../../deploy/local/nginx';
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import {
  bin,
  buildStorefront,
  loadInterleaved,
  root,
  seed,
  start,
  stop,
  stopAll,
  table,
  throwawayData,
  treeRssMb,
  waitFor,
  type LoadRow,
  type LoadTarget,
} from './harness';
import { fetchColdPages, summarizeCold, type ColdSummary } from './cold';
import { freePort, runBench, writeResults } from '../support';
import { benchArgs } from '../args';
import { defaultListingPath } from '../../i18n/internal-path';

const args = benchArgs(
  { products: 2000, cold: 300, duration: 10, warmup: 3, connections: 50, rounds: 2 },
  { flags: ['nginx', 'no-proxy', 'no-build'], strings: ['ref'] },
);
const { duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, cold: COLD } = args;
const ROUNDS = Math.max(1, args.rounds);
/** The app is built and served from a snapshot (BENCH_APP_DIR, default $TMPDIR/shop-bench-storefront):
 * the working tree as it is at the start (or `--ref <commit>` via git archive), so edits made meanwhile
 * do not leak into either build, and the public/ file and the no-proxy variant never touch the repo. */
const APP = process.env.BENCH_APP_DIR ?? path.join(os.tmpdir(), 'shop-bench-storefront');
const WITH_PROXY = '.next';
const WITHOUT_PROXY = '.next-noproxy';

type Listed = { id: number; slug: string; isVariable: boolean; price: number; discount: number | null; Categories: { slug: string }[] };

async function apiJson<T>(url: string, init?: RequestInit): Promise<T> {
  const r = await fetch(url, init);
  const body = (await r.json()) as { data: T; message?: string };
  if (!r.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${r.status} ${body.message ?? ''}`);
  return body.data;
}

async function page(url: string, headers?: Record<string, string>) {
  const t0 = performance.now();
  const r = await fetch(url, { headers, redirect: 'manual' });
  const body = await r.text();
  return { status: r.status, ms: performance.now() - t0, body, cache: r.headers.get('x-nextjs-cache') ?? '', nginx: r.headers.get('x-cache-status') ?? '', cc: r.headers.get('cache-control') ?? '' };
}

function snapshot(ref?: string): void {
  rmSync(APP, { recursive: true, force: true });
  mkdirSync(APP, { recursive: true });
  if (ref) {
    const r = spawnSync('sh', ['-c', `git archive --format=tar ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(APP)}`], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`git archive ${ref} failed`);
  } else {
    const skip = new Set(['node_modules', 'bench', 'e2e', 'test-results', 'docs', 'scripts']);
    for (const entry of readdirSync(root)) {
      if (skip.has(entry) || entry.startsWith('.')) continue;
      cpSync(path.join(root, entry), path.join(APP, entry), { recursive: true });
    }
  }
  rmSync(path.join(APP, 'node_modules'), { recursive: true, force: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(APP, 'node_modules'));
  // node_modules is a link out of the snapshot: let Turbopack resolve files outside it.
  const config = path.join(APP, 'next.config.mjs');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/const nextConfig = \{/, "const nextConfig = {\n  turbopack: { root: '/' },"));
}

async function main(): Promise<number> {
  const staticName = `bench-static-${process.pid}.html`;
  const publicDir = path.join(APP, 'public');
  const data = await throwawayData('shop-sf');
  let nginxPrefix: string | undefined;
  let api: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  const failures: string[] = [];
  try {
    const built = (dist: string) => existsSync(path.join(APP, dist, 'BUILD_ID'));
    const reuse = args['no-build'] && built(WITH_PROXY);
    if (!reuse) {
      snapshot(args.ref);
      buildStorefront(WITH_PROXY, APP);
    } else {
      // reuse the builds, not the pages they rendered last time (the cold pages must be cold)
      for (const d of [WITH_PROXY, WITHOUT_PROXY]) {
        rmSync(path.join(APP, d, 'cache'), { recursive: true, force: true });
        rmSync(path.join(APP, d, 'server', 'app', 'es'), { recursive: true, force: true });
        rmSync(path.join(APP, d, 'server', 'route-cache'), { recursive: true, force: true });
      }
    }
    if (args['no-proxy'] && !(reuse && built(WITHOUT_PROXY))) {
      // The same snapshot without proxy.ts: the only difference between the two builds (and its unit
      // test, which imports it and would fail the type check).
      rmSync(path.join(APP, 'proxy.ts'), { force: true });
      rmSync(path.join(APP, 'lib', 'maintenance', 'proxy.test.ts'), { force: true });
      buildStorefront(WITHOUT_PROXY, APP);
    }

    seed({ DATA_DIR: data.dataDir }, args.products);
    const secret = randomBytes(24).toString('hex');
    const [apiPort, webPort] = [await freePort(), await freePort()];
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const site = `http://127.0.0.1:${webPort}`;
    api = start(bin('tsx'), ['server/main.ts'], {
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      SEED_DEMO: 'true', // a demo instance (seeded above): demo accounts are expected in production
      STOREFRONT_URL: site,
      STOREFRONT_ORIGINS: site,
      REVALIDATE_SECRET: secret,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    await waitFor(`${apiUrl}/health`, api);
    // No `-H 127.0.0.1` on next start: with it, the proxy's locale rewrite (/x → /es/x) is taken for an
    // external URL and answered with a redirect to itself.
    const webEnv = { SHOP_API_URL: apiUrl, PUBLIC_API_URL: apiUrl, PUBLIC_SITE_URL: site, REVALIDATE_SECRET: secret, NEXT_DIST_DIR: WITH_PROXY, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
    const startWeb = async () => {
      const child = start(bin('next'), ['start', '-p', String(webPort)], webEnv, true, APP);
      await waitFor(`${site}/terms-and-conditions`, child);
      return child;
    };

    // A simple product (one price, no discount) with a category: its page, its category.
    const listed = (await apiJson<{ items: Listed[] }>(`${apiUrl}/api/products?rows=100&page=1`)).items;
    const product = listed.find((p) => !p.isVariable && p.discount == null && p.Categories.length) ?? listed.find((p) => p.Categories.length)!;
    const category = product.Categories[0]!.slug;
    const paths = {
      terms: '/terms-and-conditions',
      product: `/${category}/${product.slug}`,
      products: '/products',
      category: `/${category}`,
      home: '/',
      // With a query string the listing renders per request (no query: its cached twin, proxy.ts).
      productsSorted: '/products?sort=name',
    };

    // First start: render the product page to learn its size, write the static twin, restart (Next
    // lists public/ at start-up). The rendered pages stay in the build's on-disk cache.
    web = await startWeb();
    await page(site + paths.product);
    const productHtml = (await page(site + paths.product)).body;
    await stop(web);
    mkdirSync(publicDir, { recursive: true });
    writeFileSync(path.join(publicDir, staticName), productHtml);
    web = await startWeb();

    const info: (string | number)[][] = [];
    for (const [name, p] of Object.entries({ static: `/${staticName}`, ...paths })) {
      await page(site + p);
      const r = await page(site + p);
      info.push([name, p.length > 48 ? `${p.slice(0, 45)}…` : p, r.status, `${(r.body.length / 1024).toFixed(1)} kB`, r.cache || '-', r.cc || '-']);
      if (r.status !== 200) failures.push(`${p} → ${r.status}`);
    }
    console.log(`\n${table(['page', 'path', 'status', 'size', 'x-nextjs-cache', 'cache-control'], info)}\n`);

    // Without proxy.ts: the same pages from the build that has none, served side by side.
    let bareWeb: ChildProcess | undefined;
    let bare = '';
    if (args['no-proxy']) {
      const port = await freePort();
      bare = `http://127.0.0.1:${port}`;
      bareWeb = start(bin('next'), ['start', '-p', String(port)], { ...webEnv, NEXT_DIST_DIR: WITHOUT_PROXY, PUBLIC_SITE_URL: bare }, true, APP);
      await waitFor(`${bare}/es/terms-and-conditions`, bareWeb);
    }
    const names: Record<keyof typeof paths, string> = {
      terms: 'terms (full-route cache)',
      product: 'product (cached)',
      products: 'products (catalogue)',
      category: 'category',
      home: 'home',
      productsSorted: 'products ?sort=name (per request)',
    };
    const loadTargets: LoadTarget[] = [{ name: 'static file', url: `${site}/${staticName}`, pid: web.pid }];
    for (const [k, p] of Object.entries(paths) as [keyof typeof paths, string][]) {
      loadTargets.push({ name: names[k], url: site + p, pid: web.pid });
      if (bareWeb) {
        // Nothing rewrites without the proxy: ask for the route it would have picked.
        const internal = (p.includes('?') ? null : defaultListingPath(p)) ?? `/es${p === '/' ? '' : p}`;
        await page(bare + internal);
        loadTargets.push({ name: `${names[k]} WITHOUT proxy`, url: bare + internal, pid: bareWeb.pid });
      }
    }
    console.log(`autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s per page in ${ROUNDS} interleaved rounds`);
    const rows = await loadInterleaved(loadTargets, { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS }, (r) => {
      if (r.non2xx || r.errors) failures.push(`${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      if (!r.requests) failures.push(`${r.name}: no request completed`);
    });
    const memory = { storefrontMb: treeRssMb(web.pid), apiMb: treeRssMb(api.pid) };
    const row = (name: string) => rows.find((r) => r.name === name)!;

    // Two views of "A relative to B": throughput measured (swings with the machine's other load), and
    // capacity from CPU per request (what the same CPU would serve; steadier on a shared machine).
    const targets: (string | number)[][] = [];
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    const compare = (label: string, a: LoadRow, b: LoadRow, min?: number) => {
      const rps = a.reqPerSec / Math.max(1, b.reqPerSec);
      const cap = a.cpuMsPerReq && b.cpuMsPerReq ? b.cpuMsPerReq / a.cpuMsPerReq : 0;
      // judged on CPU when there is a CPU figure (req/s of two runs on a busy machine is mostly noise)
      targets.push([label, pct(rps), cap ? pct(cap) : 'n/a', min === undefined ? '(info)' : `≥ ${pct(min)}`, min === undefined ? '' : (cap || rps) >= min ? 'OK' : 'NO']);
    };
    compare('cached product vs terms', row(names.product), row(names.terms), 0.9);
    compare('cached product vs static file', row(names.product), row('static file'));
    if (bareWeb) {
      for (const n of Object.values(names)) {
        const withP = row(n);
        const without = row(`${n} WITHOUT proxy`);
        const rpsCost = 1 - withP.reqPerSec / Math.max(1, without.reqPerSec);
        const cpuCost = without.cpuMsPerReq ? withP.cpuMsPerReq / without.cpuMsPerReq - 1 : 0;
        targets.push([`proxy.ts cost: ${n}`, pct(rpsCost), without.cpuMsPerReq ? `${pct(cpuCost)} (${(withP.cpuMsPerReq - without.cpuMsPerReq).toFixed(2)} ms)` : 'n/a', '< 10 %', (without.cpuMsPerReq ? cpuCost : rpsCost) < 0.1 ? 'OK' : 'NO']);
      }
      await stop(bareWeb);
    }

    // Cold product pages (cold.ts): half one at a time (the < 150 ms target), half 4 at a time (reported).
    const cold: { label: string; summary: ColdSummary }[] = [];
    if (COLD > 0) {
      const slugs: string[] = [];
      for (let p = 2; slugs.length < COLD; p++) {
        const items = (await apiJson<{ items: Listed[] }>(`${apiUrl}/api/products?rows=100&page=${p}`)).items;
        if (!items.length) break;
        for (const it of items) if (it.Categories.length && it.slug !== product.slug) slugs.push(`${site}/${it.Categories[0]!.slug}/${it.slug}`);
      }
      const { alone, fourAtATime } = await fetchColdPages(slugs.slice(0, COLD), page);
      for (const [label, set, target] of [
        ['one at a time', alone, true],
        ['4 at a time', fourAtATime, false],
      ] as const) {
        const c = summarizeCold(set);
        cold.push({ label, summary: c });
        console.log(
          `\ncold product pages, ${label}: ${c.count}  p50 ${c.p50} ms  p90 ${c.p90} ms  p99 ${c.p99} ms  max ${c.max} ms` +
            `${c.bad ? `  ${c.bad} non-200` : ''}${c.notCold ? `  (${c.notCold} were already cached)` : ''}  slowest at #${c.slowestAt.join(', #')}`,
        );
        targets.push([`cold product page p99, ${label}`, `${c.p99} ms`, '', target ? '< 150 ms' : '(reported)', target ? (c.p99 < 150 ? 'OK' : 'NO') : '']);
        if (c.bad) failures.push(`cold pages (${label}): ${c.bad} non-200`);
      }
    }

    // nginx in front (deploy/nginx.conf with its address, port and static folder replaced).
    let propagation: number | undefined;
    if (args.nginx) {
      const nginxPort = await freePort();
      nginxPrefix = path.join(os.tmpdir(), `shop-nginx-${process.pid}`);
      for (const d of ['logs', 'temp', 'cache']) mkdirSync(path.join(nginxPrefix, d), { recursive: true });
      const conf = renderNginxConf({ storefronts: [`127.0.0.1:${webPort}`], listen: `127.0.0.1:${nginxPort}`, staticDir: path.join(APP, WITH_PROXY, 'static') });
      writeFileSync(path.join(nginxPrefix, 'nginx.conf'), conf);
      const test = spawnSync('/usr/sbin/nginx', ['-t', '-p', `${nginxPrefix}/`, '-c', path.join(nginxPrefix, 'nginx.conf')], { encoding: 'utf8' });
      if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
      nginx = start('/usr/sbin/nginx', ['-p', `${nginxPrefix}/`, '-c', path.join(nginxPrefix, 'nginx.conf')], {});
      const edge = `http://127.0.0.1:${nginxPort}`;
      await waitFor(`${edge}${paths.terms}`, nginx);
      const first = await page(edge + paths.product);
      const second = await page(edge + paths.product);
      const asset = /\/_next\/static\/[^"]+\.js/.exec(second.body)?.[0];
      const assetRes = asset ? await fetch(edge + asset, { headers: { 'accept-encoding': 'gzip' } }) : undefined;
      await assetRes?.arrayBuffer();
      const signedIn = await page(edge + paths.product, { cookie: 'userToken=abc' });
      const cart = await page(edge + '/cart');
      console.log(
        `\nnginx: product ${first.nginx} then ${second.nginx} (cache-control: ${second.cc}); with session cookie: ${signedIn.nginx}; /cart: ${cart.nginx} (${cart.cc})` +
          `\nnginx: ${asset ?? 'no asset'} → ${assetRes?.status} ${assetRes?.headers.get('cache-control')} ${assetRes?.headers.get('content-encoding') ?? ''}`,
      );
      // nginx against the static file served by Next, interleaved again (both just measured under the same load).
      const edgeRows = await loadInterleaved(
        [
          { name: 'static file (Next)', url: `${site}/${staticName}`, pid: web.pid },
          { name: 'product via nginx (cache HIT)', url: edge + paths.product, pid: nginx.pid },
        ],
        { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS },
      );
      rows.push(...edgeRows);
      const r = edgeRows[1]!.reqPerSec / Math.max(1, edgeRows[0]!.reqPerSec);
      targets.push(['product via nginx vs static file', pct(r), '', '≥ 80 %', r >= 0.8 ? 'OK' : 'NO']);

      // A price change through the staff API, watched through nginx.
      const staff = await apiJson<{ token: string }>(`${apiUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@example.com', password: 'tienda-demo' }),
      });
      const newPrice = product.price + 1234;
      await page(edge + paths.product); // the current copy is in nginx's cache
      const t0 = performance.now();
      await apiJson(`${apiUrl}/api/staff/products/${product.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
        body: JSON.stringify({ price: newPrice }),
      });
      while (performance.now() - t0 < 120_000) {
        const p = await page(edge + paths.product);
        if (p.body.includes(String(newPrice))) {
          propagation = (performance.now() - t0) / 1000;
          break;
        }
        await new Promise((res) => setTimeout(res, 250));
      }
      console.log(`price change visible through nginx after ${propagation === undefined ? 'NEVER (120 s)' : `${propagation.toFixed(1)} s`}`);
      targets.push(['price change visible via nginx', propagation === undefined ? '> 120 s' : `${propagation.toFixed(1)} s`, '', '≤ 15 s', propagation !== undefined && propagation <= 15 ? 'OK' : 'NO']);
    }

    const after = { storefrontMb: treeRssMb(web.pid), apiMb: treeRssMb(api.pid) };
    console.log(`\n${table(['load', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'requests', 'non-2xx', 'errors'], rows.map((r) => [r.name, r.reqPerSec, r.p50, r.p99, r.cpuMsPerReq || '-', r.requests, r.non2xx, r.errors]))}`);
    console.log(`\n${table(['check', 'by req/s', 'by CPU/req', 'target', 'ok'], targets)}`);
    console.log(`\nRSS after the page load: storefront ${memory.storefrontMb} MB, API ${memory.apiMb} MB; at the end: storefront ${after.storefrontMb} MB, API ${after.apiMb} MB`);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs (numbers from a shared machine are indicative)`);

    writeResults('storefront', {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      products: args.products,
      pages: info,
      results: rows,
      targets,
      cold: cold.length ? Object.fromEntries(cold.map((c) => [c.label, c.summary])) : undefined,
      propagationSeconds: propagation,
      memory: { afterPageLoad: memory, atEnd: after },
    });
    for (const f of failures) console.log(`FAILED: ${f}`);
    return failures.length || targets.some((t) => t[4] === 'NO') ? 1 : 0;
  } finally {
    await stop(nginx);
    await stopAll();
    rmSync(path.join(publicDir, staticName), { force: true });
    if (nginxPrefix) rmSync(nginxPrefix, { recursive: true, force: true });
    await data.drop();
  }
}

runBench(main, stopAll);
