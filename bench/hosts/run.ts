/**
 * Several hosts (issue 21), on the topology of `npm run topology` (2 APIs, 2 storefronts, nginx, PostgreSQL,
 * Redis, s3rver), ratios measured in one run:
 * 1. a cached product page, req/s: our Redis handler (lib/cache/redis-cache-handler.mjs) and
 *    @fortedigital/nextjs-cache-handler, each over Next's file cache (the reference), interleaved;
 * 2. a staff price change → the new price on every storefront instance (p50 / p99 over --changes);
 * 3. a 5 MB proof uploaded and downloaded through the API, files on disk vs in S3 (req/s, p99), interleaved.
 *
 *   npm run bench -- hosts [--pg postgres://…] [--duration 20] [--changes 20] [--proofs 12]
 * Needs a build (npm run build), redis-server and nginx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTopology } from '../../deploy/local/topology';
import { loadInterleaved, percentile, root, start, stop, table, waitFor } from '../storefront/harness';
import { freePort } from '../support';
import { benchArgs } from '../args';

const args = benchArgs({ duration: 20, changes: 20, proofs: 12 }, { strings: ['pg'] });
const PG = args.pg ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const NEXT_BIN = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const PASSWORD = 'tienda-demo';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function login(api: string, email: string): Promise<string> {
  const r = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** A PDF of `bytes` bytes (a real header, then padding inside a comment). */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj <<>> endobj\n%');
  const tail = Buffer.from('\ntrailer <<>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x41), tail]);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-hosts-'));
