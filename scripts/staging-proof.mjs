#!/usr/bin/env node
/**
 * CI's proof of issue 22: a staging-like deployment started the production way, tested by URL only.
 *
 *   node scripts/staging-proof.mjs [--dist .next-staging] [--port-base 5330] [--pg postgres://…/postgres]
 *
 * 1. A fresh PostgreSQL database with the demo catalogue (`npm run seed`), as a copy of production would
 *    have it: its accounts' passwords are then cleared (QA never knows a customer's password).
 * 2. An in-process mail catcher with Mailpit's API (scripts/mail-catcher.mjs) as the API's SMTP server.
 * 3. The three test accounts, made by `npm run accounts:create`.
 * 4. The API (`NODE_ENV=production`, DATABASE_URL, SMTP_URL) and the storefront (`next start` on an
 *    existing production build: --dist, a copy `npm run test:e2e` leaves with E2E_BUILD_COPY) as two
 *    processes on ports base+1 and base.
 * 5. `npm run test:e2e:staging` twice in a row on the same database, then `npm run test:e2e:smoke`, by URL.
 * 6. The residue: rows the staging runs created that they should have closed or deleted (orders left open,
 *    addresses, unused billing data, changes to shared tables) — printed, and the proof fails unless 0; and
 *    proof that the smoke run wrote nothing (every table's checksum before and after).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startMailCatcher } from './mail-catcher.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    'port-base': { type: 'string', default: '5330' },
    pg: { type: 'string', default: process.env.STAGING_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const base = Number(values['port-base']);
const SITE = `http://localhost:${base}`;
const API = `http://localhost:${base + 1}`;
const log = (msg) => console.log(`[staging-proof] ${msg}`);
const secs = (t) => Math.round((Date.now() - t) / 1000);

if (!existsSync(path.join(ROOT, values.dist, 'BUILD_ID'))) {
  console.error(`[staging-proof] no production build in ${values.dist} (run npm run build, or npm run test:e2e with E2E_BUILD_COPY)`);
  process.exit(1);
}

const dbName = `shop_staging_${process.pid}_${Date.now().toString(36)}`;
const adminUrl = new URL(values.pg);
const dbUrl = new URL(values.pg);
dbUrl.pathname = `/${dbName}`;
const DATABASE_URL = dbUrl.toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-staging-'));
const children = [];
let catcher;

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function query(sql, params = []) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Runs a command to its end without blocking this process: the mail catcher lives here and must keep answering. */
async function run(cmd, args, env = {}, label = args.join(' '), { mayFail = false } = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push({ name: label, child, output: () => '' });
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)));
  if (code === 0) return true;
  if (!mayFail) throw new Error(`${label} exited with ${code}`);
  log(`${label} FAILED (exit ${code})`);
  // a page that showed "Algo salió mal" leaves its cause only in the server's log (the browser gets a digest)
  for (const c of children.filter((x) => x.name === 'storefront' || x.name === 'api')) {
    console.log(`--- ${c.name}: last output during the failed run ---\n${c.output().slice(-6_000)}`);
  }
  return false;
}

function start(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.push({ name, child, output: () => output });
  return child;
}

