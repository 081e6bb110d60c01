/**
 * bench/hang/stale — the background refreshes of stale data-cache entries while the API hangs (issue 29).
 * `npx tsx bench/hang/stale.ts` after `next build` (about 100 s: it waits for a 60 s entry to go stale).
 *
 * Next refreshes a stale data-cache entry in the background and drops the caller's signal for that
 * fetch (patch-fetch.js: "don't pass through signal when revalidating"), once per page view that reads
 * it. Against a hung API those fetches had no deadline at all: one socket held per page view for as
 * long as the hang lasted. Every API call now goes through an undici Agent with connect/headers/body
 * timeouts (lib/api/resilience.ts, apiDispatcher). Real processes: the API under SIGSTOP, the
 * production storefront; 60 views of a per-request page over the stale config entry (60 s), then the
 * storefront's open connections to the API are counted. Exit code 1 if any is still open after
 * SHOP_API_TIMEOUT_MS + 4 s (undici checks its timeouts about once a second).
 */
import { execFileSync } from 'node:child_process';
import { apiTimeouts } from '../../lib/api/config';
import { freePort, startApi, startStorefront, tempDir } from '../../e2e/faults-processes';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const data = tempDir('stale-data-');
const logs = tempDir('stale-logs-');
const apiPort = await freePort();
const sitePort = await freePort();
const siteUrl = `http://localhost:${sitePort}`;
const api = await startApi({ port: apiPort, dataDir: data.dir, logDir: logs.dir, storefrontUrl: siteUrl, secret: 's' });
const site = await startStorefront({ port: sitePort, apiUrl: `http://127.0.0.1:${apiPort}`, secret: 's', logDir: logs.dir });
const sockets = () => {
  const out = execFileSync('ss', ['-tnp', 'state', 'established', `dport = :${apiPort}`]).toString();
  return out.split('\n').filter((l) => l.includes(`pid=${site.child.pid}`)).length;
};
try {
  for (let i = 0; i < 3; i++) await fetch(`${siteUrl}/products?sort=name`).then((r) => r.text());
  console.log(`dist ${process.env.NEXT_DIST_DIR ?? '.next'}: warmed; waiting 65 s for the config entry (60 s) to go stale`);
  await sleep(65_000);
  process.kill(api.child.pid!, 'SIGSTOP');
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await fetch(`${siteUrl}/products?sort=name`)).status);
  const t0 = performance.now();
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  console.log(`60 page views of a page over a stale config entry, API stopped: ${[...by].map(([s, n]) => `${n}× ${s}`).join(', ')}`);
  let last = NaN;
  for (const at of [0, 2000, 5000, 8000, 12000, 20000]) {
    await sleep(Math.max(0, at - (performance.now() - t0)));
    last = sockets();
    console.log(`  +${at / 1000} s: ${last} open connections storefront → API`);
    if (at >= apiTimeouts().callMs + 4000) break;
  }
  console.log(`${last === 0 ? 'ok  ' : 'FAIL'} no connection to the hung API left ${(apiTimeouts().callMs + 4000) / 1000} s after the page views (${last})`);
  process.exitCode = last === 0 ? 0 : 1;
} finally {
  process.kill(api.child.pid!, 'SIGCONT');
  await site.kill();
  await api.kill();
  data.remove();
  logs.remove();
}
