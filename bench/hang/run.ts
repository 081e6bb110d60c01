/**
 * bench/hang — the shop API hangs under a running production storefront (issue 29). Not part of
 * `npm test` (about a minute, needs `next build` first): `npm run bench -- hang` or
 * `npx tsx bench/hang/run.ts [--requests 500] [--concurrency 50]`.
 *
 * The real API and `next start` as child processes (e2e/faults-processes.ts), the storefront with its
 * default deadlines (lib/api/config.ts). After warming a cached product page, the API is stopped with
 * SIGSTOP (it accepts connections and answers nothing) and N requests for uncached pages (searches
 * nobody made) are sent. Checked, exit code 1 otherwise:
 * - every one is answered 503 with Retry-After and no-store within SHOP_API_TIMEOUT_MS + 250 ms;
 * - the cached page keeps answering 200 during the load;
 * - after SIGCONT the storefront recovers by itself within 5 s;
 * - the storefront's resident memory returns to its baseline (+ 64 MB) after the API resumes; the baseline
 *   is taken after the same load with the API answering (the heap's working size, not a cold process).
 * Printed besides: how many 503s were the prebuilt page (lib/status-pages, answered without a render),
 * the host's load average at each phase, and the API-up reference run again after the recovery: the
 * host is shared, so the hang figures are read against the reference taken around them.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { apiTimeouts } from '../../lib/api/config';
import { freePort, startApi, startStorefront, tempDir, type Proc } from '../../e2e/faults-processes';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 500);
const CONCURRENCY = arg('concurrency', 50);
const DEADLINE_MS = apiTimeouts().callMs;
const SLACK_MS = 250;
const RSS_SLACK_MB = 64;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  cacheControl: string | null;
  /** the prebuilt 503 page (lib/status-pages/templates.ts) carries X-Robots-Tag; Next's render does not */
  prebuilt: boolean;
}

async function get(url: string): Promise<Answer> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(130_000) });
    await res.arrayBuffer();
    const h = res.headers;
    return { status: res.status, ms: performance.now() - t0, retryAfter: h.get('retry-after'), cacheControl: h.get('cache-control'), prebuilt: h.get('x-robots-tag') !== null };
  } catch {
    return { status: 0, ms: performance.now() - t0, retryAfter: null, cacheControl: null, prebuilt: false };
  }
}

/** N uncached searches, CONCURRENCY at a time, while the API answers: the reference for this host now. */
async function reference(siteUrl: string, tag: string): Promise<{ ms: number[]; wall: number }> {
  let next = 0;
  const ms: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) ms.push((await get(`${siteUrl}/products?query=${tag}-${next++}`)).ms);
    }),
  );
  return { ms, wall: performance.now() - started };
}
const describe = (r: { ms: number[]; wall: number }) =>
  `p50 ${pct(r.ms, 50).toFixed(0)} ms, p99 ${pct(r.ms, 99).toFixed(0)} ms, max ${Math.max(...r.ms).toFixed(0)} ms, wall ${(r.wall / 1000).toFixed(1)} s`;

