/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Staff settings API: who may read and change what (config:write, categories:write, transports:write),
 * carousel uploads (checked by content, re-encoded to 1600×600 WebP, served by /uploads, removed on
 * delete), reordering, footer tags, transports (a disabled one disappears from the checkout's choices) —
 * and that each write drops the API's catalogue cache and revalidates the storefront (a local HTTP server
 * stands in for it and records the tags).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { before, it } from 'node:test';
import sharp from 'sharp';
import { describeEachDb } from './helpers';
import { startFakeStorefront } from './fake-storefront';
import { api, createCustomer, loginDemo, multipart, orderSuite, PDF, PNG, type TestCatalogue } from './orders-fixtures';

const storefront = await startFakeStorefront();
const received = storefront.calls;
delete process.env.REVALIDATE_URLS;


/** A real photo-sized PNG (sharp-rendered gradient). */
const banner = (w = 2000, h = 1000) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 140, g: 70, b: 170 } } })
    .png()
    .toBuffer();

describeEachDb('personal: carrusel, etiquetas, transportes y configuración', (ctx) => {
  let tokens: Record<string, string>;
  let cat: TestCatalogue;
  before(async () => {
    const { app, db } = ctx();
    ({ cat } = await orderSuite(app, db.db, {}));
    tokens = await loginDemo(app, ['superadmin', 'admin', 'employee', 'orderemployee', 'customer']);
  });

  const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    api(ctx().app, method, url, { token: who ? tokens[who] : null, body });
  const upload = async (who: string, parts: Parameters<typeof multipart>[0]) => {
    const m = multipart(parts);
    return api(ctx().app, 'POST', '/api/staff/carousel', { token: tokens[who], payload: m.payload, headers: m.headers });
  };

  it('role matrix: settings for admin and superadmin; employee, orderemployee and customers refused', async () => {
    assert.equal((await call(null, 'GET', '/api/staff/settings')).status, 401);
    for (const who of ['customer', 'orderemployee', 'employee']) {
      const r = await call(who, 'GET', '/api/staff/settings');
      assert.equal(r.status, 403, who);
      assert.equal(r.body.message, 'No tienes los permisos necesarios');
    }
    for (const who of ['admin', 'superadmin']) {
      const r = await call(who, 'GET', '/api/staff/settings');
      assert.equal(r.status, 200, r.raw);
      assert.deepEqual(r.body.data.can, { config: true, catalogue: true, transports: true });
      assert.ok(r.body.data.carousel.length >= 1 && r.body.data.tags.length >= 1 && r.body.data.transports.length >= 6);
      assert.equal(typeof r.body.data.config.maintaince, 'boolean');
      assert.equal(r.headers['cache-control'], 'no-store');
    }
    const writes: [string, string, unknown][] = [
      ['PATCH', '/api/staff/config', { maintaince: false }],
      ['POST', '/api/staff/tags', { name: 'Nueva', url: '/products?query=nueva' }],
      ['PATCH', '/api/staff/tags/1', { name: 'X' }],
      ['DELETE', '/api/staff/tags/1', undefined],
      ['PUT', '/api/staff/carousel/order', { ids: [1] }],
      ['DELETE', '/api/staff/carousel/1', undefined],
      ['POST', '/api/staff/transports', { name: 'Nuevo' }],
      ['PATCH', '/api/staff/transports/1', { isAble: false }],
    ];
    for (const who of ['customer', 'orderemployee', 'employee']) {
      for (const [method, url, body] of writes) {
        const r = await call(who, method as 'POST', url, body);
        assert.equal(r.status, 403, `${who} ${method} ${url}`);
      }
      const m = multipart([{ name: 'image', filename: 'b.png', content: await banner(), type: 'image/png' }]);
      const r = await api(ctx().app, 'POST', '/api/staff/carousel', { token: tokens[who], payload: m.payload, headers: m.headers });
      assert.equal(r.status, 403, `${who} upload`);
    }
  });

  it('carousel upload: any JPG/PNG/WebP becomes a 1600×600 WebP, served, listed publicly at once, revalidated', async () => {
    const { app, dataDir } = ctx();
    const before = (await api(app, 'GET', '/api/carouselImages')).body.data; // fills the catalogue cache
    received.length = 0;
    const jpeg = await sharp(await banner(2400, 900)).jpeg().toBuffer();
    const r = await upload('admin', [
      { name: 'alt', value: 'Velas de soja: nueva temporada' },
      { name: 'link', value: '/velas' },
      // the client's name and type lie: the content decides
      { name: 'image', filename: 'foto.gif', content: jpeg, type: 'text/plain' },
    ]);
    assert.equal(r.status, 201, r.raw);
    assert.equal(r.body.message, 'Imagen agregada al carrusel');
    const img = r.body.data;
    assert.match(img.url, /^\/uploads\/carousel\/up-[0-9a-f-]{36}\.webp$/);
    assert.deepEqual([img.alt, img.link], ['Velas de soja: nueva temporada', '/velas']);
    assert.equal(img.position, Math.max(...before.map((b: any) => b.order)) + 1, 'appended at the end');

    const served = await app.inject({ method: 'GET', url: img.url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1600, 600]);

    const after = (await api(app, 'GET', '/api/carouselImages')).body.data;
    assert.equal(after.length, before.length + 1, 'the cached list was dropped');
    assert.equal(after.at(-1).name, img.url);
    await storefront.revalidated('carousel');

    // PNG and WebP sources too
    for (const content of [await banner(), await sharp(await banner()).webp().toBuffer()]) {
      const ok = await upload('superadmin', [{ name: 'image', filename: 'x', content }]);
      assert.equal(ok.status, 201, ok.raw);
      assert.equal(ok.body.data.link, null);
      assert.ok(existsSync(path.join(dataDir, ok.body.data.url.slice(1))));
    }
  });

  it('carousel upload refuses what is not an image, tiny or broken images, bad links and no file', async () => {
    const big = await banner();
    const cases: [Parameters<typeof multipart>[0], number, string][] = [
      [[{ name: 'image', filename: 'a.pdf', content: PDF, type: 'image/png' }], 400, 'La imagen debe ser JPG, PNG o WEBP'],
      [[{ name: 'image', filename: 'a.png', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/png' }], 400, 'La imagen debe ser JPG, PNG o WEBP'],
      [[{ name: 'image', filename: 'a.png', content: PNG, type: 'image/png' }], 400, 'La imagen es demasiado chica: debe medir al menos 600 × 225 píxeles'],
      [[{ name: 'image', filename: 'a.png', content: big.subarray(0, 200), type: 'image/png' }], 400, 'No se pudo leer la imagen'],
      [[{ name: 'link', value: 'https://otro-sitio.example' }, { name: 'image', filename: 'a.png', content: big }], 400, 'Los parametros son incorrectos'],
      [[{ name: 'link', value: '//otro-sitio.example' }, { name: 'image', filename: 'a.png', content: big }], 400, 'Los parametros son incorrectos'],
      [[{ name: 'alt', value: 'a\u0000b' }, { name: 'image', filename: 'a.png', content: big }], 400, 'Los parametros son incorrectos'],
      [[{ name: 'alt', value: 'sin archivo' }], 400, 'No seleccionaste un archivo'],
    ];
    const count = (await call('admin', 'GET', '/api/staff/settings')).body.data.carousel.length;
    for (const [parts, status, message] of cases) {
      const r = await upload('admin', parts);
      assert.deepEqual([r.status, r.body.message], [status, message], JSON.stringify(parts.map((p) => p.name)));
    }
    const json = await call('admin', 'POST', '/api/staff/carousel', { image: 'x' });
    assert.deepEqual([json.status, json.body.message], [400, 'No seleccionaste un archivo']);
    assert.equal((await call('admin', 'GET', '/api/staff/settings')).body.data.carousel.length, count, 'nothing stored');
  });

  it('carousel: edit alt and link, reorder (every image once), delete (the uploaded file goes too)', async () => {
    const { dataDir } = ctx();
    const list = async () => (await call('admin', 'GET', '/api/staff/settings')).body.data.carousel as any[];
    const ids = (await list()).map((c) => c.id);
    assert.ok(ids.length >= 3);

    const edit = await call('admin', 'PATCH', `/api/staff/carousel/${ids[0]}`, { alt: 'Nuevo texto', link: null });
    assert.equal(edit.status, 200, edit.raw);
    assert.deepEqual([edit.body.data[0].alt, edit.body.data[0].link], ['Nuevo texto', null]);
    for (const body of [{ link: 'javascript:alert(1)' }, { link: '/a b' }, { alt: 'x'.repeat(201) }]) {
      assert.equal((await call('admin', 'PATCH', `/api/staff/carousel/${ids[0]}`, body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await call('admin', 'PATCH', '/api/staff/carousel/999999', { alt: 'x' })).status, 404);

    const reversed = [...ids].reverse();
    received.length = 0;
    const r = await call('admin', 'PUT', '/api/staff/carousel/order', { ids: reversed });
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(r.body.data.map((c: any) => c.id), reversed);
    assert.deepEqual((await ctx().get('/api/carouselImages')).body.data.map((c: any) => c.id), reversed, 'public order');
    await storefront.revalidated('carousel');
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999999], [], [0]]) {
      const res = await call('admin', 'PUT', '/api/staff/carousel/order', { ids: bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    const partial = await call('admin', 'PUT', '/api/staff/carousel/order', { ids: ids.slice(1) });
    assert.equal(partial.body.message, 'El orden debe incluir cada imagen del carrusel una sola vez');

    const uploaded = (await list()).find((c) => c.url.includes('/up-'))!;
    const file = path.join(dataDir, uploaded.url.slice(1));
    assert.ok(existsSync(file));
    const del = await call('admin', 'DELETE', `/api/staff/carousel/${uploaded.id}`);
    assert.equal(del.status, 200, del.raw);
    assert.ok(!del.body.data.some((c: any) => c.id === uploaded.id));
    assert.ok(!existsSync(file), 'our upload is removed from disk');
    assert.equal((await call('admin', 'DELETE', `/api/staff/carousel/${uploaded.id}`)).status, 404);
    // a seed banner (shared file) keeps its file
    const seeded = (await list()).find((c) => !c.url.includes('/up-'))!;
    assert.equal((await call('admin', 'DELETE', `/api/staff/carousel/${seeded.id}`)).status, 200);
    assert.ok(existsSync(path.join(dataDir, seeded.url.slice(1))));
  });

  it('tags: create, rename, delete — the public footer list follows at once and the storefront revalidates', async () => {
    const pub = async () => (await ctx().get('/api/tags')).body.data.items as any[];
    await pub();
    received.length = 0;
    const c = await call('admin', 'POST', '/api/staff/tags', { name: '  Cuencos tibetanos ', url: '/products?query=cuenco' });
    assert.equal(c.status, 201, c.raw);
    assert.deepEqual([c.body.data.name, c.body.data.url], ['Cuencos tibetanos', '/products?query=cuenco']);
    assert.ok((await pub()).some((t) => t.id === c.body.data.id));
    await storefront.revalidated('tags');

    const rn = await call('admin', 'PATCH', `/api/staff/tags/${c.body.data.id}`, { name: 'Cuencos' });
    assert.equal(rn.status, 200, rn.raw);
    assert.equal((await pub()).find((t) => t.id === c.body.data.id).name, 'Cuencos');

    for (const body of [
      { name: '', url: '/x' },
      { name: 'x'.repeat(61), url: '/x' },
      { name: 'ok', url: 'javascript:alert(1)' },
      { name: 'ok', url: '//evil.example' },
      { name: 'ok', url: '/\\evil' },
      { name: 'a\nb', url: '/x' },
      { name: 'ok' },
    ]) {
      const r = await call('admin', 'POST', '/api/staff/tags', body);
      assert.deepEqual([r.status, r.body.message], [400, 'Los parametros son incorrectos'], JSON.stringify(body));
    }
    assert.equal((await call('admin', 'PATCH', '/api/staff/tags/999999', { name: 'x' })).status, 404);

    const d = await call('admin', 'DELETE', `/api/staff/tags/${c.body.data.id}`);
    assert.equal(d.status, 200);
    assert.ok(!(await pub()).some((t) => t.id === c.body.data.id));
    assert.equal((await call('admin', 'DELETE', `/api/staff/tags/${c.body.data.id}`)).status, 404);
  });

  it('transports: disable (checkout refuses it, children too), enable, create under a father; bad input', async () => {
    const { app, db } = ctx();
    const names = async () => (await ctx().get('/api/transport/names')).body.data as any[];
    const andreani = (await names()).find((t) => t.name === 'Andreani')!;
    const off = await call('admin', 'PATCH', `/api/staff/transports/${andreani.id}`, { isAble: false });
    assert.equal(off.status, 200, off.raw);
    assert.equal(off.body.data.isAble, false);
    const now = await names();
    assert.equal(now.find((t) => t.id === andreani.id).isAble, false);
    assert.ok(now.filter((t) => t.fatherId === andreani.id).every((t) => !t.isAble), 'children follow their father');

    const buyer = await createCustomer(app, db.db, { email: 'transportes@example.com', province: 'Córdoba' });
    const order = (transportId: number) =>
      api(app, 'POST', '/api/order', {
        token: buyer.token,
        body: { products: [{ id: cat.exact, quantity: 70 }], billingDataId: buyer.billingId, toSucc: false, addressId: buyer.addressId, transportId },
      });
    assert.deepEqual(await order(andreani.id).then((r) => [r.status, r.body.message]), [400, 'Transporte deshabilitado']);
    assert.equal((await call('superadmin', 'PATCH', `/api/staff/transports/${andreani.id}`, { isAble: true })).status, 200);
    assert.equal((await order(andreani.id)).status, 201);

    const created = await call('admin', 'POST', '/api/staff/transports', { name: 'Vía Cargo', fatherId: null });
    assert.equal(created.status, 201, created.raw);
    assert.deepEqual([created.body.data.isAble, created.body.data.fatherId], [true, null]);
    const child = await call('admin', 'POST', '/api/staff/transports', { name: 'Vía Cargo — sucursal', fatherId: created.body.data.id });
    assert.equal(child.status, 201, child.raw);
    assert.ok((await names()).some((t) => t.id === child.body.data.id && t.fatherId === created.body.data.id));
    const grandchild = await call('admin', 'POST', '/api/staff/transports', { name: 'Nieto', fatherId: child.body.data.id });
    assert.deepEqual([grandchild.status, grandchild.body.message], [400, 'El transporte padre no existe o ya es una variante']);
    assert.equal((await call('admin', 'POST', '/api/staff/transports', { name: 'Huérfano', fatherId: 999999 })).status, 400);
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'ok', isAble: 'no' }, { name: 'ok', fatherId: 0 }]) {
      assert.equal((await call('admin', 'POST', '/api/staff/transports', body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await call('admin', 'PATCH', '/api/staff/transports/999999', { isAble: false })).status, 404);
    assert.equal((await call('admin', 'PATCH', `/api/staff/transports/${andreani.id}`, { isAble: 1 })).status, 400);
  });

  it('config (minimums, maintenance): config:write only; revalidates the storefront', async () => {
    for (const who of ['orderemployee', 'employee']) {
      assert.equal((await call(who, 'PATCH', '/api/staff/config', { maintaince: true })).status, 403, who);
    }
    received.length = 0;
    const on = await call('admin', 'PATCH', '/api/staff/config', { maintaince: true });
    assert.equal(on.status, 200, on.raw);
    assert.equal((await ctx().get('/api/config')).body.data.maintaince, true);
    await storefront.revalidated('config');
    assert.equal((await call('admin', 'GET', '/api/staff/settings')).body.data.config.maintaince, true);
    assert.equal((await call('admin', 'PATCH', '/api/staff/config', { maintaince: false })).status, 200);
  });
});
