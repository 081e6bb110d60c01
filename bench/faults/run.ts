/**
 * bench/faults — PostgreSQL restarted under load (issue #8). Not part of `npm test` (about a minute,
 * needs the PostgreSQL 15 binaries): `npm run bench -- faults` or `npx tsx bench/faults/run.ts`.
 *
 * A private PostgreSQL cluster (own-postgres.ts, never the shared server), the API on it as a child
 * process, 6 clients creating orders in a loop; after a few seconds PostgreSQL is restarted
 * (`pg_ctl restart -m fast`, and with --immediate a crash-like stop). Checked, exit code 1 otherwise:
 * - the API process survives (no crash from dropped pool connections);
 * - during the outage every failure is a 503 with the Spanish 'servicio no disponible' message (or no
 *   answer), never a 500;
 * - the API recovers by itself: orders succeed again after the restart without touching the API;
 * - orders in the database == 201 answers (nothing lost, nothing duplicated), none half-written.
 *
 * The clients are careful ones (keyedOrderLoad): each order has its own `Idempotency-Key`, and a failed
 * attempt (no answer, 503) is sent again with the same key until it is answered. With --immediate a COMMIT
 * can be durable while its answer is lost; the retry then gets the order the key already created (201,
 * `Idempotent-Replayed: true`), so in both modes: stored orders == distinct keys answered 201, each key
 * stored once, with the id its answer gave.
 */
import pg from 'pg';
import { openDb } from '../../server/db/client';
import { MESSAGES } from '../../server/errors';
import {
  checkIntegrity,
  freePort,
  keyedOrderLoad,
  orderSetup,
  sleep,
  spawnApi,
  summarize,
  tempDataDir,
} from '../../server/test/faults-support';
import { startOwnPostgres } from './own-postgres';

const mode = process.argv.includes('--immediate') ? 'immediate' : 'fast';
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const pgPort = await freePort();
const cluster = startOwnPostgres(pgPort);
const data = tempDataDir('shop-faults-bench-');
let api: Awaited<ReturnType<typeof spawnApi>> | undefined;
try {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('create database shop');
  await admin.end();
  const url = cluster.url('shop');

  api = await spawnApi({ port: await freePort(), dataDir: data.dir, databaseUrl: url });
  const setup = await orderSetup(api.url);
  const count = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return Number((await c.query('select count(*)::int as n from orders')).rows[0].n);
    } finally {
      await c.end();
    }
  };
  const before = await count();

  const apiUrl = api.url;
  const load = keyedOrderLoad(() => apiUrl, setup, 6);
  await sleep(3000);
  const mark = load.results.length;
  const t0 = Date.now();
  cluster.restart(mode);
  const restartMs = Date.now() - t0;
  const duringEnd = load.results.length;
  // recovery: the first 201 after the restart
  let recoveredMs = -1;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (load.results.slice(duringEnd).some((r) => r.status === 201)) {
      recoveredMs = Date.now() - t0;
      break;
    }
    await sleep(50);
  }
  await sleep(3000);
  await load.stop();

  const all = load.results;
  const outage = all.slice(mark);
  console.log(
    JSON.stringify({ mode, restartMs, recoveredMs, total: summarize(all), fromRestartOn: summarize(outage) }, null, 1),
  );
  const bad = all.filter((r) => r.status !== 201 && !(r.status === 503 && r.message === MESSAGES.unavailable) && r.status !== 0);
  check(bad.length === 0, `failures are 503 '${MESSAGES.unavailable}' (unexpected: ${JSON.stringify(bad.slice(0, 5))})`);
  const alive = api.child.exitCode === null && api.child.signalCode === null;
  check(alive, 'the API process survived the restart');
  if (!alive) console.error(api.output().slice(-3000));
  check(recoveredMs >= 0, `orders succeed again by themselves (${recoveredMs} ms after the restart began)`);
  check((await fetch(`${api.url}/health`).then((r) => r.status, () => 0)) === 200, '/health is 200 again');

  const ok = all.filter((r) => r.status === 201);
  const created = (await count()) - before;
  const keysAnswered = new Map(ok.map((r) => [r.key!, r.id!]));
  const replayed = ok.filter((r) => r.replayed).length;
  console.log(
    JSON.stringify({ attempts: all.length, keys: new Set(all.map((r) => r.key)).size, keysAnswered201: keysAnswered.size, replayed201: replayed, retries: all.length - new Set(all.map((r) => r.key)).size, unanswered: load.unanswered.size, stored: created }),
  );
  check(load.unanswered.size === 0, `every key was answered in the end (${load.unanswered.size} left unanswered)`);
  check(ok.length === keysAnswered.size, `one 201 per key (${ok.length} answers 201, ${keysAnswered.size} keys)`);
  check(created === keysAnswered.size, `orders in the database (${created}) == distinct keys answered 201 (${keysAnswered.size}; ${replayed} of them answered by a retry that found the order)`);
  {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const rows = (await c.query('select id, idempotency_key as key from orders where idempotency_key is not null')).rows as { id: number; key: string }[];
      const byKey = new Map<string, number[]>();
      for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), Number(r.id)]);
      const dup = [...byKey.values()].filter((ids) => ids.length > 1).length;
      check(dup === 0, `no key stored twice (${dup})`);
      const mismatch = [...keysAnswered].filter(([key, id]) => byKey.get(key)?.[0] !== id).length;
      check(mismatch === 0, `each key answered 201 is stored once, with the id of its answer (${mismatch} mismatches)`);
      const orphans = [...byKey.keys()].filter((k) => !keysAnswered.has(k)).length;
      check(orphans === 0, `no stored order whose key was never answered 201 (${orphans})`);
    } finally {
      await c.end();
    }
  }
  const handle = await openDb({ databaseUrl: url });
  const integrity = await checkIntegrity(handle.db);
  await handle.close();
  check(ok.every((r) => integrity.ids.has(r.id!)), 'every acknowledged order exists');
  check(
    integrity.withoutItems.length + integrity.withoutHistory.length + integrity.totalsMismatch.length === 0,
    `no half-written order ${JSON.stringify({ ...integrity, ids: undefined })}`,
  );
} finally {
  await api?.kill('SIGTERM');
  cluster.stop();
  cluster.remove();
  data.remove();
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('\nall checks passed (measured on a loaded machine)');
