/**
 * `npm run storage:migrate`: a `$DATA_DIR` (images and order documents) copied into an S3 bucket (s3rver, real
 * AWS SDK), every copy read back and checked against the file's SHA-256, a metadata row per object; a second
 * run sends nothing and verifies everything again; an object that differs in the bucket is replaced; a file
 * the store cannot name is reported (exit 1) and the others still copied.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startLocalS3, type LocalS3 } from '../../deploy/local/s3rver';
import { sha256Hex } from '../storage/blobs';
import { migrateDataDirToStore } from '../storage/migrate';
import { S3ObjectStore } from '../storage/s3-store';
import { createTestContext } from './helpers';
import { api, createCustomer, insertTestCatalogue, PDF, PNG, setMinimums } from './orders-fixtures';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function put(dataDir: string, key: string, data: Buffer): void {
  const file = path.join(dataDir, ...key.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}

describe('storage:migrate (DATA_DIR → S3)', () => {
  let s3: LocalS3;
  let store: S3ObjectStore;
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-'));
  const dataDir = path.join(tmp, 'data');
  const files = new Map<string, Buffer>();
  let orderId = 0;

  before(async () => {
    s3 = await startLocalS3({ directory: path.join(tmp, 's3') });
    store = new S3ObjectStore({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, timeoutMs: 5_000 });
    ctx = await createTestContext('pglite');
    await setMinimums(ctx.db.db);
    const cat = await insertTestCatalogue(ctx.db.db);
    const owner = await createCustomer(ctx.app, ctx.db.db, { email: 'migrar@example.com' });
    const r = await api(ctx.app, 'POST', '/api/order', { token: owner.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: owner.billingId } });
    orderId = r.body.data.id;
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } }).webp().toBuffer();
    files.set('uploads/products/p1-0123456789abcdef.webp', webp);
    files.set('uploads/carousel/banner-1-abc.webp', webp);
    files.set(`private/orders/${orderId}/${randomUUID()}.pdf`, PDF);
    files.set(`private/orders/999999/${randomUUID()}.png`, PNG); // an order that no longer exists
    for (const [key, data] of files) put(dataDir, key, data);
    put(dataDir, 'uploads/products/p2.webp.123.abc.tmp', Buffer.from('a write that never finished'));
    put(dataDir, 'pglite/not-a-file-to-copy', Buffer.from('x'));
  });
  after(async () => {
    await ctx?.dispose();
    await store?.close();
    await s3?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('copia y verifica cada archivo, con su fila; repetirlo no envía nada y vuelve a verificar', async () => {
    const first = await migrateDataDirToStore({ dataDir, target: store, db: ctx.db.db });
    assert.deepEqual(first.failures, []);
    assert.equal(first.files, files.size, 'temporary files and the database folder are not copied');
    assert.equal(first.copied, files.size);
    assert.equal(first.verified, files.size);
    for (const [key, data] of files) {
      const head = await store.head(key);
      assert.equal(head?.sha256, sha256Hex(data), key);
      const row = await ctx.app.blobs.metadata(key);
      assert.equal(row?.sha256, sha256Hex(data));
      assert.equal(row?.size, data.length);
      assert.equal(row?.visibility, key.startsWith('private/') ? 'private' : 'public');
      assert.equal(row?.orderId, key.startsWith(`private/orders/${orderId}/`) ? orderId : null);
    }
    assert.equal((await ctx.app.blobs.metadata('uploads/products/p1-0123456789abcdef.webp'))?.contentType, 'image/webp');

    const second = await migrateDataDirToStore({ dataDir, target: store, db: ctx.db.db });
    assert.deepEqual(second.failures, []);
    assert.equal(second.copied, 0);
    assert.equal(second.alreadyThere, files.size);
    assert.equal(second.verified, files.size);
  });

  it('un objeto distinto en el bucket se reemplaza por el archivo', async () => {
    const key = 'uploads/carousel/banner-1-abc.webp';
    await store.put(key, PNG, { contentType: 'image/png', sha256: sha256Hex(PNG) });
    const r = await migrateDataDirToStore({ dataDir, target: store, db: ctx.db.db });
    assert.deepEqual(r.failures, []);
    assert.equal(r.copied, 1);
    assert.equal((await store.head(key))?.sha256, sha256Hex(files.get(key)!));
  });

  it('el comando: nombra lo que no pudo copiar (salida 1) y copia el resto; sin S3_BUCKET no hace nada (salida 2)', async () => {
    const dir = path.join(tmp, 'cli');
    mkdirSync(dir, { mode: 0o700 });
    put(dir, 'uploads/products/bien.webp', files.get('uploads/products/p1-0123456789abcdef.webp')!);
    put(dir, 'uploads/products/mal nombre.webp', PNG);
    // asynchronous: the S3 server answers from this very process
    const run = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'server/storage/migrate-cli.ts'],
          { cwd: ROOT, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'warn', ...env }, timeout: 180_000 },
          (err, stdout, stderr) => resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const missing = await run({});
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(missing.stderr, /Falta S3_BUCKET/);
    const r = await run(s3.env);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /uploads\/products\/mal nombre\.webp: nombre no válido/);
    assert.match(r.stdout, /2 archivos .*: 1 copiados/);
    rmSync(path.join(dir, 'uploads/products/mal nombre.webp'));
    const again = await run(s3.env);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /0 copiados .* 1 ya estaban, 1 verificados/);
  });
});
