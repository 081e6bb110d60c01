/**
 * Test harness: a fresh database per test file — an in-memory PGlite, and, when TEST_DATABASE_URL is set,
 * a uniquely named PostgreSQL database created from that URL (dropped afterwards) — migrated, seeded
 * with the demo catalogue (shared images, one password hash per process), with an app built on it.
 *
 *   describeEachDb('catálogo', (ctx) => { it('…', async () => { const res = await ctx().app.inject(…) }) })
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { throwawayDatabase, type ThrowawayDatabase } from './throwaway-db';
import { createPglite, openDb, PGLITE_EXTENSIONS, wrapPglite, type DbHandle } from '../db/client';
import { hashDemoPassword, seedDemo } from '../db/seed';
import { renderSharedImages } from '../db/seed/images';
import { storeImageSink } from '../storage/blobs';
import { FsObjectStore } from '../storage/fs-store';

export type DbKind = 'pglite' | 'postgres';

/** Parsed JSON answers: tests navigate them freely and assert on what they find. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic JSON in tests
export type Json = any;

export type TestContext = {
  kind: DbKind;
  db: DbHandle;
  app: FastifyInstance;
  dataDir: string;
  /** GET helper returning status and parsed JSON */
  get<T = Json>(url: string, opts?: Omit<InjectOptions, 'url' | 'method'>): Promise<{ status: number; body: T; res: LightMyRequestResponse }>;
};

/* -------------------------------------------------- per-process shared state */

const processDir = mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
process.on('exit', () => rmSync(processDir, { recursive: true, force: true }));

let sharedImages: Promise<Awaited<ReturnType<typeof renderSharedImages>>> | undefined;
let passwordHash: Promise<string> | undefined;

function shared() {
  sharedImages ??= renderSharedImages(storeImageSink(new FsObjectStore(processDir)));
  passwordHash ??= hashDemoPassword();
  return Promise.all([sharedImages, passwordHash]);
}

/* ----------------------------------------------------------------- databases */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * The kinds `describeEachDb` runs (TEST_DB_KINDS, comma-separated; both by default). CI runs each suite once
 * per kind on the runtime that uses it: PostgreSQL on production's Node 24, PGlite (`npm start`'s embedded
 * database) on the machine's Node 20 (.ci/run, ADR 0001).
 */
const DB_KINDS: readonly DbKind[] = (() => {
  const raw = process.env.TEST_DB_KINDS?.trim();
  if (!raw) return ['pglite', 'postgres'];
  const kinds = raw.split(',').map((k) => k.trim());
  const bad = kinds.filter((k) => k !== 'pglite' && k !== 'postgres');
  if (bad.length) throw new Error(`TEST_DB_KINDS: ${bad.join(', ')} no es pglite ni postgres`);
  return kinds as DbKind[];
})();

let warnedSkip = false;
function warnPostgresSkipped(): void {
  if (warnedSkip) return;
  warnedSkip = true;
  console.log('PostgreSQL: OMITIDO (TEST_DATABASE_URL no está definida); sólo se probó con PGlite.');
}

/** Creates an empty, uniquely named database next to TEST_DATABASE_URL; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<ThrowawayDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL no está definida');
  return throwawayDatabase(TEST_DATABASE_URL, 'shop_test');
}

/* ------------------------------------------------------ PGlite seeded template */