const data = tempDir('shop-hang-bench-data-');
const logs = tempDir('shop-hang-bench-logs-');
let api: Proc | undefined;
let site: Proc | undefined;
let stopped = false;
try {
  const apiPort = await freePort();
  const sitePort = await freePort();
  const siteUrl = `http://localhost:${sitePort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  api = await startApi({ port: apiPort, dataDir: data.dir, logDir: logs.dir, storefrontUrl: siteUrl, secret: 'hang-bench' });
  site = await startStorefront({ port: sitePort, apiUrl, secret: 'hang-bench', logDir: logs.dir });
  const list = (await (await fetch(`${apiUrl}/api/products?rows=12&page=1`)).json()) as {
    data: { items: { slug: string; state: string; Categories?: { slug: string }[] }[] };
  };
  const p = list.data.items.find((x) => x.state === 'active' && x.Categories?.length)!;
  const cached = `${siteUrl}/${p.Categories![0]!.slug}/${p.slug}`;
  const run = Date.now().toString(36);

  // Baseline: the same load (N uncached searches, same concurrency) while the API answers, so the
  // process has grown its heap to its working size; memory after the hang is compared with this.
  for (let i = 0; i < 3; i += 1) await get(cached);
  console.log(`load average before: ${load()}`);
  const before = await reference(siteUrl, `warm-${run}`);
  await sleep(2000);
  const baseline = rssMb(site.child.pid!);
  console.log(
    `deadline ${DEADLINE_MS} ms; API up (reference before): ${REQUESTS} uncached searches, ${CONCURRENCY} at a time, ${describe(before)}; ` +
      `storefront RSS baseline ${baseline.toFixed(0)} MB; load average ${load()}`,
  );

  process.kill(api.child.pid!, 'SIGSTOP');
  stopped = true;
  const started = performance.now();
  const results: Answer[] = [];
  const cachedDuring: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      results.push(await get(`${siteUrl}/products?query=hang-${run}-${i}`));
      if (i % 50 === 0) cachedDuring.push(await get(cached));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = performance.now() - started;
  const peak = rssMb(site.child.pid!);
  const ms = results.map((r) => r.ms);
  const by = new Map<number, number>();
  for (const r of results) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  console.log(
    `${REQUESTS} uncached requests, ${CONCURRENCY} at a time, API stopped: ${[...by].map(([s, n]) => `${n}× ${s}`).join(', ')} ` +
      `(${results.filter((r) => r.prebuilt).length} prebuilt); p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, ` +
      `max ${Math.max(...ms).toFixed(0)} ms; wall ${(wall / 1000).toFixed(1)} s; RSS ${peak.toFixed(0)} MB; load average ${load()}`,
  );
  check(
    results.every((r) => r.status === 503 && Number(r.retryAfter) > 0 && r.cacheControl === 'no-store'),
    'every uncached page answered 503 with Retry-After and no-store',
  );
  check(Math.max(...ms) <= DEADLINE_MS + SLACK_MS, `every answer within the deadline + ${SLACK_MS} ms (max ${Math.max(...ms).toFixed(0)} ms)`);
  check(
    cachedDuring.every((a) => a.status === 200),
    `the cached page answered 200 during the hang (${cachedDuring.length} checks, max ${Math.max(...cachedDuring.map((a) => a.ms)).toFixed(0)} ms)`,
  );

  process.kill(api.child.pid!, 'SIGCONT');
  stopped = false;
  const resumed = performance.now();
  let recovered = NaN;
  while (performance.now() - resumed < 30_000) {
    if ((await get(`${siteUrl}/products?query=back-${run}-${Math.round(performance.now())}`)).status === 200) {
      recovered = performance.now() - resumed;
      break;
    }
    await sleep(100);
  }
  check(recovered < 5000, `recovered ${recovered.toFixed(0)} ms after SIGCONT (< 5 s)`);

  // Memory after the API resumes and the hung calls have drained.
  await sleep(2000);
  let after = rssMb(site.child.pid!);
  for (let i = 0; i < 20 && after > baseline + RSS_SLACK_MB; i += 1) {
    await sleep(1000);
    after = rssMb(site.child.pid!);
  }
  check(after <= baseline + RSS_SLACK_MB, `storefront RSS back to baseline: ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} → ${after.toFixed(0)} MB`);

  // The same reference again, right after: what this host allowed around the hang.
  const afterRef = await reference(siteUrl, `again-${run}`);
  console.log(`API up (reference after): ${describe(afterRef)}; load average ${load()}`);
} finally {
  if (stopped && api?.child.pid) process.kill(api.child.pid, 'SIGCONT');
  await site?.kill();
  await api?.kill();
  data.remove();
  logs.remove();
}
if (failures.length) {
  console.log(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
