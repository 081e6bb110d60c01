/**
 * PostgreSQL hanging (issue 29), for real: a TCP proxy in front of the real server that stops forwarding
 * mid-stream (in the middle of an order's transaction), a listener that accepts and never answers, a table
 * lock held by another session, and a transaction whose caller stops talking. Each request answers 503
 * 'El servicio no está disponible…' within its deadline + 250 ms, nothing is half-written, and the API
 * serves again within 5 s of the database resuming, without a restart.
 *
 * PostgreSQL only (PGlite is in-process: there is no connection to hang). Skipped without TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDb, type DbHandle, type DbTimeouts } from '../db/client';
import { MESSAGES } from '../errors';
import { checkIntegrity, sleep } from './faults-support';
import { appOnDatabase, blackhole, HANG_CAP_MS, PausableProxy, recoveryTime, timed } from './hang-support';
import { createSeededPostgres, TEST_DATABASE_URL } from './helpers';

const SLACK_MS = 250;
// Short deadlines so the suite is quick; distinct so each test shows which one answered.
const T: DbTimeouts = { dbConnectMs: 600, dbStatementMs: 1_200, dbQueryMs: 1_800, dbIdleInTransactionMs: 1_500 };

function appOn(databaseUrl: string, dataDir: string, opts: { poolSize?: number } = {}) {
  return appOnDatabase(
    databaseUrl,
    dataDir,
    { poolSize: opts.poolSize ?? 4, timeouts: T },
    { catalogueCacheTtlMs: 0 /* every GET reaches the database */, rateLimit: { max: 1_000_000 } },
  );
}

type Order = { token: string; body: { products: { id: number; quantity: number }[]; billingDataId: number; toSucc: true } };

/** The demo customer's session and a pickup order above the minimum. */
async function orderSetup(app: FastifyInstance): Promise<Order> {
  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'cliente@example.com', password: 'tienda-demo' } });
  assert.equal(login.statusCode, 200, login.body);
  const token = (login.json() as { data: { token: string } }).data.token;
  type P = { id: number; isVariable: boolean; state: string; price: number; discount: number | null; max: number; min: number; steps: number };
  const items = (await app.inject({ method: 'GET', url: '/api/products?rows=48&page=1' })).json().data.items as P[];
  const p = items.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500))!;
  const step = p.steps || 1;
  const units = Math.max(p.min || 1, Math.ceil(Math.ceil(150000 / Math.min(p.discount ?? p.price, p.price)) / step) * step);
  const billing = (await app.inject({ method: 'GET', url: '/api/user/myBillingData', headers: { authorization: `Bearer ${token}` } })).json();
  return { token, body: { products: [{ id: p.id, quantity: units }], billingDataId: billing.data[0].id, toSucc: true } };
}

function postOrder(app: FastifyInstance, o: Order, key = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { authorization: `Bearer ${o.token}`, 'idempotency-key': key },
    payload: o.body,
  });
}

function assertUnavailable(res: { statusCode: number; body: string; json(): unknown; headers: Record<string, unknown> }) {
  assert.equal(res.statusCode, 503, res.body);
  assert.deepEqual(res.json(), { success: false, message: MESSAGES.unavailable, code: 'UNAVAILABLE' });
  assert.equal(res.headers['cache-control'], 'no-store');
}

const pgUrl = TEST_DATABASE_URL ? new URL(TEST_DATABASE_URL) : null;
const skip = TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL no está definida';

