/**
 * Helpers of the fault tests (server/test/faults-*.test.ts) and bench/faults: the API as a real child
 * process (so it can be SIGKILLed), a stream of order creations through HTTP, and the integrity checks
 * run on the database afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../lib/api/order-attempt';
import type { Db } from '../db/client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function tempDataDir(prefix = 'shop-faults-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** stderr + stdout, for assertions on "no crash" and for failure messages */
  output: () => string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `node --import tsx server/main.ts` on DATA_DIR (PGlite) or DATABASE_URL; resolves once /health is 200. */
export async function spawnApi(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  readyMs?: number;
  /** more `--import` modules (after tsx), e.g. one that registers a scheduler job */
  imports?: string[];
}): Promise<ApiProcess> {
  let out = '';
  const imports = (opts.imports ?? []).flatMap((m) => ['--import', m]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports, 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // a demo instance: the fault tests order from the demo catalogue with the demo accounts
      SEED_DEMO: 'true',
      API_PORT: String(opts.port),
      API_HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      REVALIDATE_SECRET: 'faults',
      // hosts of one deployment share it (a start with DATABASE_URL refuses to run without it)
      JWT_SECRET: 'faults-jwt-secret-0123456789abcdef',
      STOREFRONT_URL: 'http://127.0.0.1:9',
      ...opts.env,
    },
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const proc: ApiProcess = {
    child,
    url,
    output: () => out,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const until = Date.now() + (opts.readyMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) }).then((r) => r.ok, () => false);
    if (ok) return proc;
    if (Date.now() > until) {
      await proc.kill();
      throw new Error(`API not ready:\n${out}`);
    }
    await sleep(250);
  }
}

export interface OrderSetup {
  token: string;
  body: { products: { id: number; quantity: number }[]; billingDataId: number; toSucc: true };
}

interface ProductRow { id: number; isVariable: boolean; state: string; price: number; discount: number | null; max: number; min: number; steps: number }

/** The demo customer's token and a pickup order above the minimum (as e2e/realtime.spec.ts builds it). */
export async function orderSetup(apiUrl: string, email = 'cliente@example.com'): Promise<OrderSetup> {
  const login = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'tienda-demo' }),
  });
  if (!login.ok) throw new Error(`login ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const items = ((await (await fetch(`${apiUrl}/api/products?rows=48&page=1`)).json()) as { data: { items: ProductRow[] } }).data.items;
  const p = items.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500));
  if (!p) throw new Error('no product fit for an order in the demo catalogue');
  const step = p.steps || 1;
  const units = Math.max(p.min || 1, Math.ceil(Math.ceil(150000 / Math.min(p.discount ?? p.price, p.price)) / step) * step);
  const billing = ((await (await fetch(`${apiUrl}/api/user/myBillingData`, { headers })).json()) as { data: { id: number }[] }).data;
  if (!billing[0]) throw new Error('the demo customer has no billing data');
  return { token, body: { products: [{ id: p.id, quantity: units }], billingDataId: billing[0].id, toSucc: true } };
}

export interface OrderResult {
  status: number; // 0 = no answer (connection refused / reset / timeout)
  id?: number;
  message?: string;
  /** the Idempotency-Key sent (keyedOrderLoad), and whether the API answered an order the key had already created */
  key?: string;
  replayed?: boolean;
}

export async function postOrder(apiUrl: string, setup: OrderSetup, timeoutMs = 15_000, idempotencyKey?: string): Promise<OrderResult> {
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${setup.token}` };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const res = await fetch(`${apiUrl}/api/order`, {
      method: 'POST',
      headers,
      body: JSON.stringify(setup.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: { data?: { id?: number }; message?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    const keyed = idempotencyKey ? { key: idempotencyKey, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' } : {};
    return { status: res.status, id: body.data?.id, message: body.message, ...keyed };
  } catch {
    return idempotencyKey ? { status: 0, key: idempotencyKey } : { status: 0 };
  }
}

/**
 * `workers` loops of order creations until `stop()` is called; every answer recorded. An order is a
 * success only with 201 and an id.
 */
export function orderLoad(apiUrl: () => string, setup: OrderSetup, workers: number) {
  const results: OrderResult[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const r = await postOrder(apiUrl(), setup);
      results.push(r);
      if (r.status !== 201) await sleep(100); // do not spin while the API or the database is away
    }
  });
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Like orderLoad, but as a careful client: every order has its own Idempotency-Key, and a failed attempt
 * (no answer, 5xx) is sent again with the same key until it is answered (201, or a 4xx refusal), also
 * after `stop()` (up to `settleMs`), so every key ends answered. Every attempt is recorded.
 */
export function keyedOrderLoad(apiUrl: () => string, setup: OrderSetup, workers: number, settleMs = 30_000) {
  const results: OrderResult[] = [];
  const unanswered = new Set<string>();
  let running = true;
  let deadline = Infinity;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const key = randomUUID();
      unanswered.add(key);
      for (;;) {
        const r = await postOrder(apiUrl(), setup, 15_000, key);
        results.push(r);
        if (r.status === 201 || (r.status >= 400 && r.status < 500 && r.status !== 429)) {
          unanswered.delete(key);
          break;
        }
        if (Date.now() > deadline) break;
        await sleep(100); // do not spin while the API or the database is away
      }
    }
  });
  return {
    results,
    /** keys still without an answer after stop() (given up at the deadline) */
    unanswered,
    async stop() {
      running = false;
      deadline = Date.now() + settleMs;
      await Promise.all(loops);
    },
  };
}

export interface Integrity {
  orders: number;
  withoutItems: number[];
  withoutHistory: number[];
  totalsMismatch: number[];
  ids: Set<number>;
}

/** Every order has its lines and its first history row, and total_price = Σ quantity × unit price. */
export async function checkIntegrity(db: Db): Promise<Integrity> {
  const rows = async (q: ReturnType<typeof sql>) => {
    const res = (await db.execute(q)) as unknown as { rows: { id: number | string }[] };
    return res.rows.map((r) => Number(r.id));
  };
  const all = await rows(sql`select id from orders`);
  return {
    orders: all.length,
    ids: new Set(all),
    withoutItems: await rows(sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`),
    withoutHistory: await rows(
      sql`select o.id from orders o where not exists (select 1 from order_state_history h where h.order_id = o.id)`,
    ),
    totalsMismatch: await rows(sql`
      select o.id from orders o
      join (select order_id, sum(quantity::bigint * unit_price_cents) as s from order_items group by order_id) t on t.order_id = o.id
      where o.total_price_cents <> t.s`),
  };
}

export function summarize(results: OrderResult[]): Record<string, number> {
  const by: Record<string, number> = {};
  for (const r of results) by[String(r.status)] = (by[String(r.status)] ?? 0) + 1;
  return by;
}
