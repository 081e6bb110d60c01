/**
 * Mixed API load on PostgreSQL: `npm run bench -- mixed [--duration 60] [--connections 20] [--products 2000]`.
 *
 * Creates a throwaway database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres;
 * dropped afterwards), seeds demo + N products, starts the API, signs the demo customers in
 * (cliente@: pick-up orders; vip@: shipping to Córdoba with their own transport), then for D seconds
 * C workers each loop over: browse 80 % (a catalogue page, a category page or a product by slug),
 * search 15 %, order creation 5 % (a real order body: 1–5 random active products, quantities above
 * the shop minimum). Reports p50/p99 and errors per kind (errors must be 0), then checks that the
 * orders in the database grew by exactly the number of 2xx order answers, and the API's RSS.
 */
import os from 'node:os';
import pg from 'pg';
import { bin, percentile, seed, start, stopAll, table, throwawayData, treeRssMb, waitFor } from '../storefront/harness';
import { freePort, rng, runBench, writeResults } from '../support';
import { benchArgs } from '../args';

const { duration: DURATION, connections: CONNECTIONS, products: PRODUCTS } = benchArgs({ duration: 60, connections: 20, products: 2000 });

type Kind = 'browse' | 'search' | 'order';
type Listed = {
  id: number;
  slug: string;
  isVariable: boolean;
  state: string;
  price: number;
  discount: number | null;
  /** quantity rules: 0 = none; steps = sold in multiples of */
  min: number;
  max: number;
  steps: number;
  Categories: { slug: string }[];
};