describe('PostgreSQL colgado → 503 a tiempo, nada a medias, recuperación sola', { skip }, () => {
  let seeded: Awaited<ReturnType<typeof createSeededPostgres>>;
  let direct: DbHandle; // the test's own view of the database, not through the proxy
  before(async () => {
    seeded = await createSeededPostgres();
    direct = await openDb({ databaseUrl: seeded.url, poolSize: 2 });
  });
  after(async () => {
    await direct?.close();
    await seeded?.drop();
  });

  const viaProxy = (proxy: PausableProxy) => {
    const u = new URL(seeded.url);
    u.host = `127.0.0.1:${proxy.port}`;
    return u.toString();
  };

  it('la red se cuelga a mitad de la transacción de un pedido: 503, el pedido no queda sin líneas, vuelve solo', async () => {
    const proxy = await new PropsProxy(pgUrl!).listen();
    const api = await appOn(viaProxy(proxy), seeded.dataDir);
    try {
      const order = await orderSetup(api.app);
      const before = await checkIntegrity(direct.db);
      // the proxy stops just before the lines of the order reach PostgreSQL: the order row is inserted, the transaction open
      const stalled = proxy.pauseWhen('order_items');
      const { value: res, ms } = await timed(postOrder(api.app, order), HANG_CAP_MS);
      await stalled;
      assertUnavailable(res);
      assert.ok(ms <= T.dbQueryMs + SLACK_MS, `answered in ${ms} ms (deadline ${T.dbQueryMs} ms)`);

      proxy.resume();
      const resumed = performance.now();
      // recovery: a new order goes through within 5 s of the network coming back
      const recovered = await recoveryTime(async () => (await postOrder(api.app, order)).statusCode === 201);
      assert.ok(recovered <= 5_000);
      console.log(`# pedido a mitad: 503 en ${ms} ms; recuperado ${Math.round(performance.now() - resumed)} ms después de reanudar`);

      // nothing half-written: the stalled order is not there (rolled back), every order has its lines
      await sleep(300);
      const now = await checkIntegrity(direct.db);
      assert.deepEqual(now.withoutItems, []);
      assert.deepEqual(now.withoutHistory, []);
      assert.deepEqual(now.totalsMismatch, []);
      assert.equal(now.orders, before.orders + 1, 'only the order of the recovery probe exists');
    } finally {
      proxy.resume();
      await api.close();
      await proxy.close();
    }
  });

  it('la red se cuelga entre consultas: GET y /health 503 a tiempo; después 200 sin reiniciar', async () => {
    const proxy = await new PropsProxy(pgUrl!).listen();
    const api = await appOn(viaProxy(proxy), seeded.dataDir);
    try {
      assert.equal((await api.app.inject({ method: 'GET', url: '/api/config' })).statusCode, 200); // pool has connections
      proxy.pause();
      for (const url of ['/api/config', '/api/products?page=1', '/health']) {
        const { value: res, ms } = await timed(api.app.inject({ method: 'GET', url }), HANG_CAP_MS);
        assertUnavailable(res);
        // a pooled connection waits for its answer (query deadline); a new one for the connect deadline
        assert.ok(ms <= T.dbQueryMs + SLACK_MS, `${url} answered in ${ms} ms`);
        console.log(`# ${url} con la red colgada: 503 en ${ms} ms`);
      }
      proxy.resume();
      const recovered = await recoveryTime(async () => (await api.app.inject({ method: 'GET', url: '/api/products?page=1' })).statusCode === 200);
      console.log(`# recuperado en ${recovered} ms`);
    } finally {
      proxy.resume();
      await api.close();
      await proxy.close();
    }
  });

  it('un servidor que acepta la conexión y nunca contesta: 503 al vencer el plazo de conexión', async () => {
    const hole = await blackhole();
    const api = await appOn(`postgres://postgres@127.0.0.1:${hole.port}/shop`, seeded.dataDir);
    try {
      const { value: res, ms } = await timed(api.app.inject({ method: 'GET', url: '/api/config' }), HANG_CAP_MS);
      assertUnavailable(res);
      assert.ok(hole.connections() >= 1, 'the pool did connect to the listener');
      assert.ok(ms <= T.dbConnectMs + SLACK_MS, `answered in ${ms} ms (deadline ${T.dbConnectMs} ms)`);
      console.log(`# conexión sin saludo: 503 en ${ms} ms`);
    } finally {
      await api.close();
      await hole.close();
    }
  });

  it('otra sesión tiene la tabla bloqueada: statement_timeout → 503; el pool agotado → 503 al vencer la espera', async () => {
    const api = await appOn(seeded.url, seeded.dataDir, { poolSize: 1 });
    const locker = new pg.Client({ connectionString: seeded.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table config in access exclusive mode');
      const first = timed(api.app.inject({ method: 'GET', url: '/api/config' }), HANG_CAP_MS);
      await sleep(50); // the only pool client is now waiting for the lock
      const second = timed(api.app.inject({ method: 'GET', url: '/api/products?page=1' }), HANG_CAP_MS);
      const [a, b] = await Promise.all([first, second]);
      assertUnavailable(a.value);
      assert.ok(a.ms <= T.dbStatementMs + SLACK_MS, `lock wait answered in ${a.ms} ms (statement_timeout ${T.dbStatementMs} ms)`);
      assertUnavailable(b.value);
      assert.ok(b.ms <= T.dbConnectMs + SLACK_MS, `pool wait answered in ${b.ms} ms (acquire deadline ${T.dbConnectMs} ms)`);
      console.log(`# lock: 503 en ${a.ms} ms; pool agotado: 503 en ${b.ms} ms`);
      await locker.query('rollback');
      const recovered = await recoveryTime(async () => (await api.app.inject({ method: 'GET', url: '/api/config' })).statusCode === 200);
      console.log(`# recuperado en ${recovered} ms`);
    } finally {
      await locker.end().catch(() => {});
      await api.close();
    }
  });

  it('una transacción cuyo dueño deja de hablar se cierra y se deshace (idle_in_transaction_session_timeout)', async () => {
    const handle = await openDb({ databaseUrl: seeded.url, poolSize: 2, timeouts: T });
    try {
      const name = `hang-${randomUUID().slice(0, 8)}`;
      const failed = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into tags (name, url, position) values (${name}, '/x', 999)`);
          await sleep(T.dbIdleInTransactionMs + 700); // the API process paused mid-transaction
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      assert.ok(failed, 'the transaction must fail');
      const { toHttpError } = await import('../plugins/error-handler');
      assert.equal(toHttpError(failed).status, 503);
      const rows = (await direct.db.execute(sql`select count(*)::int as n from tags where name = ${name}`)) as unknown as { rows: { n: number }[] };
      assert.equal(rows.rows[0]!.n, 0, 'the insert was rolled back');
      // the pool dropped the ended session and works on
      const again = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      assert.equal(again.rows[0]!.one, 1);
    } finally {
      await handle.close();
    }
  });
});

/** The proxy in front of TEST_DATABASE_URL's server. */
class PropsProxy extends PausableProxy {
  constructor(url: URL) {
    super({ host: url.hostname, port: Number(url.port || 5432) });
  }
}
