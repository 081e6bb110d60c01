/**
 * Production defaults (issue 18 item 6, issue 19 "defaults"): a production start (NODE_ENV=production, or
 * DATABASE_URL) seeds no demo data; the first staff account comes from `npm run staff:create`; an API in
 * production refuses to start while an account still has the published demo password. Real processes
 * (server/main.ts and the CLI) on a fresh PGlite data dir and, with TEST_DATABASE_URL, a fresh PostgreSQL
 * database.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { openConfiguredDb } from '../db/open';
import { roles, users } from '../db/schema';
import { hashDemoPassword } from '../db/seed';
import { loadEnv } from '../env';
import { createPostgresDatabase, TEST_DATABASE_URL } from './helpers';
import { freePort, spawnApi, tempDataDir } from './faults-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('valores por defecto de producción (env)', () => {
  it('la demo sólo se carga por defecto con PGlite fuera de producción', () => {
    assert.equal(loadEnv({}).seedDemo, true);
    assert.equal(loadEnv({ NODE_ENV: 'production' }).seedDemo, false);
    assert.equal(loadEnv({ DATABASE_URL: 'postgres://x@h/db' }).seedDemo, false);
    assert.equal(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo, true);
    assert.equal(loadEnv({ SEED_DEMO: 'false' }).seedDemo, false);
    assert.equal(loadEnv({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo, false);
  });
});

type Target = { dataDir: string; databaseUrl?: string };

async function fresh(kind: 'pglite' | 'postgres'): Promise<Target> {
  const data = tempDataDir('shop-prod-start-');
  cleanups.push(() => data.remove());
  if (kind === 'pglite') return { dataDir: data.dir };
  const pgdb = await createPostgresDatabase();
  cleanups.push(() => pgdb.drop());
  return { dataDir: data.dir, databaseUrl: pgdb.url };
}

/** A production start: SEED_DEMO cleared whatever the runner's environment says. */
async function startProduction(t: Target, extra: NodeJS.ProcessEnv = {}) {
  return spawnApi({ port: await freePort(), dataDir: t.dataDir, databaseUrl: t.databaseUrl, env: { NODE_ENV: 'production', SEED_DEMO: undefined, ...extra } });
}

function staffCreate(t: Target, args: string[], opts: { password?: string; stdin?: string } = {}, cli = 'staff-create') {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `server/cli/${cli}.ts`, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input: opts.stdin ?? '',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl ?? '',
      STAFF_PASSWORD: cli === 'staff-create' ? opts.password : undefined,
      ACCOUNT_PASSWORD: cli === 'accounts-create' ? opts.password : undefined,
    },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** `npm run accounts:create` (issue 22): the same CLI for every role, the role required. */
const accountsCreate = (t: Target, args: string[], opts: { password?: string; stdin?: string } = {}) => staffCreate(t, args, opts, 'accounts-create');

async function permissionsOf(url: string, email: string, password: string): Promise<string[]> {
  const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  assert.equal(res.status, 200, email);
  return ((await res.json()) as { data: { permissions: string[] } }).data.permissions;
}

async function withDb<T>(t: Target, fn: (db: Awaited<ReturnType<typeof openConfiguredDb>>['db']) => Promise<T>): Promise<T> {
  const h = await openConfiguredDb({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, owner: 'test' });
  try {
    return await fn(h.db);
  } finally {
    await h.close();
  }
}

async function login(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return res.status;
}