async function call<T>(url: string, init?: RequestInit): Promise<{ status: number; data: T; message?: string }> {
  const r = await fetch(url, init);
  const body = (await r.json().catch(() => ({}))) as { data: T; message?: string };
  return { status: r.status, data: body.data, message: body.message };
}
async function must<T>(url: string, init?: RequestInit): Promise<T> {
  const r = await call<T>(url, init);
  if (r.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url} → ${r.status} ${r.message ?? ''}`);
  return r.data;
}

async function main(): Promise<number> {
  const pgBase = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const data = await throwawayData('mixed', pgBase);
  try {
    seed({ DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl }, PRODUCTS);
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const child = start(bin('tsx'), ['server/main.ts'], {
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl,
      SEED_DEMO: 'true', // a demo instance (seeded above): demo accounts are expected in production
      // the load generator runs on loopback: exempt it from the global per-IP limit (logins still count)
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // no storefront in this bench: nothing to revalidate
      STOREFRONT_URL: 'http://127.0.0.1:9',
    });
    await waitFor(`${api}/health`, child);

    // URL pools.
    const first = await must<{ totalPages: number; items: Listed[] }>(`${api}/api/products?rows=100&page=1`);
    const listed: Listed[] = [...first.items];
    for (let p = 2; p <= Math.min(first.totalPages, 20); p++) listed.push(...(await must<{ items: Listed[] }>(`${api}/api/products?rows=100&page=${p}`)).items);
    const categories = [...new Set(listed.flatMap((p) => p.Categories.map((c) => c.slug)))];
    const pages12 = Math.ceil((first.totalPages * 100) / 12);
    const browse: string[] = [];
    for (let i = 1; i <= Math.min(pages12, 100); i++) browse.push(`/api/products?rows=12&page=${i}`);
    for (const c of categories) browse.push(`/api/products?rows=12&page=1&category=${encodeURIComponent(c)}`);
    for (const p of listed.slice(0, 400)) browse.push(`/api/product/slug/${encodeURIComponent(p.slug)}`);
    const terms = ['sahumerio', 'vela', 'lavanda', 'sandalo', 'palo santo', 'cuarzo', 'hornillo', 'tarot', 'mirra', 'vainilla', 'esencia', 'incienso', 'copal', 'amatista', 'aceite', 'zzz'];
    const search = terms.map((t) => `/api/products/search?query=${encodeURIComponent(t)}`);

    // Customers and their real order context.
    const config = await must<{ minOrderPrice: number; minLocalPrice: number }>(`${api}/api/config`);
    // Every line alone clears the highest minimum (shipping to the provinces: minimum + IVA) with room
    // for VIP prices and discounts; quantities follow each product's rules (min, max, multiples of steps).
    const lineAmount = Math.max(config.minOrderPrice, config.minLocalPrice) * 1.21 * 2;
    const quantity = (p: Listed) => {
      const step = p.steps > 1 ? p.steps : 1;
      const q = Math.max(1, p.min, Math.ceil(lineAmount / Math.min(p.price, p.discount ?? p.price)));
      return Math.ceil(q / step) * step;
    };
    const orderable = listed.filter(
      (p) => !p.isVariable && (p.state === 'active' || p.state === 'limited') && p.price > 0 && (p.max === 0 || quantity(p) <= p.max) && quantity(p) <= 100_000,
    );
    if (orderable.length < 5) throw new Error('not enough orderable products');
    const customers: { email: string; auth: { authorization: string }; billingDataId: number; addressId: number | null; pickup: boolean }[] = [];
    for (const [email, pickup] of [['cliente@example.com', true], ['vip@example.com', false]] as const) {
      const session = await must<{ token: string }>(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'tienda-demo' }),
      });
      const auth = { authorization: `Bearer ${session.token}` };
      const billing = await must<{ id: number }[]>(`${api}/api/user/myBillingData`, { headers: auth });
      const address = pickup ? [] : await must<{ id: number }[]>(`${api}/api/address/myAddresses`, { headers: auth });
      if (!billing.length || (!pickup && !address.length)) throw new Error(`${email}: no billing data / address in the demo seed`);
      customers.push({ email, auth, billingDataId: billing[0]!.id, addressId: pickup ? null : address[0]!.id, pickup });
    }
    const orderBody = (next: () => number, c: (typeof customers)[number]) => {
      const n = 1 + Math.floor(next() * 5);
      const lines = [...new Set(Array.from({ length: n }, () => orderable[Math.floor(next() * orderable.length)]!))];
      return {
        products: lines.map((p) => ({ id: p.id, quantity: quantity(p) })),
        billingDataId: c.billingDataId,
        ...(c.pickup ? { toSucc: true } : { toSucc: false, addressId: c.addressId, transportId: -1, otherTransport: 'Expreso del bench' }),
      };
    };
    // One order of each before the run: a body the API rejects would otherwise show up as load errors.
    const check = rng(7);
    for (const c of customers) {
      await must(`${api}/api/order`, { method: 'POST', headers: { ...c.auth, 'content-type': 'application/json' }, body: JSON.stringify(orderBody(check, c)) });
    }

    const db = new pg.Client({ connectionString: data.databaseUrl });
    await db.connect();
    const countOrders = async () => Number((await db.query('select count(*)::int as n from orders')).rows[0].n);
    const before = await countOrders();

    const lat: Record<Kind, number[]> = { browse: [], search: [], order: [] };
    const errors: Record<Kind, number> = { browse: 0, search: 0, order: 0 };
    const samples: string[] = [];
    let ok2xxOrders = 0;
    const until = Date.now() + DURATION * 1000;
    console.log(`[mixed] PostgreSQL, ${listed.length} listed products, ${CONNECTIONS} workers × ${DURATION} s: browse 80 % / search 15 % / order 5 %`);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, w) => {
        const next = rng(1000 + w);
        while (Date.now() < until) {
          const x = next();
          const kind: Kind = x < 0.8 ? 'browse' : x < 0.95 ? 'search' : 'order';
          const t0 = performance.now();
          let status = 0;
          try {
            if (kind === 'order') {
              const c = customers[w % customers.length]!;
              const r = await fetch(`${api}/api/order`, { method: 'POST', headers: { ...c.auth, 'content-type': 'application/json' }, body: JSON.stringify(orderBody(next, c)) });
              status = r.status;
              const text = await r.text();
              if (status >= 200 && status < 300) ok2xxOrders++;
              else if (samples.length < 5) samples.push(`order ${status}: ${text.slice(0, 200)}`);
            } else {
              const pool = kind === 'browse' ? browse : search;
              const r = await fetch(api + pool[Math.floor(next() * pool.length)]!);
              status = r.status;
              await r.arrayBuffer();
              if (status >= 300 && samples.length < 5) samples.push(`${kind} ${status}`);
            }
          } catch (err) {
            if (samples.length < 5) samples.push(`${kind}: ${(err as Error).message}`);
          }
          lat[kind].push(performance.now() - t0);
          if (status < 200 || status >= 300) errors[kind]++;
        }
      }),
    );
    const rss = treeRssMb(child.pid);
    const after = await countOrders();
    await db.end();

    const rows = (Object.keys(lat) as Kind[]).map((k) => {
      const s = lat[k].sort((a, b) => a - b);
      return [k, s.length, Math.round(s.length / DURATION), Math.round(percentile(s, 50)), Math.round(percentile(s, 99)), Math.round(s.at(-1) ?? 0), errors[k]];
    });
    const total = Object.values(lat).reduce((n, l) => n + l.length, 0);
    console.log(`\n${table(['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors'], rows)}`);
    console.log(`total ${total} requests, ${Math.round(total / DURATION)} req/s`);
    const created = after - before;
    console.log(`orders created in the database: ${created}; 2xx order answers: ${ok2xxOrders} → ${created === ok2xxOrders ? 'OK' : 'MISMATCH'}`);
    console.log(`API RSS after the load: ${rss} MB (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${os.cpus().length} CPUs)`);
    for (const s of samples) console.log(`sample error: ${s}`);

    writeResults('mixed', { durationSeconds: DURATION, connections: CONNECTIONS, rows, ordersCreated: created, orders2xx: ok2xxOrders, apiRssMb: rss });
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    return errorCount === 0 && created === ok2xxOrders ? 0 : 1;
  } finally {
    await stopAll();
    await data.drop();
  }
}

runBench(main, stopAll);
