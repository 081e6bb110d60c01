/**
 * Restore drill (issue 27): orders with proofs and chats placed through the API, a backup taken while more
 * orders are being placed, restored into an empty deployment and compared row by row (orders, lines,
 * documents with the SHA-256 of the file the API streams, messages); a non-empty target and a corrupted
 * or truncated backup are refused naming the reason/file, changing nothing. On PGlite always, on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { pgliteDirFor, type DbHandle } from '../db/client';
import { openConfiguredDb } from '../db/open';
import { messages, orderDocuments, orderItems, orders } from '../db/schema';
import { seedDemo, hashDemoPassword } from '../db/seed';
import { renderSharedImages } from '../db/seed/images';
import { storeImageSink } from '../storage/blobs';
import { FsObjectStore } from '../storage/fs-store';
import { backup, BackupError, restore, serveBackupSocket, verifyBackup } from '../ops/backup';
import { createPostgresDatabase, seededTemplate, TEST_DATABASE_URL } from './helpers';
import { api, createCustomer, insertTestCatalogue, login, multipart, PDF, PNG, setMinimums } from './orders-fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let dirs = 0;
const newDir = (name: string) => path.join(tmp, `${name}-${++dirs}`);

type Deployment = { dataDir: string; databaseUrl?: string; db: DbHandle; app: FastifyInstance; close(): Promise<void> };

/** A deployment on disk: its DATA_DIR, and PGlite in it (or a fresh PostgreSQL database). */
async function openDeployment(dataDir: string, databaseUrl?: string): Promise<Deployment> {
  const db = await openConfiguredDb({ dataDir, databaseUrl, owner: 'test' });
  const app = await buildApp({ db: db.db, dataDir, logger: false, catalogueCacheTtlMs: 0 });
  return {
    dataDir,
    databaseUrl,
    db,
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

async function seededSource(kind: 'pglite' | 'pg'): Promise<Deployment & { drop?: () => Promise<void> }> {
  const dataDir = newDir('source');
  mkdirSync(dataDir, { recursive: true });
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (kind === 'pglite') {
    // the seeded template written to disk, as `npm start` would leave it
    const client = new PGlite(pgliteDirFor(dataDir), { loadDataDir: await seededTemplate(), extensions: { pg_trgm } });
    await client.waitReady;
    await client.close();
  } else {
    ({ url, drop } = await createPostgresDatabase());
    const db = await openConfiguredDb({ dataDir, databaseUrl: url, owner: 'test' });
    await seedDemo(db.db, { images: { mode: 'shared', ...(await renderSharedImages(storeImageSink(new FsObjectStore(dataDir)))) }, passwordHash: await hashDemoPassword() });
    await db.close();
  }
  // public catalogue images live in DATA_DIR/uploads like the real ones
  await renderSharedImages(storeImageSink(new FsObjectStore(dataDir)));
  const d = await openDeployment(dataDir, url);
  return { ...d, drop };
}

/** Everything the drill compares: rows of the order tables, and each document's bytes as the API streams them. */
async function snapshot(d: Deployment) {
  const db = d.db.db;
  const staff = await login(d.app, 'staff@example.com');
  const docs = await db.select().from(orderDocuments).orderBy(asc(orderDocuments.id));
  const files: Record<number, string> = {};
  for (const doc of docs) {
    if (!doc.fileUrl) continue;
    const r = await api(d.app, 'GET', `/api/order/${doc.orderId}/documents/${doc.id}/file`, { token: staff });
    assert.equal(r.status, 200, `document ${doc.id}: ${r.status}`);
    files[doc.id] = createHash('sha256').update(r.rawPayload).digest('hex');
  }
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderItems).orderBy(asc(orderItems.id)),
    documents: docs,
    files,
    messages: await db.select().from(messages).orderBy(asc(messages.id)),
  };
}

const listTree = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
};

