/**
 * The database unreachable (PostgreSQL restarting, network gone): the API answers 503 with the Spanish
 * 'servicio no disponible' message — a temporary condition clients may retry — never a 500, a driver
 * message or a crash. Real errors from node-postgres against a port where nothing listens.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDb } from '../db/client';
import { MESSAGES } from '../errors';
import { isDatabaseUnavailable, toHttpError } from '../plugins/error-handler';
import { tempDataDir } from './faults-support';
import { appOnDatabase } from './hang-support';
import { createPostgresDatabase, TEST_DATABASE_URL } from './helpers';

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('base de datos inalcanzable → 503', () => {
  let api: Awaited<ReturnType<typeof appOnDatabase>> | undefined;
  const data = tempDataDir();
  before(async () => {
    api = await appOnDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/shop`, data.dir);
  });
  after(async () => {
    await api?.close();
    data.remove();
  });

  for (const [method, url, payload] of [
    ['GET', '/api/products?page=1', undefined],
    ['GET', '/api/config', undefined],
    ['POST', '/auth/login', { email: 'cliente@example.com', password: 'tienda-demo' }],
  ] as const) {
    it(`${method} ${url}`, async () => {
      const res = await api!.app.inject({ method, url, payload });
      assert.equal(res.statusCode, 503, res.body);
      assert.deepEqual(res.json(), { success: false, message: MESSAGES.unavailable, code: 'UNAVAILABLE' });
      assert.equal(res.headers['cache-control'], 'no-store');
    });
  }

  it('/health también', async () => {
    const res = await api!.app.inject({ method: 'GET', url: '/health' });
    assert.equal(res.statusCode, 503);
  });

  it('el error real del driver se reconoce; un error cualquiera sigue siendo 500', async () => {
    const err = await api!.handle.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err, 'the query must fail');
    assert.equal(isDatabaseUnavailable(err), true);
    assert.equal(toHttpError(err).status, 503);
    assert.equal(toHttpError(new Error('boom')).status, 500);
    assert.equal(toHttpError(Object.assign(new Error('x'), { code: '57P01' })).status, 503); // admin_shutdown
    assert.equal(toHttpError(Object.assign(new Error('x'), { code: '08006' })).status, 503); // connection_failure
    assert.equal(toHttpError(new Error('Connection terminated unexpectedly')).status, 503);
    assert.equal(toHttpError(Object.assign(new Error('x'), { code: '23505' })).status, 409); // unchanged
  });
});

describe('PostgreSQL corta la conexión de un cliente en uso', { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL no está definida' }, () => {
  it('la transacción falla con 503 y el proceso sigue vivo; la siguiente consulta funciona', async () => {
    const pgdb = await createPostgresDatabase();
    const handle = await openDb({ databaseUrl: pgdb.url });
    const admin = new pg.Client({ connectionString: pgdb.url });
    await admin.connect();
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onCrash);
    try {
      // A transaction holds a pool client between statements while its backend is terminated — what a
      // PostgreSQL restart does. Without an 'error' listener on checked-out clients this killed the API.
      const failed = await handle.db
        .transaction(async (tx) => {
          const pid = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
          await admin.query('select pg_terminate_backend($1)', [pid.rows[0]!.pid]);
          await new Promise((r) => setTimeout(r, 200)); // the FATAL arrives on the idle client
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      assert.ok(failed, 'the transaction must fail');
      assert.equal(toHttpError(failed).status, 503);
      assert.deepEqual(crashes, []);
      const again = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      assert.equal(again.rows[0]!.one, 1);
    } finally {
      process.off('uncaughtException', onCrash);
      await admin.end();
      await handle.close();
      await pgdb.drop();
    }
  });
});