async function waitFor(url, name) {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    const dead = children.find((c) => c.name === name && c.child.exitCode !== null);
    if (dead) throw new Error(`${name} exited (${dead.child.exitCode}):\n${dead.output()}`);
    if (Date.now() > until) throw new Error(`${name} did not answer ${url} within 120 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** One md5 per table over all its rows (order-independent): what changed between two moments. */
async function tableChecksums() {
  const tables = (await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => r.tablename);
  const out = {};
  for (const t of tables) {
    const [row] = await query(`select count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as sum from "${t}" x`);
    out[t] = `${row.n}:${row.sum}`;
  }
  return out;
}
const changed = (a, b, only) => Object.keys(b).filter((t) => (!only || only.includes(t)) && a[t] !== b[t]);

// What the @staging subset may never change: the catalogue and the shop's settings.
const SHARED = ['products', 'offers', 'product_images', 'product_categories', 'categories', 'variables', 'config', 'transports', 'tags', 'carousel_images', 'search_synonyms', 'roles', 'permissions', 'role_permissions'];

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const c of children) c.child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.child.exitCode === null ? new Promise((r) => c.child.once('exit', r)) : null)));
  await catcher?.close();
  await admin(`drop database if exists "${dbName}" with (force)`).catch((e) => console.error(`[staging-proof] drop ${dbName}: ${e.message}`));
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().then(() => process.exit(1)));

let status = 0;
try {
  const t0 = Date.now();
  await admin(`create database "${dbName}"`);
  log(`database ${dbName}, DATA_DIR ${dataDir}`);
  const common = { DATABASE_URL, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  await run(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts', '--no-images'], common, 'npm run seed');
  // A copy of production: its customers exist, QA knows none of their passwords.
  await query(`update users set password_hash = null`);

  catcher = await startMailCatcher({ smtpPort: base + 3, httpPort: base + 4 });
  const MAIL_API = `http://127.0.0.1:${catcher.httpPort}`;
  log(`mail catcher: SMTP 127.0.0.1:${catcher.smtpPort}, API ${MAIL_API}`);

  const accounts = {
    customer: { email: 'qa-cliente@staging.test', role: 'customer', name: 'Quinta', lastname: 'Cliente' },
    vip: { email: 'qa-vip@staging.test', role: 'vipcustomer', name: 'Quinta', lastname: 'Vip' },
    staff: { email: 'qa-staff@staging.test', role: 'superadmin', name: 'Quinta', lastname: 'Personal' },
  };
  const qaEnv = {};
  for (const [key, a] of Object.entries(accounts)) {
    const password = `qa-${randomBytes(9).toString('base64url')}`;
    await run(process.execPath, ['--import', 'tsx', 'server/cli/accounts-create.ts', '--role', a.role, '--email', a.email, '--name', a.name, '--lastname', a.lastname], { ...common, ACCOUNT_PASSWORD: password }, `accounts:create --role ${a.role}`);
    qaEnv[`E2E_${key.toUpperCase()}_EMAIL`] = a.email;
    qaEnv[`E2E_${key.toUpperCase()}_PASSWORD`] = password;
  }

  const secret = randomBytes(24).toString('hex');
  start('api', process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    ...common,
    API_PORT: String(base + 1),
    SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    REVALIDATE_SECRET: secret,
    STOREFRONT_ORIGINS: SITE,
    PUBLIC_SITE_URL: SITE,
    STOREFRONT_URL: SITE,
    // the QA runner's address: a staging deployment exempts it from the global per-IP limit (never the auth limits)
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
    // QA signs in from one address far more often than a shop counter (README: LOGIN_RATE_LIMIT_PER_MINUTE)
    LOGIN_RATE_LIMIT_PER_MINUTE: '600',
    SHOP_COMMIT: process.env.SHOP_COMMIT ?? '',
  });
  await waitFor(`${API}/health`, 'api');
  start('storefront', path.join(ROOT, 'node_modules', '.bin', 'next'), ['start', '-p', String(base)], {
    NODE_ENV: 'production',
    NEXT_DIST_DIR: values.dist,
    NEXT_TELEMETRY_DISABLED: '1',
    SHOP_API_URL: API,
    PUBLIC_API_URL: API,
    PUBLIC_SITE_URL: SITE,
    REVALIDATE_SECRET: secret,
  });
  await waitFor(`${SITE}/api/health`, 'storefront');
  log(`deployment up in ${secs(t0)} s: storefront ${SITE}, API ${API}`);

  const before = await tableChecksums();
  const qaUsers = async () =>
    (await query(`select id from users where email = any($1) or email like '%.ci-run_-${process.pid}%'`, [Object.values(accounts).map((a) => a.email)])).map((r) => r.id);
  const e2e = { E2E_BASE_URL: SITE, E2E_API_URL: API, E2E_MAIL_API_URL: MAIL_API, ...qaEnv };
  const timings = [];
  for (const n of [1, 2]) {
    const t = Date.now();
    // a failed run still leaves its rows to count: go on, fail at the end
    if (!(await run('npm', ['run', 'test:e2e:staging'], { ...e2e, E2E_RUN_ID: `ci-run${n}-${process.pid}` }, `test:e2e:staging (run ${n})`, { mayFail: true }))) status = 1;
    timings.push(`@staging run ${n}: ${secs(t)} s`);
  }
  // The API writes some things a few seconds late (search counts, the mail queue: every 5 s): let them land
  // before the snapshot, so the smoke run is not blamed for them.
  await new Promise((r) => setTimeout(r, 12_000));
  const afterStaging = await tableChecksums();

  // The residue: what the runs should have closed or deleted and did not.
  const ids = await qaUsers();
  const [r] = await query(
    `select
       (select count(*)::int from orders where user_id = any($1) and state not in ('completed', 'cancelled', 'rejected', 'disarm')) as open_orders,
       (select count(*)::int from addresses where user_id = any($1) and state = 'active') as addresses,
       (select count(*)::int from billing_data b where user_id = any($1) and not exists (select 1 from orders o where o.billing_data_id = b.id)) as unused_billing,
       (select count(*)::int from orders where user_id = any($1)) as orders_kept,
       (select count(*)::int from billing_data where user_id = any($1)) as billing_kept,
       (select count(*)::int from users where id = any($1)) - 3 as registered,
       (select count(*)::int from users) as users`,
    [ids],
  );
  const sharedChanged = changed(before, afterStaging, SHARED);
  const residue = r.open_orders + r.addresses + r.unused_billing + sharedChanged.length;
  log(
    `residue after two @staging runs: ${residue} (orders left open ${r.open_orders}, active addresses ${r.addresses}, unused billing data ${r.unused_billing}, changed shared tables ${sharedChanged.length}${sharedChanged.length ? `: ${sharedChanged.join(', ')}` : ''})`,
  );
  log(
    `kept as records by design: ${r.orders_kept} orders in final states with their history, chat and files, ${r.billing_kept} billing data they use, ${r.registered} accounts registered by the mail tests (their e-mails carry the run id; the API deletes no account)`,
  );
  if (residue !== 0) status = 1;

  const t = Date.now();
  if (!(await run('npm', ['run', 'test:e2e:smoke'], { E2E_BASE_URL: SITE, E2E_API_URL: API }, 'test:e2e:smoke', { mayFail: true }))) status = 1;
  timings.push(`@smoke: ${secs(t)} s`);
  const afterSmoke = await tableChecksums();
  const smokeWrote = changed(afterStaging, afterSmoke);
  log(`tables the @smoke run changed: ${smokeWrote.length}${smokeWrote.length ? ` (${smokeWrote.join(', ')})` : ''}`);
  if (smokeWrote.length) status = 1;
  log(timings.join('; '));
} catch (err) {
  console.error(`[staging-proof] ${err.message}`);
  for (const c of children) console.error(`--- ${c.name} (last output) ---\n${c.output()}`);
  status = 1;
} finally {
  await cleanup();
}
process.exit(status);
