/**
 * SIGKILL in the middle of order creations (issue #8): the API runs as a real child process, several
 * clients create orders, the process is killed with no chance to clean up, then started again on the
 * same data. Nothing half-written may remain: every order has its lines, its first history row and
 * total_price = Σ quantity × unit price; every order the clients were told about (201) exists; the
 * restarted API takes orders again. PGlite (its data directory) and, with TEST_DATABASE_URL, PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { openConfiguredDb } from '../db/open';
import { openDb } from '../db/client';
import { createPostgresDatabase, TEST_DATABASE_URL } from './helpers';
import {
  checkIntegrity,
  freePort,
  orderLoad,
  orderSetup,
  postOrder,
  sleep,
  spawnApi,
  summarize,
  tempDataDir,
  type ApiProcess,
} from './faults-support';

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function killMidOrders(kind: 'pglite' | 'postgres'): Promise<void> {
  const data = tempDataDir('shop-faults-kill-');
  cleanups.push(() => data.remove());
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const pgdb = await createPostgresDatabase();
    cleanups.push(() => pgdb.drop());
    databaseUrl = pgdb.url;
  }
  const port = await freePort();
  let api: ApiProcess = await spawnApi({ port, dataDir: data.dir, databaseUrl });
  cleanups.push(() => void api.kill());

  const setup = await orderSetup(api.url);
  const load = orderLoad(() => api.url, setup, 6);
  // let a few orders through, then kill while others are in flight
  const until = Date.now() + 20_000;
  while (load.results.filter((r) => r.status === 201).length < 4 && Date.now() < until) await sleep(20);
  const signal = await api.kill('SIGKILL').then(() => api.child.signalCode);
  await load.stop();
  assert.equal(signal, 'SIGKILL');
  const acknowledged = load.results.filter((r) => r.status === 201).map((r) => r.id!);
  assert.ok(acknowledged.length >= 4, `orders before the kill: ${JSON.stringify(summarize(load.results))}`);
  // nothing but 201 or "no answer" (the kill) — never a 5xx from a half-dead process
  assert.deepEqual(load.results.filter((r) => r.status !== 201 && r.status !== 0), []);

  api = await spawnApi({ port, dataDir: data.dir, databaseUrl });
  const again = await postOrder(api.url, setup);
  assert.equal(again.status, 201, again.message);
  assert.equal(await api.kill('SIGTERM'), 0, `graceful stop after the restart:\n${api.output()}`);

  const handle = databaseUrl ? await openDb({ databaseUrl }) : await openConfiguredDb({ dataDir: data.dir, owner: 'faults-kill-test' });
  try {
    const integrity = await checkIntegrity(handle.db);
    assert.deepEqual(integrity.withoutItems, [], 'orders without lines');
    assert.deepEqual(integrity.withoutHistory, [], 'orders without their history row');
    assert.deepEqual(integrity.totalsMismatch, [], 'orders whose total is not the sum of their lines');
    for (const id of [...acknowledged, again.id!]) assert.ok(integrity.ids.has(id), `acknowledged order ${id} is missing`);
  } finally {
    await handle.close();
  }
}

describe('SIGKILL a mitad de la creación de pedidos', () => {
  it('PGlite: sin pedidos a medio escribir, la API vuelve a arrancar', { timeout: 150_000 }, () => killMidOrders('pglite'));
  it('PostgreSQL: sin pedidos a medio escribir', { timeout: 150_000, skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL no está definida' }, () =>
    killMidOrders('postgres'),
  );
});