const rows: (string | number)[][] = [];
const [site, api, s1, s2, a1, a2, s3, redisPort] = await Promise.all(Array.from({ length: 8 }, () => freePort()));
console.log('[hosts] starting the topology (2 APIs, 2 storefronts, nginx, PostgreSQL, Redis, s3rver)…');
const topo = await startTopology({
  dir,
  adminDatabaseUrl: PG,
  ports: { site: site!, api: api!, storefronts: [s1!, s2!], apis: [a1!, a2!], s3: s3!, redis: redisPort! },
  storefrontEnv: { SHOP_API_TIMEOUT_MS: '10000', SHOP_API_SHELL_TIMEOUT_MS: '5000' },
  log: (m) => console.log(`  ${m}`),
});
const extra: ReturnType<typeof start>[] = [];
try {
  const products = ((await (await fetch(`${topo.api}/api/products?rows=48&page=1`)).json()) as { data: { items: { id: number; slug: string; price: number; isVariable: boolean; state: string; Categories: { slug: string }[] }[] } }).data.items;
  const product = products.find((p) => !p.isVariable && p.state === 'active' && p.Categories.length > 0)!;
  const productPath = `/${product.Categories[0]!.slug}/${product.slug}`;

  /* 1. cached page req/s per handler */
  const storefrontEnv = {
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    SHOP_API_URL: topo.api,
    PUBLIC_API_URL: topo.api,
    PUBLIC_SITE_URL: topo.site,
    REVALIDATE_SECRET: topo.secrets.revalidate,
  };
  const filePort = await freePort();
  const fortePort = await freePort();
  extra.push(start(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(filePort)], { ...storefrontEnv, REDIS_URL: '' }));
  extra.push(start(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(fortePort)], { ...storefrontEnv, REDIS_URL: topo.redis.url, NEXT_CACHE_HANDLER: './bench/hosts/fortedigital-handler.mjs' }));
  const targets = [
    { name: 'file cache (Next default)', url: `http://127.0.0.1:${filePort}${productPath}`, pid: extra[0]!.pid },
    { name: 'Redis: lib/cache/redis-cache-handler.mjs', url: `${topo.storefronts[0]!.url}${productPath}`, pid: topo.storefronts[0]!.pid },
    { name: 'Redis: @fortedigital/nextjs-cache-handler', url: `http://127.0.0.1:${fortePort}${productPath}`, pid: extra[1]!.pid },
  ];
  for (const t of targets) {
    await waitFor(t.url, undefined, 240_000);
    for (let i = 0; i < 20; i++) {
      const r = await fetch(t.url);
      await r.arrayBuffer();
      if (r.headers.get('x-nextjs-cache') === 'HIT') break;
      await sleep(250);
    }
  }
  const duration = args.duration;
  console.log(`[hosts] cached product page, 20 connections, ${duration} s each in 4 interleaved rounds`);
  const load = await loadInterleaved(targets, { connections: 20, duration, warmup: 3, rounds: 4 });
  const ref = load[0]!;
  for (const r of load) {
    rows.push([`${r.name}: req/s`, r.reqPerSec, `p99 ${r.p99} ms, ${r.cpuMsPerReq} ms CPU/req, non-2xx ${r.non2xx}`, r === ref ? 'reference' : `${((r.reqPerSec / ref.reqPerSec) * 100).toFixed(0)} % of the file cache (target ≥ 80 %)`]);
  }

  /* 2. price change → every instance */
  const changes = args.changes;
  const staff = await login(topo.apis[1]!.url, 'staff@example.com');
  const times: number[] = [];
  console.log(`[hosts] ${changes} price changes through API B, watched on both storefronts`);
  for (let i = 0; i < changes; i++) {
    const price = product.price + 100 + i * 7;
    const shown = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2 }).format(price);
    const t0 = performance.now();
    const res = await fetch(`${topo.apis[1]!.url}/api/staff/products/${product.id}`, { method: 'PATCH', headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' }, body: JSON.stringify({ price }) });
    await res.arrayBuffer();
    const seen = await Promise.all(
      topo.storefronts.map(async (sf) => {
        for (;;) {
          const html = await (await fetch(`${sf.url}${productPath}`)).text();
          if (html.includes(shown)) return performance.now() - t0;
          if (performance.now() - t0 > 30_000) return Infinity;
          await sleep(25);
        }
      }),
    );
    times.push(Math.max(...seen));
    await sleep(300);
  }
  times.sort((a, b) => a - b);
  rows.push(['price change → new price on every instance', `p50 ${Math.round(percentile(times, 50))} ms`, `p99 ${Math.round(percentile(times, 99))} ms, max ${Math.round(times.at(-1)!)} ms (${changes} changes)`, percentile(times, 99) < 2000 ? 'OK (target < 2 s p99)' : 'NO (target < 2 s p99)']);

  /* 3. 5 MB proof through each store */
  const fsApiPort = await freePort();
  extra.push(start(process.execPath, ['--import', 'tsx', 'server/main.ts'], { ...topo.apiEnvOf(0), API_PORT: String(fsApiPort), DATA_DIR: path.join(dir, 'api-fs'), S3_BUCKET: '', SCHEDULER: 'false' }));
  const stores = [
    { name: 'filesystem', api: `http://127.0.0.1:${fsApiPort}` },
    { name: 'S3 (s3rver)', api: topo.apis[0]!.url },
  ];
  await waitFor(`${stores[0]!.api}/health`, extra[2], 240_000);
  const customer = await login(stores[1]!.api, 'vip@example.com');
  const auth = { authorization: `Bearer ${customer}` };
  const billing = ((await (await fetch(`${stores[1]!.api}/api/user/myBillingData`, { headers: auth })).json()) as { data: { id: number }[] }).data[0]!.id;
  const order = await fetch(`${stores[1]!.api}/api/order`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ products: [{ id: product.id, quantity: Math.ceil(80000 / product.price) }], billingDataId: billing, toSucc: true }),
  });
  const orderId = ((await order.json()) as { data: { id: number } }).data.id;
  const pdf = pdfOf(5 * 1024 * 1024);
  const proofs = args.proofs;
  const up: Record<string, number[]> = { filesystem: [], 'S3 (s3rver)': [] };
  const down: Record<string, number[]> = { filesystem: [], 'S3 (s3rver)': [] };
  const urls: Record<string, string[]> = { filesystem: [], 'S3 (s3rver)': [] };
  console.log(`[hosts] ${proofs} uploads and downloads of a 5 MB proof per store, interleaved`);
  for (let i = 0; i < proofs; i++) {
    for (const s of stores) {
      const form = new FormData();
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'comprobante.pdf');
      const t0 = performance.now();
      const r = await fetch(`${s.api}/api/order/${orderId}/proof`, { method: 'POST', headers: auth, body: form });
      const body = (await r.json()) as { data?: { fileUrl: string } };
      if (r.status !== 201) throw new Error(`${s.name}: upload ${r.status}`);
      up[s.name]!.push(performance.now() - t0);
      urls[s.name]!.push(body.data!.fileUrl);
    }
  }
  for (let i = 0; i < proofs; i++) {
    for (const s of stores) {
      const t0 = performance.now();
      const r = await fetch(`${s.api}${urls[s.name]![i]}`, { headers: auth });
      const bytes = (await r.arrayBuffer()).byteLength;
      if (r.status !== 200 || bytes !== pdf.length) throw new Error(`${s.name}: download ${r.status} ${bytes} B`);
      down[s.name]!.push(performance.now() - t0);
    }
  }
  for (const [what, m] of [['upload', up], ['download', down]] as const) {
    const fsRate = 1000 / (m.filesystem!.reduce((a, b) => a + b, 0) / proofs);
    for (const s of stores) {
      const list = [...m[s.name]!].sort((a, b) => a - b);
      const rate = 1000 / (list.reduce((a, b) => a + b, 0) / proofs);
      rows.push([`5 MB proof ${what}, ${s.name}`, `${rate.toFixed(1)} req/s`, `p50 ${Math.round(percentile(list, 50))} ms, p99 ${Math.round(percentile(list, 99))} ms`, s.name === 'filesystem' ? 'reference (one at a time)' : `${((rate / fsRate) * 100).toFixed(0)} % of the filesystem`]);
    }
  }
} finally {
  for (const c of extra) await stop(c);
  await topo.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${table(['what', 'figure', 'detail', 'ratio / target'], rows)}`);
