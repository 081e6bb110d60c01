/**
 * The one scheduler (server/scheduler): with two real API processes on one PostgreSQL database, a job due
 * every second runs once per tick — never twice for a tick, by whichever process holds the advisory lock —
 * and when that process is killed the other takes over. Then the built-in jobs on their own: expired one-time
 * links and refused mails past their retention are deleted; objects nothing refers to are pruned, the
 * referenced, the young and the seed's shared images are kept.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { categories, mailQueue, oneTimeTokens, orderDocuments, users } from '../db/schema';
import { cleanOneTimeTokens, ORPHAN_GRACE_MS, pruneFailedMails, pruneOrphanObjects, TOKEN_RETENTION_MS } from '../scheduler/jobs';
import { sha256Hex } from '../storage/blobs';
import { freePort, sleep, spawnApi, tempDataDir, type ApiProcess } from './faults-support';
import { createSeededPostgres, createTestContext, TEST_DATABASE_URL } from './helpers';
import { api, createCustomer, insertTestCatalogue, PDF, PNG, setMinimums } from './orders-fixtures';

async function probeRows(url: string): Promise<{ tick: number; pid: number }[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ tick: string; pid: number }>('select tick, pid from scheduler_probe order by tick').catch(() => ({ rows: [] }));
    return r.rows.map((x) => ({ tick: Number(x.tick), pid: x.pid }));
  } finally {
    await c.end();
  }
}

function duplicates(rows: { tick: number }[]): number[] {
  const seen = new Map<number, number>();
  for (const r of rows) seen.set(r.tick, (seen.get(r.tick) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([t]) => t);
}

describe('planificador con dos APIs en PostgreSQL', { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL no está definida' }, () => {
  let database: Awaited<ReturnType<typeof createSeededPostgres>>;
  const apis: ApiProcess[] = [];
  const dirs: ReturnType<typeof tempDataDir>[] = [];

  before(async () => {
    database = await createSeededPostgres();
    for (let i = 0; i < 2; i++) {
      const dir = tempDataDir('shop-scheduler-');
      dirs.push(dir);
      apis.push(await spawnApi({ port: await freePort(), dataDir: dir.dir, databaseUrl: database.url, imports: ['./server/test/scheduler-probe.ts'] }));
    }
  });
  after(async () => {
    for (const a of apis) await a.kill();
    for (const d of dirs) d.remove();
    await database?.drop();
  });

  it('una tarea de cada segundo corre una vez por turno, y la otra API la toma si la primera muere', { timeout: 120_000 }, async () => {
    await sleep(8_000);
    const rows = await probeRows(database.url);
    assert.ok(rows.length >= 4, `the job ran (${rows.length} runs in 8 s)`);
    assert.deepEqual(duplicates(rows), [], 'no tick ran twice');
    const leaders = new Set(rows.map((r) => r.pid));
    assert.equal(leaders.size, 1, 'one process runs the jobs');
    const leader = apis.find((a) => a.child.pid === rows[0]!.pid)!;
    const follower = apis.find((a) => a !== leader)!;
    assert.ok(leader && follower, 'the runner is one of the two APIs');

    const killedAt = Math.floor(Date.now() / 1_000);
    await leader.kill('SIGKILL');
    await sleep(8_000);
    const after = await probeRows(database.url);
    assert.deepEqual(duplicates(after), [], 'no tick ran twice across the take-over');
    const taken = after.filter((r) => r.tick > killedAt);
    assert.ok(taken.length >= 3, `the other API took over (${taken.length} runs after the kill)`);
    assert.ok(taken.every((r) => r.pid === follower.child.pid));
    const state = new pg.Client({ connectionString: database.url });
    await state.connect();
    const job = (await state.query(`select runs, last_error, last_runner from scheduled_jobs where name = 'probe:heartbeat'`)).rows[0];
    await state.end();
    assert.equal(job.last_error, null);
    assert.match(job.last_runner, new RegExp(`:${follower.child.pid}$`));
  });
});

describe('tareas incluidas', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    ctx = await createTestContext('pglite');
  });
  after(async () => ctx?.dispose());

  it('borra los enlaces de un solo uso vencidos o usados hace más de 7 días, y los mails rechazados de hace más de 30', async () => {
    const db = ctx.db.db;
    const [u] = await db.select({ id: users.id }).from(users).limit(1);
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms);
    await db.insert(oneTimeTokens).values([
      { userId: u!.id, kind: 'reset', tokenHash: 'vencido-hace-mucho', expiresAt: at(-TOKEN_RETENTION_MS - 60_000) },
      { userId: u!.id, kind: 'reset', tokenHash: 'usado-hace-mucho', expiresAt: at(3_600_000), usedAt: at(-TOKEN_RETENTION_MS - 60_000) },
      { userId: u!.id, kind: 'reset', tokenHash: 'vencido-ayer', expiresAt: at(-86_400_000) },
      { userId: u!.id, kind: 'verify', tokenHash: 'vigente', expiresAt: at(3_600_000) },
    ]);
    assert.equal(await cleanOneTimeTokens(db), 2);
    const left = (await db.select({ h: oneTimeTokens.tokenHash }).from(oneTimeTokens)).map((r) => r.h);
    assert.ok(left.includes('vencido-ayer') && left.includes('vigente'));
    assert.ok(!left.includes('vencido-hace-mucho') && !left.includes('usado-hace-mucho'));

    const mail = { kind: 'test', toAddress: 'a@example.com', subject: 's', textBody: 't', htmlBody: 'h' };
    await db.insert(mailQueue).values([
      { ...mail, failedAt: at(-31 * 86_400_000) },
      { ...mail, failedAt: at(-86_400_000) },
      { ...mail },
    ]);
    assert.equal(await pruneFailedMails(db), 1);
    assert.equal((await db.select().from(mailQueue)).length, 2);
  });

  it('poda los archivos sin referencia y deja los referenciados, los recientes y las imágenes compartidas', async () => {
    const { app, db } = ctx;
    const store = app.blobs.store;
    await setMinimums(db.db);
    const cat = await insertTestCatalogue(db.db);
    const owner = await createCustomer(app, db.db, { email: 'poda@example.com' });
    const r = await api(app, 'POST', '/api/order', { token: owner.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: owner.billingId } });
    const orderId: number = r.body.data.id;
    const keptKey = await app.orderFiles.save(orderId, PDF, 'application/pdf');
    await db.db.insert(orderDocuments).values({ orderId, kind: 'other', fileUrl: keptKey });
    const kept = keptKey;
    const orphan = `private/orders/${orderId}/${randomUUID()}.pdf`;
    await app.blobs.save({ key: orphan, data: PDF, contentType: 'application/pdf', visibility: 'private', orderId });
    const orphanImage = 'uploads/products/p1-0123456789abcdef.webp';
    await store.put(orphanImage, PNG, { contentType: 'image/webp', sha256: sha256Hex(PNG) });
    // category images (staff upload, routes/staff/categories.ts): one a category shows, one nothing shows
    const orphanCategoryImage = 'uploads/categories/c1-0123456789abcdef.webp';
    const keptCategoryImage = 'uploads/categories/c1-fedcba9876543210.webp';
    for (const key of [orphanCategoryImage, keptCategoryImage]) await store.put(key, PNG, { contentType: 'image/webp', sha256: sha256Hex(PNG) });
    await db.db.insert(categories).values({ name: 'Poda', slug: `poda-${randomUUID()}`, image: `/${keptCategoryImage}` });
    const shared = 'uploads/products/compartida-1.webp';
    await store.put(shared, PNG, { contentType: 'image/webp', sha256: sha256Hex(PNG) });

    // right now everything is younger than the grace period: nothing goes
    assert.deepEqual(await pruneOrphanObjects(db.db, app.blobs), []);
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const removed = await pruneOrphanObjects(db.db, app.blobs, later);
    assert.deepEqual(removed.sort(), [orphan, orphanImage, orphanCategoryImage].sort());
    assert.ok(await store.head(keptCategoryImage), 'a category image a category shows stays');
    assert.equal(await store.head(orphan), null);
    assert.equal(await app.blobs.metadata(orphan), null);
    assert.ok(await store.head(`private/${kept}`), 'a document that has its row stays');
    assert.ok(await store.head(shared), 'names the shop did not generate are never pruned');
  });
});
