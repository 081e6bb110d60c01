/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * The blob storage contract (server/storage), run against BOTH implementations with real engines: the
 * filesystem under a data dir, and S3 through the AWS SDK against an in-process S3 server (s3rver). Each
 * store: objects and their metadata rows go together; names with traversal, wrong content, over-size,
 * a private file under the public root are refused with nothing written; a missing object is null / 404;
 * a metadata row that cannot be written takes its object back. Then the store being unreachable (S3 down,
 * an S3 endpoint that never answers, a data dir that cannot be written): a clear 503 in Spanish, and no
 * metadata row without its object, no order document without its file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { count, eq, like } from 'drizzle-orm';
import { startLocalS3, type LocalS3 } from '../../deploy/local/s3rver';
import { blobs, orderDocuments } from '../db/schema';
import { BlobStorage, sha256Hex } from '../storage/blobs';
import { FsObjectStore } from '../storage/fs-store';
import { BadKeyError, StoreUnavailableError, type ObjectStore } from '../storage/object-store';
import { S3ObjectStore } from '../storage/s3-store';
import { blackhole } from './hang-support';
import { freePort } from './faults-support';
import { createTestContext, SPANISH, TEST_DATABASE_URL, type DbKind, type TestContext } from './helpers';
import { api, createCustomer, insertTestCatalogue, multipart, PDF, PNG, setMinimums } from './orders-fixtures';

const UNAVAILABLE = 'El servicio no está disponible, intenta nuevamente en unos minutos';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

async function keysUnder(store: ObjectStore, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.list(prefix)) out.push(o.key);
  return out;
}

type Made = { store: ObjectStore; s3?: LocalS3; cleanup(): Promise<void> };

