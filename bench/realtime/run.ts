/**
 * Realtime benchmark: `npx tsx bench/realtime/run.ts [--sockets 2000] [--rooms 200] [--rate 200]
 * [--duration 10] [--workers 2]`; with REDIS_URL set, the broadcast goes through @socket.io/redis-adapter.
 *
 * 1. Builds the API in this process on a fresh seeded PGlite (the test harness' template), creates
 *    `rooms` orders for the demo customer and listens on a free port.
 * 2. Worker threads (their own event loops, so the clients do not share the server's) open `sockets`
 *    authenticated websocket connections — half as the customer, who may only join their own orders
 *    (checked against the database), half as staff — and each joins one order room.
 * 3. The server broadcasts `rate` messages per second for `duration` seconds to random order rooms
 *    through `app.realtime.emitToOrder` (the path POST /api/order/:id/messages uses). Each client records
 *    the delivery latency (clock shared across threads: performance.timeOrigin + now()).
 *
 * Prints connections held, deliveries and p50/p95/p99/max latency; writes JSON to bench/results/ and
 * compares with the target (2,000 sockets held, p99 < 100 ms).
 */
import { Worker } from 'node:worker_threads';
import { createTestContext } from '../../server/test/helpers';
import { api, login } from '../../server/test/orders-fixtures';
import { orders, users } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { benchArgs } from '../args';
import { writeResults } from '../support';

const { sockets: SOCKETS, rooms: ROOMS, rate: RATE, duration: DURATION, workers: WORKERS } = benchArgs({
  sockets: 2000,
  rooms: 200,
  rate: 200,
  duration: 10,
  workers: 2,
});
const TARGET_P99_MS = 100;

const now = () => performance.timeOrigin + performance.now();

