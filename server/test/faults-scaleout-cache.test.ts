/**
 * Two API instances, one database, one Redis (README "Deployment"): a catalogue write on one instance
 * drops the other's in-memory catalogue cache too (pub/sub). Without it the storefront, told to
 * revalidate, re-rendered from the other instance's stale answer and kept that page for its ISR lifetime
 * (found by the scale-out e2e in e2e/faults.spec.ts). Needs TEST_REDIS_URL.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { TEST_JWT_SECRET, memoryMailer } from './auth-fixtures';
import { createTestContext } from './helpers';
import { api, login } from './orders-fixtures';

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

it('una escritura en la instancia 2 vacía la caché del catálogo de la instancia 1', { skip: redisUrl ? false : 'TEST_REDIS_URL no está definida' }, async () => {
  const options = { auth: { jwtSecret: TEST_JWT_SECRET, mailer: memoryMailer() }, realtime: { redisUrl: redisUrl! } };
  const ctx = await createTestContext('pglite', options);
  cleanups.push(() => ctx.dispose());
  const first: FastifyInstance = ctx.app;
  const second = await buildApp({ db: ctx.db.db, dataDir: ctx.dataDir, logger: false, ...options });
  cleanups.push(() => second.close());

  const list = await api(first, 'GET', '/api/products?rows=12&page=1');
  const product = (list.body.data.items as { id: number; slug: string; state: string }[]).find((p) => p.state === 'active')!;
  const url = `/api/product/slug/${product.slug}`;
  assert.equal((await api(first, 'GET', url)).headers['x-cache'], 'miss');
  const cached = await api(first, 'GET', url);
  assert.equal(cached.headers['x-cache'], 'hit');

  const staff = await login(second, 'staff@example.com');
  const patched = await api(second, 'PATCH', `/api/staff/products/${product.id}`, { token: staff, body: { state: 'noStock' } });
  assert.equal(patched.status, 200, patched.raw);

  // the message travels through Redis: give it a moment, then the first instance must read fresh data
  const until = Date.now() + 3000;
  let fresh = await api(first, 'GET', url);
  while (fresh.headers['x-cache'] === 'hit' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    fresh = await api(first, 'GET', url);
  }
  assert.equal(fresh.headers['x-cache'], 'miss', 'instance 1 still answers from its cache');
  assert.equal(fresh.body.data.state, 'noStock');

  // a read-only request on instance 2 does not disturb instance 1's cache
  assert.equal((await api(first, 'GET', url)).headers['x-cache'], 'hit');
  await api(second, 'GET', '/api/products?rows=12&page=1');
  assert.equal((await api(first, 'GET', url)).headers['x-cache'], 'hit');
});