function productionStart(kind: 'pglite' | 'postgres') {
  it(`${kind}: nada de demo, la primera cuenta por CLI, y se niega a arrancar con una contraseña de demo`, { timeout: 330_000 }, async () => {
    const t = await fresh(kind);

    // 1. A first production start on an empty database: reference data only, no account, no product.
    let api = await startProduction(t);
    try {
      const products = (await (await fetch(`${api.url}/api/products?rows=12&page=1`)).json()) as { data: { total: number } };
      assert.equal(products.data.total, 0);
      assert.equal(await login(api.url, 'staff@example.com', 'tienda-demo'), 401);
      assert.match(api.output(), /staff:create/);
    } finally {
      assert.equal(await api.kill('SIGTERM'), 0, api.output());
    }
    const counts = await withDb(t, async (db) => {
      const r = await db.execute<{ users: number; products: number; roles: number }>(
        sql`select (select count(*)::int from users) as users, (select count(*)::int from products) as products, (select count(*)::int from roles) as roles`,
      );
      return (r as unknown as { rows: { users: number; products: number; roles: number }[] }).rows[0]!;
    });
    assert.deepEqual({ users: counts.users, products: counts.products }, { users: 0, products: 0 });
    assert.ok(counts.roles >= 6, 'the roles exist without the demo');

    // 2. The CLI: the registration rules, the demo password refused, the password from stdin.
    const base = ['--email', 'Duena@Tienda.test', '--name', 'Ana', '--lastname', 'Pérez'];
    let r = staffCreate(t, base, { password: 'corta' });
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /password: La contraseña/);
    r = staffCreate(t, base, { password: 'tienda-demo' });
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /contraseña de demostración/);
    r = staffCreate(t, ['--email', 'no-es-un-mail', '--name', 'Ana', '--lastname', 'Pérez'], { password: 'una-clave-larga' });
    assert.equal(r.code, 2, r.out);
    r = staffCreate(t, [...base, '--role', 'customer'], { password: 'una-clave-larga' });
    assert.equal(r.code, 2, r.out);
    r = staffCreate(t, base, { stdin: 'una-clave-larga\n' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /duena@tienda\.test creada con el rol superadmin/);
    r = staffCreate(t, base, { stdin: 'otra-clave-larga\n' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /Ya existe/);

    // accounts:create: QA's test accounts, any role; the role must be named and known.
    const qa = (email: string) => ['--email', email, '--name', 'Quinta', '--lastname', 'Prueba'];
    r = accountsCreate(t, qa('qa-cliente@tienda.test'), { password: 'clave-de-qa-1' });
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /Falta --role/);
    r = accountsCreate(t, ['--role', 'cliente', ...qa('qa-cliente@tienda.test')], { password: 'clave-de-qa-1' });
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /Rol inválido: cliente/);
    r = accountsCreate(t, ['--role', 'customer', ...qa('qa-cliente@tienda.test')], { password: 'clave-de-qa-1' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /qa-cliente@tienda\.test creada con el rol customer/);
    r = accountsCreate(t, ['--role', 'vipcustomer', ...qa('qa-vip@tienda.test')], { stdin: 'clave-de-qa-2\n' });
    assert.equal(r.code, 0, r.out);

    // 3. The created account signs in and is staff.
    api = await startProduction(t);
    try {
      assert.equal(await login(api.url, 'duena@tienda.test', 'una-clave-larga'), 200);
      // the CLI's customer and VIP sign in at once (verified); only the VIP holds isVip
      assert.ok(!(await permissionsOf(api.url, 'qa-cliente@tienda.test', 'clave-de-qa-1')).includes('isVip'));
      assert.ok((await permissionsOf(api.url, 'qa-vip@tienda.test', 'clave-de-qa-2')).includes('isVip'));
    } finally {
      assert.equal(await api.kill('SIGTERM'), 0, api.output());
    }

    // 4. An account with the demo password (e.g. a demo seeded once, or a staff member who picked it):
    //    a production start exits non-zero naming it …
    await withDb(t, async (db) => {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
      await db.insert(users).values({ name: 'Demo', lastname: 'Vieja', email: 'encargado@tienda.test', passwordHash: await hashDemoPassword(), roleId: role!.id, emailVerifiedAt: new Date() });
    });
    await assert.rejects(startProduction(t), (err: Error) => {
      assert.match(err.message, /API exited with 1/);
      assert.match(err.message, /no arranca en producción: la cuenta encargado@tienda\.test tiene la contraseña de demostración/);
      assert.doesNotMatch(err.message, /duena@tienda\.test/);
      return true;
    });
    // … unless the instance is declared a demo.
    api = await startProduction(t, { SEED_DEMO: 'true' });
    assert.equal(await api.kill('SIGTERM'), 0, api.output());
  });
}

describe('arranque de producción (procesos reales)', () => {
  productionStart('pglite');
  if (TEST_DATABASE_URL) productionStart('postgres');
  else it('postgres: OMITIDO (TEST_DATABASE_URL no está definida)', { skip: true }, () => {});
});