async function makeStore(kind: 'fs' | 's3'): Promise<Made> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `shop-storage-${kind}-`));
  if (kind === 'fs') return { store: new FsObjectStore(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  const s3 = await startLocalS3({ directory: dir });
  const store = new S3ObjectStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    timeoutMs: 2_000,
  });
  return {
    store,
    s3,
    cleanup: async () => {
      await store.close();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const catalogues = new WeakMap<TestContext, Promise<Awaited<ReturnType<typeof insertTestCatalogue>>>>();

/** One order of a fresh customer on the seeded database, and a helper to upload its proof. */
async function orderWithUpload(ctx: TestContext, email: string) {
  const { app, db } = ctx;
  if (!catalogues.has(ctx)) {
    catalogues.set(ctx, setMinimums(db.db).then(() => insertTestCatalogue(db.db)));
  }
  const cat = await catalogues.get(ctx)!;
  const owner = await createCustomer(app, db.db, { email });
  const r = await api(app, 'POST', '/api/order', { token: owner.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: owner.billingId } });
  assert.equal(r.status, 201, r.raw);
  const orderId: number = r.body.data.id;
  const upload = (content: Buffer, filename = 'comprobante.png') => {
    const { payload, headers } = multipart([{ name: 'file', filename, content, type: 'image/png' }]);
    return api(app, 'POST', `/api/order/${orderId}/proof`, { token: owner.token, payload, headers });
  };
  return { owner, orderId, upload };
}

for (const kind of ['fs', 's3'] as const) {
  describe(`almacenamiento: contrato [${kind}]`, () => {
    let made: Made;
    let ctx: Awaited<ReturnType<typeof createTestContext>>;
    let blobStore: BlobStorage;

    before(async () => {
      made = await makeStore(kind);
      ctx = await createTestContext('pglite', { objectStore: made.store });
      blobStore = ctx.app.blobs;
    });
    after(async () => {
      await ctx?.dispose();
      await made?.cleanup();
    });

    it('guarda el objeto y su fila (tipo, tamaño, SHA-256, dueño), lo lee, lo lista y lo borra', async () => {
      const key = 'private/orders/77/contrato.pdf';
      const meta = await blobStore.save({ key, data: PDF, contentType: 'application/pdf', visibility: 'private' });
      assert.deepEqual(meta, { key, visibility: 'private', contentType: 'application/pdf', size: PDF.length, sha256: sha256Hex(PDF) });
      assert.deepEqual(await blobStore.metadata(key), { ...meta, ownerId: null, orderId: null });
      const head = await made.store.head(key);
      assert.equal(head?.size, PDF.length);
      assert.equal(head?.contentType, 'application/pdf');
      assert.match(head!.etag, /^".+"$/);
      const file = await blobStore.open(key);
      assert.deepEqual(await readAll(file!.body), PDF);
      assert.deepEqual(await keysUnder(made.store, 'private/orders/77'), [key]);
      // a sibling prefix is not "under" it
      assert.deepEqual(await keysUnder(made.store, 'private/orders/7'), []);

      await blobStore.remove(key);
      assert.equal(await made.store.head(key), null);
      assert.equal(await blobStore.open(key), null);
      assert.equal(await blobStore.metadata(key), null);
      assert.deepEqual(await keysUnder(made.store, 'private/orders/77'), []);
    });

    it('rechaza nombres con recorrido o fuera de sus raíces, sin escribir nada', async () => {
      const before = await keysUnder(made.store, 'uploads');
      const bad = [
        'uploads/../private/x.png',
        '../x.png',
        '/etc/passwd',
        'private/orders/1/..',
        'uploads/a/../../b.png',
        'uploads\\..\\x.png',
        'uploads/%2e%2e/x.png',
        'uploads/',
        'uploads//x.png',
        'uploads/.hidden.png',
        'otro/x.png',
        'uploads/x.png\u0000.pdf',
        '',
      ];
      for (const key of bad) {
        await assert.rejects(blobStore.save({ key, data: PNG, contentType: 'image/png', visibility: 'public' }), BadKeyError, key);
        await assert.rejects(made.store.put(key, PNG, { contentType: 'image/png', sha256: sha256Hex(PNG) }), BadKeyError, key);
        await assert.rejects(made.store.get(key), BadKeyError, key);
        await assert.rejects(made.store.remove(key), BadKeyError, key);
      }
      assert.deepEqual(await keysUnder(made.store, 'uploads'), before);
      const [{ n }] = await ctx.db.db.select({ n: count() }).from(blobs).where(like(blobs.key, '%..%'));
      assert.equal(Number(n), 0);
    });

    it('rechaza contenido que no es lo declarado, archivos vacíos, demasiado grandes y privados bajo la raíz pública', async () => {
      const cases: { input: Parameters<BlobStorage['save']>[0]; status: number; message: string }[] = [
        { input: { key: 'private/orders/5/a.pdf', data: PNG, contentType: 'application/pdf', visibility: 'private' }, status: 400, message: SPANISH.badParams },
        { input: { key: 'uploads/products/a.png', data: Buffer.from('<html>no</html>'), contentType: 'image/png', visibility: 'public' }, status: 400, message: SPANISH.badParams },
        { input: { key: 'uploads/products/b.png', data: Buffer.alloc(0), contentType: 'image/png', visibility: 'public' }, status: 400, message: 'No seleccionaste un archivo' },
        {
          input: { key: 'private/orders/5/big.pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), contentType: 'application/pdf', visibility: 'private' },
          status: 413,
          message: 'El archivo pesa mas de 10 MB',
        },
        { input: { key: 'uploads/orders/5/a.pdf', data: PDF, contentType: 'application/pdf', visibility: 'private' }, status: 400, message: SPANISH.badParams },
        { input: { key: 'private/orders/5/a.png', data: PNG, contentType: 'image/png', visibility: 'public' }, status: 400, message: SPANISH.badParams },
      ];
      for (const c of cases) {
        await assert.rejects(blobStore.save(c.input), (err: any) => err.statusCode === c.status && err.message === c.message, c.input.key);
        assert.equal(await made.store.head(c.input.key), null, `${c.input.key} not written`);
        assert.equal(await blobStore.metadata(c.input.key), null);
      }
    });

    it('un objeto que falta: null al leerlo, borrarlo no falla; su documento responde 404', async () => {
      assert.equal(await made.store.head('uploads/products/no-existe.webp'), null);
      assert.equal(await made.store.get('private/orders/1/no-existe.pdf'), null);
      await made.store.remove('uploads/products/no-existe.webp');
      assert.equal((await ctx.get('/uploads/products/no-existe.webp')).status, 404);

      const { owner, orderId, upload } = await orderWithUpload(ctx, `falta-${kind}@example.com`);
      const up = await upload(PNG);
      assert.equal(up.status, 201, up.raw);
      const [doc] = await ctx.db.db.select({ key: orderDocuments.fileUrl }).from(orderDocuments).where(eq(orderDocuments.id, up.body.data.id));
      await made.store.remove(`private/${doc!.key}`);
      const res = await api(ctx.app, 'GET', up.body.data.fileUrl, { token: owner.token });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, SPANISH.notFound);
      assert.ok(orderId > 0);
    });

    it('si su fila no se puede escribir, el objeto se borra (nada a medias)', async () => {
      const key = 'private/orders/999999/huerfano.pdf';
      // order 999999 does not exist: the row's foreign key fails after the object was written
      await assert.rejects(blobStore.save({ key, data: PDF, contentType: 'application/pdf', visibility: 'private', orderId: 999_999 }));
      assert.equal(await made.store.head(key), null);
      assert.equal(await blobStore.metadata(key), null);
    });

    it('por la API: el comprobante queda privado en este almacén, con su fila, y sólo su dueño lo descarga', async () => {
      const { owner, orderId, upload } = await orderWithUpload(ctx, `api-${kind}@example.com`);
      const up = await upload(PNG);
      assert.equal(up.status, 201, up.raw);
      const keys = await keysUnder(made.store, `private/orders/${orderId}`);
      assert.equal(keys.length, 1);
      const row = await blobStore.metadata(keys[0]!);
      assert.equal(row?.visibility, 'private');
      assert.equal(row?.orderId, orderId);
      assert.equal(row?.ownerId, owner.id);
      assert.equal(row?.sha256, sha256Hex(PNG));
      const got = await api(ctx.app, 'GET', up.body.data.fileUrl, { token: owner.token });
      assert.equal(got.status, 200);
      assert.deepEqual(got.rawPayload, PNG);
      // nothing under private/ is reachable from the public route
      for (const url of [`/uploads/${keys[0]}`, `/uploads/../${keys[0]}`, `/uploads/%2e%2e/${keys[0]}`]) {
        assert.equal((await ctx.get(url)).status, 404, url);
      }
    });

    it('las imágenes públicas del catálogo se sirven desde este almacén', async () => {
      const key = 'uploads/products/contrato.png';
      await blobStore.save({ key, data: PNG, contentType: 'image/png', visibility: 'public' });
      const res = await ctx.get(`/${key}`);
      assert.equal(res.status, 200);
      assert.equal(res.res.headers['content-type'], 'image/png');
      assert.deepEqual(res.res.rawPayload, PNG);
      const etag = String(res.res.headers.etag);
      const again = await ctx.get(`/${key}`, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
    });
  });
}

/* ------------------------------------------------------------ the store unreachable */

async function assertNothingHalfWritten(ctx: TestContext, orderId: number): Promise<void> {
  const [{ docs }] = await ctx.db.db.select({ docs: count() }).from(orderDocuments).where(eq(orderDocuments.orderId, orderId));
  assert.equal(Number(docs), 0, 'no order document without its file');
  const [{ rows }] = await ctx.db.db.select({ rows: count() }).from(blobs).where(eq(blobs.orderId, orderId));
  assert.equal(Number(rows), 0, 'no metadata row without its object');
}

const dbKinds: DbKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

for (const dbKind of dbKinds) {
  describe(`almacenamiento inalcanzable [${dbKind}]`, () => {
    it('S3 caído: subir un comprobante responde 503 en castellano y no deja fila ni documento', async () => {
      const port = await freePort(); // nothing listens there
      const store = new S3ObjectStore({ bucket: 'tienda', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'y', forcePathStyle: true, timeoutMs: 1_000 });
      const ctx = await createTestContext(dbKind, { objectStore: store });
      try {
        const { orderId, upload } = await orderWithUpload(ctx, 's3-caido@example.com');
        const res = await upload(PNG);
        assert.equal(res.status, 503, res.raw);
        assert.equal(res.body.message, UNAVAILABLE);
        assert.equal(res.headers['cache-control'], 'no-store');
        await assertNothingHalfWritten(ctx, orderId);
        const img = await ctx.get('/uploads/products/cualquiera.webp');
        assert.equal(img.status, 503);
        assert.equal(img.body.message, UNAVAILABLE);
        await assert.rejects(store.ping(), StoreUnavailableError);
      } finally {
        await ctx.dispose();
      }
    });

    it('S3 que acepta la conexión y nunca responde: 503 dentro de su plazo, sin colgarse', async () => {
      const hole = await blackhole();
      const store = new S3ObjectStore({ bucket: 'tienda', endpoint: `http://127.0.0.1:${hole.port}`, region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'y', forcePathStyle: true, timeoutMs: 500 });
      const ctx = await createTestContext(dbKind, { objectStore: store });
      try {
        const { orderId, upload } = await orderWithUpload(ctx, 's3-colgado@example.com');
        const started = Date.now();
        const res = await upload(PNG);
        assert.equal(res.status, 503, res.raw);
        assert.equal(res.body.message, UNAVAILABLE);
        // bounded by the deadline (put: 4 × 500 ms), not by the test runner's timeout
        assert.ok(Date.now() - started < 15_000, `answered after ${Date.now() - started} ms`);
        await assertNothingHalfWritten(ctx, orderId);
      } finally {
        await ctx.dispose();
        await hole.close();
      }
    });

    it('un DATA_DIR donde no se puede escribir: 503 y nada a medias', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-storage-broken-'));
      const root = path.join(dir, 'data');
      writeFileSync(root, 'not a directory'); // every write under it fails (ENOTDIR)
      const ctx = await createTestContext(dbKind, { objectStore: new FsObjectStore(root) });
      try {
        const { orderId, upload } = await orderWithUpload(ctx, 'disco-roto@example.com');
        const res = await upload(PNG);
        assert.equal(res.status, 503, res.raw);
        assert.equal(res.body.message, UNAVAILABLE);
        await assertNothingHalfWritten(ctx, orderId);
      } finally {
        await ctx.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
