/**
 * Rate limits, login throttles and the chat limiter across API hosts (issue 21): two API instances on one
 * database and one real redis-server count together — a guesser who alternates hosts is stopped after the
 * same 5 failures, the global limit and the chat limit are one count. Without Redis each host counts alone
 * (the old behaviour, kept as the control: 2 hosts allowed twice as much). Redis down or hung: requests still
 * answer within the Redis deadline, limits fall back to each host's memory, nothing hangs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { LocalCounterStore, SharedWindow } from '../lib/shared-counters';
import { call } from './auth-fixtures';
import { startRedis, timed } from './hang-support';
import { createTestContext } from './helpers';
import { api, createCustomer, insertTestCatalogue, setMinimums } from './orders-fixtures';

const TOO_MANY_ATTEMPTS = 'Demasiados intentos fallidos. Esperá unos minutos e intentá de nuevo.';
const TOO_MANY = 'Demasiadas solicitudes, intenta nuevamente en unos minutos';

describe('SharedWindow (memoria)', () => {
  it('cuenta por clave dentro de la ventana y la olvida después', async () => {
    let now = 0;
    const w = new SharedWindow({ max: 2, windowMs: 1000 }, new LocalCounterStore(() => now), 'x:');
    assert.equal(await w.consume('a'), 0);
    assert.equal(await w.consume('a'), 0);
    assert.equal(await w.consume('a'), 1);
    assert.equal(await w.consume('b'), 0);
    now = 999;
    assert.equal(await w.retryAfter('a'), 1);
    now = 1000;
    assert.equal(await w.retryAfter('a'), 0);
    await w.hit('a');
    await w.reset('a');
    assert.equal(await w.retryAfter('a'), 0);
  });

  it('no crece sin límite con muchas claves', async () => {
    const store = new LocalCounterStore(Date.now, 100);
    const w = new SharedWindow({ max: 1, windowMs: 60_000 }, store, 'k:');
    for (let i = 0; i < 1000; i++) await w.hit(`k${i}`);
    assert.ok(store.size <= 100);
  });
});

describe('límites compartidos entre dos APIs', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  const apps: FastifyInstance[] = [];
  const logs: string[] = [];

  /** a second "host": another app on the same database, with or without Redis */
  async function host(redisUrl: string | null, max = 1000): Promise<FastifyInstance> {
    const app = await buildApp({
      db: ctx.db.db,
      dataDir: ctx.dataDir,
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
      rateLimit: { max, allowList: [] },
      realtime: { redisUrl },
      timeouts: { redisConnectMs: 500, redisCommandMs: 300 },
    });
    apps.push(app);
    // the start does not wait for Redis (it counts in memory until then): wait here, so every count is shared
    for (let i = 0; redisUrl && app.counters.mode !== 'redis' && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
    return app;
  }

  before(async () => {
    redis = await startRedis();
    ctx = await createTestContext('pglite');
  });
  after(async () => {
    for (const a of apps) await a.close();
    await ctx?.dispose();
    await redis?.kill();
  });

  const login = (app: FastifyInstance, password: string, ip: string) =>
    call(app, 'POST', '/auth/login', { body: { email: 'vip@example.com', password }, ip });

  it('sin Redis cada API cuenta sola: dos APIs dejan probar el doble (el comportamiento anterior)', async () => {
    const [a, b] = [await host(null), await host(null)];
    for (let i = 0; i < 5; i++) assert.equal((await login(i % 2 ? b : a, `equivocada-${i}`, '10.50.0.1')).status, 401);
    // 5 failures spread over two hosts: each saw fewer than 5
    assert.equal((await login(a, 'otra-equivocada', '10.50.0.1')).status, 401);
  });

  it('con Redis: 5 intentos fallidos repartidos entre las dos APIs frenan esa dirección en ambas', async () => {
    const [a, b] = [await host(redis.url), await host(redis.url)];
    for (let i = 0; i < 5; i++) assert.equal((await login(i % 2 ? b : a, `equivocada-${i}`, '10.51.0.1')).status, 401, `intento ${i}`);
    for (const app of [a, b]) {
      const r = await login(app, 'tienda-demo', '10.51.0.1');
      assert.equal(r.status, 429);
      assert.equal(r.body.message, TOO_MANY_ATTEMPTS);
      assert.ok(Number(r.headers['retry-after']) > 0);
    }
    assert.equal((await login(b, 'tienda-demo', '10.51.0.2')).status, 200, 'another address is not stopped');
  });

  it('con Redis: el límite global por IP es uno para todas las APIs', async () => {
    const [a, b] = [await host(redis.url, 6), await host(redis.url, 6)];
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(i % 2 ? b : a, 'GET', '/api/category/names', { ip: '10.52.0.1' })).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429]);
    const r = await call(a, 'GET', '/api/category/names', { ip: '10.52.0.1' });
    assert.equal(r.body.message, TOO_MANY);
  });

  it('con Redis: el límite de mensajes del chat es uno para todas las APIs', async () => {
    const [a, b] = [await host(redis.url), await host(redis.url)];
    await setMinimums(ctx.db.db);
    const cat = await insertTestCatalogue(ctx.db.db);
    const owner = await createCustomer(a, ctx.db.db, { email: 'chat-compartido@example.com' });
    const order = await api(a, 'POST', '/api/order', { token: owner.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: owner.billingId } });
    const id = order.body.data.id as number;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await api(i % 2 ? b : a, 'POST', `/api/order/${id}/messages`, { token: owner.token, body: { text: `hola ${i}` } })).status);
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(201));
    assert.equal(statuses[20], 429);
  });

  it('Redis colgado o caído: las respuestas llegan dentro del plazo de Redis y se cuenta en memoria', async () => {
    const a = await host(redis.url);
    redis.stop();
    try {
      const { value, ms } = await timed(login(a, 'equivocada', '10.53.0.1'), 10_000);
      assert.equal(value.status, 401);
      assert.ok(ms < 3_000, `a hung Redis costs a deadline, not a hang (${ms} ms)`);
      for (let i = 0; i < 4; i++) await login(a, `equivocada-${i}`, '10.53.0.1');
      assert.equal((await login(a, 'tienda-demo', '10.53.0.1')).status, 429, 'this host still limits, in memory');
    } finally {
      redis.cont();
    }
    await redis.kill();
    const r = await timed(call(a, 'GET', '/api/category/names', { ip: '10.53.0.9' }), 10_000);
    assert.equal(r.value.status, 200);
    assert.ok(logs.some((l) => l.includes('límites compartidos: Redis no responde')), 'the outage is logged');
    assert.ok(logs.filter((l) => l.includes('límites compartidos: Redis no responde')).length <= apps.length, 'once per outage, not per request');
  });
});