// Creating a PGlite runs initdb inside WebAssembly (~2.5 s of CPU). Test files therefore start from a
// snapshot of a freshly migrated + seeded database (built once by the real migrate() and seedDemo(), kept in
// the OS temp dir, keyed by a hash of everything that shapes it), loaded into a NEW in-memory PGlite per
// test file: each file still gets its own fresh database, in ~0.3 s instead of ~3 s.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function templateKey(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else h.update(name).update(readFileSync(file));
    }
  };
  walk(path.join(serverDir, 'db'));
  h.update(readFileSync(path.join(serverDir, 'lib', 'text.ts')));
  h.update(readFileSync(path.join(serverDir, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return h.digest('hex').slice(0, 16);
}

export async function seededTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `shop-api-test-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const [images, hash] = await shared();
    const db = wrapPglite(await createPglite());
    await db.migrate();
    await seedDemo(db.db, { images: { mode: 'shared', ...images }, passwordHash: hash });
    const client = (db.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await db.close();
    // write then rename: a concurrent run never reads a half-written template
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    // drop templates of older schema/seed versions (44 MB each)
    for (const old of readdirSync(os.tmpdir())) {
      if (/^shop-api-test-template-[0-9a-f]+\.tar$/.test(old) && path.join(os.tmpdir(), old) !== file) {
        rmSync(path.join(os.tmpdir(), old), { force: true });
      }
    }
  }
  return new Blob([readFileSync(file)]);
}

/** A fresh in-memory PGlite holding the migrated, seeded demo database. */
async function seededPglite(): Promise<DbHandle> {
  const client = new PGlite({ loadDataDir: await seededTemplate(), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  const db = wrapPglite(client);
  await db.migrate(); // a no-op on the template; keeps the "migrated at open" contract
  return db;
}

/** An empty (unmigrated) database of the given kind. */
export async function openEmptyDb(kind: DbKind): Promise<{ db: DbHandle; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = wrapPglite(await createPglite());
    return { db, dispose: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const db = await openDb({ databaseUrl: url, poolSize: 4 });
  return {
    db,
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
}

/** A new PostgreSQL database (next to TEST_DATABASE_URL), migrated and seeded with the demo catalogue. */
export async function createSeededPostgres(): Promise<{ url: string; dataDir: string; drop: () => Promise<void> }> {
  const [[images, hash], pgdb] = await Promise.all([shared(), createPostgresDatabase()]);
  const db = await openDb({ databaseUrl: pgdb.url, poolSize: 4 });
  try {
    await db.migrate();
    await seedDemo(db.db, { images: { mode: 'shared', ...images }, passwordHash: hash });
  } finally {
    await db.close();
  }
  return { url: pgdb.url, dataDir: processDir, drop: pgdb.drop };
}

/**
 * A PGlite context for the tests of the enclosing `describe` (made in `before`, disposed in `after`): for
 * suites that need one engine only. Read it inside tests: `ctx().get(…)`.
 */
export function pgliteContext(appOptions: Partial<BuildAppOptions> = {}): () => TestContext {
  let ctx: (TestContext & { dispose(): Promise<void> }) | undefined;
  before(async () => {
    ctx = await createTestContext('pglite', appOptions);
  });
  after(() => ctx?.dispose());
  return () => ctx!;
}

export async function createTestContext(kind: DbKind, appOptions: Partial<BuildAppOptions> = {}): Promise<TestContext & { dispose(): Promise<void> }> {
  let db: DbHandle;
  let dispose: () => Promise<void>;
  await shared(); // the shared image files must exist in this process's data dir
  if (kind === 'pglite') {
    db = await seededPglite();
    dispose = () => db.close();
  } else {
    const [[images, hash], empty] = await Promise.all([shared(), openEmptyDb(kind)]);
    ({ db, dispose } = empty);
    await db.migrate();
    await seedDemo(db.db, { images: { mode: 'shared', ...images }, passwordHash: hash });
  }
  // inject() comes from 127.0.0.1: exempt it from the global limit (suites send thousands of requests);
  // the auth routes' own limits still count it, as in production
  const app = await buildApp({ db: db.db, dataDir: processDir, logger: false, docs: true, rateLimit: { allowList: ['127.0.0.1', '::1'] }, ...appOptions });
  const get: TestContext['get'] = async (url, opts) => {
    const res = await app.inject({ method: 'GET', url, ...opts });
    let body: Json;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body, res };
  };
  return {
    kind,
    db,
    app,
    dataDir: processDir,
    get,
    dispose: async () => {
      await app.close();
      await dispose();
    },
  };
}

/**
 * Declares the suite once per database kind. `ctx()` is valid inside tests (after `before`).
 * The PostgreSQL copy is skipped, with a clear message, when TEST_DATABASE_URL is not set.
 */
export function describeEachDb(title: string, fn: (ctx: () => TestContext) => void, appOptions: Partial<BuildAppOptions> = {}): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!DB_KINDS.includes(kind)) {
      describe(`${title} [${kind}]`, { skip: `TEST_DB_KINDS=${DB_KINDS.join(',')}` }, () => {});
      continue;
    }
    if (kind === 'postgres' && !TEST_DATABASE_URL) {
      warnPostgresSkipped();
      describe(`${title} [postgres]`, { skip: 'TEST_DATABASE_URL no está definida' }, () => {});
      continue;
    }
    describe(`${title} [${kind}]`, () => {
      let ctx: (TestContext & { dispose(): Promise<void> }) | undefined;
      before(async () => {
        ctx = await createTestContext(kind, appOptions);
      });
      after(async () => {
        await ctx?.dispose();
      });
      fn(() => {
        if (!ctx) throw new Error('contexto de prueba no inicializado');
        return ctx;
      });
    });
  }
}

export const SPANISH = {
  badParams: 'Los parametros son incorrectos',
  notFound: 'No se encontró el recurso',
  productNotFound: 'No se encontró el producto',
  server: 'Ha ocurrido un error en el servidor',
  tooMany: 'Demasiadas solicitudes, intenta nuevamente en unos minutos',
};