// Plain JS (eval worker): connects its share of sockets, joins rooms, records latencies.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { io } = require('socket.io-client');
const now = () => performance.timeOrigin + performance.now();
const { url, jobs } = workerData;
const sockets = [];
const latencies = [];
let failed = 0;
async function open(job) {
  return new Promise((resolve) => {
    const s = io(url, { transports: ['websocket'], auth: { token: job.token }, reconnection: false, forceNew: true, timeout: 20000 });
    s.once('connect', () => {
      s.timeout(20000).emit('joinRoom', job.room, (err, answer) => {
        if (err || !answer || !answer.ok) failed += 1;
        resolve();
      });
    });
    s.once('connect_error', () => { failed += 1; resolve(); });
    s.on('newMessage', (m) => { if (m && typeof m.t === 'number') latencies.push(now() - m.t); });
    sockets.push(s);
  });
}
(async () => {
  const CONCURRENCY = 50;
  for (let i = 0; i < jobs.length; i += CONCURRENCY) await Promise.all(jobs.slice(i, i + CONCURRENCY).map(open));
  parentPort.postMessage({ type: 'ready', connected: sockets.filter((s) => s.connected).length, failed });
})();
parentPort.on('message', (msg) => {
  if (msg === 'report') {
    parentPort.postMessage({ type: 'report', latencies, connected: sockets.filter((s) => s.connected).length });
    for (const s of sockets) s.close();
  }
});
`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  console.log(`realtime bench: ${SOCKETS} sockets, ${ROOMS} order rooms, ${RATE} msg/s for ${DURATION} s, ${WORKERS} worker(s)`);
  const redisUrl = process.env.REDIS_URL?.trim() || null;
  if (redisUrl) console.log(`through Redis: ${redisUrl}`);
  const ctx = await createTestContext('pglite', { realtime: { redisUrl } });
  try {
    const { app, db } = ctx;
    const customerToken = await login(app, 'cliente@example.com');
    const staffToken = await login(app, 'staff@example.com');
    const [customer] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'cliente@example.com'));
    const rows = await db.db
      .insert(orders)
      .values(Array.from({ length: ROOMS }, () => ({ userId: customer!.id })))
      .returning({ id: orders.id });
    const orderIds = rows.map((r) => r.id);
    // sanity: the chat endpoint answers for these orders
    const probe = await api(app, 'GET', `/api/order/${orderIds[0]}/messages`, { token: customerToken });
    if (probe.status !== 200) throw new Error(`chat probe: ${probe.status}`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;

    const jobs = Array.from({ length: SOCKETS }, (_, i) => ({
      token: i % 2 === 0 ? customerToken : staffToken,
      room: `Order-${orderIds[i % orderIds.length]}`,
    }));
    const t0 = now();
    const workers = Array.from({ length: WORKERS }, (_, w) => {
      const share = jobs.filter((_, i) => i % WORKERS === w);
      return new Worker(WORKER_CODE, { eval: true, workerData: { url, jobs: share } });
    });
    const ready = await Promise.all(
      workers.map(
        (w) =>
          new Promise<{ connected: number; failed: number }>((resolve, reject) => {
            w.once('error', reject);
            w.once('message', (m: { type: string; connected: number; failed: number }) => resolve(m));
          }),
      ),
    );
    const connectMs = now() - t0;
    const connected = ready.reduce((s, r) => s + r.connected, 0);
    const failedJoins = ready.reduce((s, r) => s + r.failed, 0);
    const held = app.realtime.io.engine.clientsCount;
    console.log(`connected ${connected}/${SOCKETS} in ${(connectMs / 1000).toFixed(1)} s (server holds ${held}); refused/failed joins: ${failedJoins}`);

    // broadcast: RATE per second, in 10 ms ticks
    const roomSize = new Map<number, number>();
    for (const j of jobs) {
      const id = Number(j.room.slice('Order-'.length));
      roomSize.set(id, (roomSize.get(id) ?? 0) + 1);
    }
    let sent = 0;
    let expected = 0;
    const perTick = RATE / 100;
    let carry = 0;
    const end = now() + DURATION * 1000;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (now() >= end) {
          clearInterval(timer);
          resolve();
          return;
        }
        carry += perTick;
        while (carry >= 1) {
          carry -= 1;
          const orderId = orderIds[Math.floor(Math.random() * orderIds.length)]!;
          app.realtime.emitToOrder(orderId, 'newMessage', { orderId, text: 'bench', t: now() });
          sent += 1;
          expected += roomSize.get(orderId) ?? 0;
        }
      }, 10);
    });
    await new Promise((r) => setTimeout(r, 500)); // let the last deliveries land

    const reports = await Promise.all(
      workers.map(
        (w) =>
          new Promise<{ latencies: number[]; connected: number }>((resolve) => {
            w.on('message', (m: { type: string; latencies: number[]; connected: number }) => {
              if (m.type === 'report') resolve(m);
            });
            w.postMessage('report');
          }),
      ),
    );
    const stillConnected = reports.reduce((s, r) => s + r.connected, 0);
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    await Promise.all(workers.map((w) => w.terminate()));

    const result = {
      sockets: SOCKETS,
      rooms: ROOMS,
      ratePerSecond: RATE,
      durationSeconds: DURATION,
      workers: WORKERS,
      redis: Boolean(redisUrl),
      connected,
      heldAtEnd: stillConnected,
      failedJoins,
      connectSeconds: Number((connectMs / 1000).toFixed(2)),
      messagesSent: sent,
      deliveriesExpected: expected,
      deliveriesReceived: latencies.length,
      latencyMs: {
        p50: Number(percentile(latencies, 50).toFixed(2)),
        p95: Number(percentile(latencies, 95).toFixed(2)),
        p99: Number(percentile(latencies, 99).toFixed(2)),
        max: Number((latencies.at(-1) ?? NaN).toFixed(2)),
      },
      target: { sockets: 2000, p99Ms: TARGET_P99_MS },
    };
    const pass = stillConnected >= Math.min(SOCKETS, 2000) && result.latencyMs.p99 < TARGET_P99_MS && latencies.length === expected;
    console.log(
      `held ${stillConnected} sockets; ${sent} messages → ${latencies.length}/${expected} deliveries; ` +
        `latency p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
    );
    console.log(`target (2,000 sockets, p99 < ${TARGET_P99_MS} ms, every delivery): ${pass ? 'OK' : 'NOT MET'}`);
    writeResults('realtime', { ...result, pass });
  } finally {
    await ctx.dispose();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