for (const kind of ['pglite', 'pg'] as const) {
  const skip = kind === 'pg' && !TEST_DATABASE_URL ? 'TEST_DATABASE_URL no está definida' : undefined;
  describe(`respaldo y restauración [${kind === 'pg' ? 'postgres' : 'pglite'}]`, { skip }, () => {
    let source: Awaited<ReturnType<typeof seededSource>>;
    const cleanups: (() => Promise<void>)[] = [];
    let backupDir: string;
    let original: Awaited<ReturnType<typeof snapshot>>;
    let duringBackup: number[] = [];

    /** An empty target deployment: a new DATA_DIR and, on PostgreSQL, a new empty database. */
    const emptyTarget = async () => {
      const dataDir = newDir('target');
      if (kind === 'pglite') return { dataDir, databaseUrl: undefined };
      const { url, drop } = await createPostgresDatabase();
      cleanups.push(drop);
      return { dataDir, databaseUrl: url };
    };

    before(async () => {
      source = await seededSource(kind);
      if (source.drop) cleanups.push(source.drop);
      const { app, db } = source;
      await setMinimums(db.db);
      const cat = await insertTestCatalogue(db.db);
      const staff = await login(app, 'staff@example.com');
      const customer = await createCustomer(app, db.db, { email: 'respaldo@example.com' });
      const place = async () => {
        const r = await api(app, 'POST', '/api/order', {
          token: customer.token,
          body: { products: [{ id: cat.exact, quantity: 25 }, { id: cat.simple, quantity: 10 }, { id: cat.cheap, quantity: 3 }], billingDataId: customer.billingId },
        });
        assert.equal(r.status, 201, r.raw);
        return r.body.data.id as number;
      };
      for (let i = 0; i < 3; i++) {
        const id = await place();
        for (const [filename, content, type] of [['comprobante.png', PNG, 'image/png'], ['transferencia.pdf', PDF, 'application/pdf']] as const) {
          const { payload, headers } = multipart([{ name: 'file', filename, content: Buffer.concat([content, Buffer.from(`\n${i}`)]), type }]);
          const up = await api(app, 'POST', `/api/order/${id}/proof`, { token: customer.token, payload, headers });
          assert.equal(up.status, 201, up.raw);
        }
        for (const [token, text] of [[customer.token, `Hola, pedido ${i}`], [staff, 'Recibido, gracias']] as const) {
          assert.equal((await api(app, 'POST', `/api/order/${id}/messages`, { token, body: { text } })).status, 201);
        }
      }

      // The shop keeps selling while the backup runs: orders in flight are wholly in it or not at all.
      backupDir = newDir('backup');
      const inFlight = Array.from({ length: 6 }, () => place());
      const manifest = await backup({
        dataDir: source.dataDir,
        databaseUrl: source.databaseUrl,
        out: backupDir,
        pglite: source.db.pglite,
      });
      duringBackup = await Promise.all(inFlight);
      assert.ok(manifest.database.counts.orders! >= 3);
      original = await snapshot(source);
    });

    after(async () => {
      await source?.close();
      for (const c of cleanups.reverse()) await c();
    });

    it('restaura en una instalación vacía: cada pedido, línea, documento (SHA-256) y mensaje es igual', async () => {
      const target = await emptyTarget();
      const m = await restore({ dir: backupDir, ...target });
      const restored = await openDeployment(target.dataDir, target.databaseUrl);
      try {
        const got = await snapshot(restored);
        const inBackup = new Set(got.orders.map((o) => o.id));
        // every order in the backup has all its lines; orders placed during the backup are in it whole or absent
        for (const id of duringBackup) {
          const lines = got.lines.filter((l) => l.orderId === id).length;
          assert.equal(lines, inBackup.has(id) ? 3 : 0, `order ${id}: ${lines} lines`);
        }
        assert.equal(got.orders.length, m.database.counts.orders);
        const keep = <T extends { orderId?: number; id?: number }>(rows: T[], key: (r: T) => number) => rows.filter((r) => inBackup.has(key(r)));
        assert.deepEqual(got.orders, keep(original.orders, (o) => o.id!));
        assert.deepEqual(got.lines, keep(original.lines, (l) => l.orderId!));
        assert.deepEqual(got.documents, keep(original.documents, (d) => d.orderId!));
        assert.deepEqual(got.messages, keep(original.messages, (x) => x.orderId!));
        assert.ok(got.documents.length >= 6 && got.messages.length >= 6);
        assert.deepEqual(got.files, Object.fromEntries(got.documents.map((d) => [d.id, original.files[d.id]])));
        // the public catalogue images came back too, byte for byte
        const uploads = listTree(path.join(source.dataDir, 'uploads'));
        assert.ok(uploads.length > 0);
        assert.deepEqual(listTree(path.join(target.dataDir, 'uploads')), uploads);
        // the restored shop takes writes (sequences restored, not reset)
        const customer = await login(restored.app, 'respaldo@example.com');
        const last = got.messages.at(-1)!;
        const more = await api(restored.app, 'POST', `/api/order/${last.orderId}/messages`, { token: customer, body: { text: 'después de restaurar' } });
        assert.equal(more.status, 201, more.raw);
        assert.ok(more.body.data.id > last.id);
      } finally {
        await restored.close();
      }

      // A second restore into the now non-empty deployment is refused and changes nothing…
      const before = listTree(target.dataDir);
      await assert.rejects(restore({ dir: backupDir, ...target }), (err: Error) => {
        assert.ok(err instanceof BackupError);
        assert.match(err.message, /no está vacío.*--force/);
        return true;
      });
      assert.deepEqual(listTree(target.dataDir), before);
      // …unless forced.
      await restore({ dir: backupDir, ...target, force: true });
    });

    it('se niega a restaurar un respaldo dañado o truncado, nombrando el archivo, sin tocar el destino', async () => {
      const bad = newDir('corrupt');
      cpSync(backupDir, bad, { recursive: true });
      const manifest = await verifyBackup(bad);
      const proof = manifest.files.find((f) => f.path.startsWith('private/orders/'))!;
      assert.ok(proof, 'the backup holds the private order documents');

      const target = await emptyTarget();
      const expectRefused = async (file: string) => {
        await assert.rejects(restore({ dir: bad, ...target }), (err: Error) => {
          assert.ok(err instanceof BackupError, String(err));
          assert.equal(err.file, file);
          assert.ok(err.message.includes(file));
          return true;
        });
        assert.deepEqual(listTree(target.dataDir).filter((f) => !f.startsWith('pglite')), [], 'no file written');
        assert.deepEqual(listTree(pgliteDirFor(target.dataDir)), [], 'no database written');
      };

      // one flipped byte in a proof of transfer
      const proofFile = path.join(bad, 'files', proof.path);
      const bytes = readFileSync(proofFile);
      bytes[bytes.length - 1] ^= 0xff;
      writeFileSync(proofFile, bytes);
      await expectRefused(`files/${proof.path}`);
      cpSync(path.join(backupDir, 'files', proof.path), proofFile);

      // the database dump cut short
      const dump = path.join(bad, manifest.database.path);
      truncateSync(dump, Math.floor(manifest.database.bytes / 2));
      await expectRefused(manifest.database.path);
      cpSync(path.join(backupDir, manifest.database.path), dump);

      // a manifest that is not JSON
      writeFileSync(path.join(bad, 'manifest.json'), '{"format":1,');
      await expectRefused('manifest.json');

      // the CLI says the same with exit code 1
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/backup-cli.ts', 'restore', bad], {
        cwd: root,
        env: { ...process.env, DATA_DIR: target.dataDir, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) },
        encoding: 'utf8',
      });
      assert.equal(cli.status, 1, cli.stderr);
      assert.match(cli.stderr, /Restauración rechazada: .*\[archivo: manifest\.json\]/);
    });

    it('el comando de respaldo le pide el volcado a la API en marcha (PGlite) o usa pg_dump', async () => {
      let server: Awaited<ReturnType<typeof serveBackupSocket>> = null;
      if (kind === 'pglite') {
        // the source's PGlite is open and locked by this process, as by a running API
        server = await serveBackupSocket(source.dataDir, source.db.pglite!);
        assert.ok(server);
      }
      try {
        const out = newDir('cli-backup');
        const env = { ...process.env, DATA_DIR: source.dataDir, ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}) };
        // asynchronously: this process answers the CLI's request on the socket
        const cli = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/backup-cli.ts', 'backup', '--out', out], { cwd: root, env, encoding: 'utf8' });
        assert.match(cli.stdout, /Respaldo listo en .*: \d+ pedidos, \d+ archivos/);
        const m = await verifyBackup(out);
        assert.equal(m.database.counts.orders, original.orders.length);
        // the last-backup file the metrics (and the stale-backup alert) read
        const status = JSON.parse(readFileSync(path.join(source.dataDir, 'ops', 'last-backup.json'), 'utf8'));
        assert.ok(Date.now() / 1000 - status.at < 60);
        // into a folder that already holds something: refused
        const again = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/backup-cli.ts', 'backup', '--out', out], { cwd: root, env, encoding: 'utf8' });
        assert.equal(again.status, 1);
        assert.match(again.stderr, /no está vacío/);
      } finally {
        server?.close();
      }
    });

    if (kind === 'pglite') {
      it('no restaura sobre una base embebida abierta por la API, ni con --force', async () => {
        // another process, as an operator would run it while the API (this process) holds DATA_DIR
        const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/backup-cli.ts', 'restore', backupDir, '--force'], {
          cwd: root,
          env: { ...process.env, DATA_DIR: source.dataDir },
          encoding: 'utf8',
        });
        assert.equal(cli.status, 1, cli.stderr);
        assert.match(cli.stderr, /Restauración rechazada: .*en uso por el proceso .*No se modificó nada/);
        assert.equal((await source.db.db.select().from(orders)).length, original.orders.length);
      });
    }
  });
}
