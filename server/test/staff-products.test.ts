/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Staff product tools (routes/staff/products/): list / search / filters, the editor's fields (price,
 * discount, state, quantities, tiers, categories) with their validation messages, image upload (content
 * checked, converted to WebP, client file name ignored), reorder and delete, the role matrix, and the
 * storefront revalidation + catalogue cache drop every save triggers (a local HTTP server stands in for
 * the storefront).
 */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { offers, productCategories, productImages, products } from '../db/schema';
import { describeEachDb } from './helpers';
import { startFakeStorefront } from './fake-storefront';
import { api, insertTestCatalogue, multipart, staffCatalogueStart, type TestCatalogue, type TestCategory } from './orders-fixtures';

const storefront = await startFakeStorefront();
const received = storefront.calls;

/* How many catalogue-cache entries the API still held at the moment it sent each revalidation (the API
   reads the global fetch when its routes are registered, so this wrapper sees its calls). */
const cacheSizeAtRevalidate: number[] = [];
let appUnderTest: { catalogueCache: { size: number } } | undefined;
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
  if (String(input).endsWith('/api/revalidate') && appUnderTest) cacheSizeAtRevalidate.push(appUnderTest.catalogueCache.size);
  return realFetch(input, init);
}) as typeof fetch;
after(() => {
  globalThis.fetch = realFetch;
});


let emailSeq = 0;
const email = (role: string) => `${role}.${process.pid}.${++emailSeq}@example.com`;

describeEachDb('personal: productos (listado, edición, imágenes)', (ctx) => {
  let cat: TestCatalogue;
  let staff: string, tokens: Record<string, string>, catA: TestCategory, catB: TestCategory;

  before(async () => {
    const { app, db } = ctx();
    cat = await insertTestCatalogue(db.db);
    ({ staff, tokens, catA, catB } = await staffCatalogueStart(app, db.db, email, ['Prueba Categoría A', 'Prueba Categoría B']));
    await db.db.insert(productCategories).values({ productId: cat.exact, categoryId: catA.id, position: 0 });
  });

  const url = (id: number, rest = '') => `/api/staff/products/${id}${rest}`;
  const patch = (id: number, body: unknown, token = staff) => api(ctx().app, 'PATCH', url(id), { token, body });

  it('role matrix: guest 401, customer and orderemployee 403, employee / admin / superadmin allowed', async () => {
    const { app } = ctx();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/products'],
      ['GET', url(cat.exact)],
      ['PATCH', url(cat.exact), { state: 'active' }],
      ['PUT', url(cat.exact, '/images/order'), { ids: [1] }],
      ['DELETE', url(cat.exact, '/images/1')],
    ];
    for (const [method, path_, body] of calls) {
      const guest = await api(app, method as InjectOptions['method'], path_, { body });
      assert.equal(guest.status, 401, `${method} ${path_} guest`);
      for (const role of ['customer', 'orderemployee']) {
        const r = await api(app, method as InjectOptions['method'], path_, { token: tokens[role], body });
        assert.equal(r.status, 403, `${method} ${path_} ${role}`);
        assert.equal(r.body.message, 'No tienes los permisos necesarios');
      }
    }
    const up = multipart([{ name: 'file', filename: 'a.png', content: await pngOf(20, 20), type: 'image/png' }]);
    assert.equal((await api(app, 'POST', url(cat.exact, '/images'), { payload: up.payload, headers: up.headers })).status, 401);
    assert.equal((await api(app, 'POST', url(cat.exact, '/images'), { token: tokens.orderemployee, payload: up.payload, headers: up.headers })).status, 403);
    for (const role of ['employee', 'admin', 'superadmin']) {
      assert.equal((await api(app, 'GET', '/api/staff/products', { token: tokens[role] })).status, 200, role);
      assert.equal((await api(app, 'GET', url(cat.exact), { token: tokens[role] })).status, 200, role);
      assert.equal((await patch(cat.exact, { state: 'active' }, tokens[role])).status, 200, role);
    }
  });

  it('lists top-level products with hidden ones, searches by name / SKU / variation SKU, filters and pages', async () => {
    const { app } = ctx();
    const list = (q: string) => api(app, 'GET', `/api/staff/products${q}`, { token: staff });
    const all = await list('?rows=100');
    assert.equal(all.status, 200, all.raw);
    assert.ok(all.body.data.total > 10);
    assert.ok(all.body.data.items.every((p: any) => typeof p.sku === 'string' && ['active', 'limited', 'noStock', 'hidden'].includes(p.state)));
    assert.ok(all.body.data.categories.length >= 2);
    assert.equal(Object.keys(all.body.data.counts).sort().join(), 'active,hidden,limited,noStock');

    // by SKU (case-insensitive), hidden ones included; variations are not rows of their own
    const tag = cat.slugs.exact!.replace('test-orders-exact-', '');
    const bySku = await list(`?q=${encodeURIComponent(`tst-HIDDEN-${tag}`)}`);
    assert.deepEqual(bySku.body.data.items.map((p: any) => p.id), [cat.hidden]);
    assert.equal(bySku.body.data.items[0].state, 'hidden');
    const byVariationSku = await list(`?q=${encodeURIComponent(`TST-vara-${tag}`)}`);
    assert.deepEqual(byVariationSku.body.data.items.map((p: any) => p.id), [cat.variable]);
    const withTag = await list(`?q=${encodeURIComponent(tag)}&rows=100`);
    assert.ok(withTag.body.data.items.every((p: any) => p.sku.includes(tag)));
    assert.ok(!withTag.body.data.items.some((p: any) => p.id === cat.varA), 'variations are listed under their parent');
    const v = withTag.body.data.items.find((p: any) => p.id === cat.variable);
    assert.equal(v.variationCount, 2);
    assert.equal(v.offerCount, 1);
    // by name word, accents ignored
    const byName = await list(`?q=${encodeURIComponent('Prueba Nóstock')}&rows=100`);
    assert.ok(byName.body.data.items.some((p: any) => p.id === cat.noStock));
    // by id
    assert.ok((await list(`?q=${cat.step}`)).body.data.items.some((p: any) => p.id === cat.step));

    // state filter: counts stay per state of the search; items only that state
    const hidden = await list(`?q=${encodeURIComponent(tag)}&state=hidden&rows=100`);
    assert.deepEqual(hidden.body.data.items.map((p: any) => p.id).sort(), [cat.hidden, cat.varOfHidden - 1].sort());
    assert.equal(hidden.body.data.counts.hidden, 2);
    assert.ok(hidden.body.data.counts.active >= 5);
    // category filter
    const inA = await list(`?category=${catA.id}`);
    assert.deepEqual(inA.body.data.items.map((p: any) => p.id), [cat.exact]);
    assert.deepEqual(inA.body.data.items[0].categories, ['Prueba Categoría A']);
    assert.equal(inA.body.data.items[0].categorySlug, catA.slug);
    // paging
    const p1 = await list(`?q=${encodeURIComponent(tag)}&rows=3&page=1`);
    const p2 = await list(`?q=${encodeURIComponent(tag)}&rows=3&page=2`);
    assert.equal(p1.body.data.items.length, 3);
    assert.equal(p1.body.data.totalPages, Math.ceil(p1.body.data.total / 3));
    assert.equal(p1.body.data.items.filter((x: any) => p2.body.data.items.some((y: any) => y.id === x.id)).length, 0);
    // bad filters
    for (const bad of ['?state=gone', '?page=0', '?rows=1000', '?category=abc', `?q=${'x'.repeat(101)}`]) {
      assert.equal((await list(bad)).status, 400, bad);
    }
    // a LIKE wildcard is matched literally
    assert.equal((await list('?q=%25')).body.data.total, 0);
  });

  it('detail: variations, offers, images, categories and the category options', async () => {
    const { app } = ctx();
    const res = await api(app, 'GET', url(cat.variable), { token: staff });
    assert.equal(res.status, 200, res.raw);
    const d = res.body.data;
    assert.deepEqual(d.variations.map((v: any) => v.id).sort(), [cat.varA, cat.varB].sort());
    assert.deepEqual(d.offers.map((o: any) => [o.units, o.price, o.isVip, o.isStrict]), [[30, 1700, false, false]]);
    assert.ok(d.categoryOptions.some((c: any) => c.id === catA.id));
    const variation = (await api(app, 'GET', url(cat.varB), { token: staff })).body.data;
    assert.equal(variation.parent.id, cat.variable);
    assert.equal(variation.discount, 1800);
    assert.equal(variation.offers.length, 1, "a variation shows its parent's tiers");
    assert.equal((await api(app, 'GET', url(999_999), { token: staff })).status, 404);
    assert.equal((await api(app, 'GET', url(0), { token: staff })).status, 400);
  });

  it('edits each field; every save drops the catalogue cache and revalidates product, parent, categories and lists', async () => {
    const { app, db } = ctx();
    const publicPrice = async () => (await api(app, 'GET', `/api/product/slug/${cat.slugs.simple}`)).body.data.price;
    assert.equal(await publicPrice(), 1000);
    assert.equal(await publicPrice(), 1000); // now served from the catalogue cache
    assert.ok(app.catalogueCache.size > 0);

    received.length = 0;
    cacheSizeAtRevalidate.length = 0;
    appUnderTest = app;
    const res = await patch(cat.simple, {
      price: 1234.5,
      discount: 1200,
      state: 'limited',
      min: 6,
      max: 600,
      steps: 6,
      offers: [
        { name: 'Caja x 60', units: 60, price: 1100 },
        { name: 'VIP x 60', units: 60, price: 1000, isVip: true, isStrict: true },
      ],
      categoryIds: [catB.id, catA.id],
    });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.message, 'Datos guardados correctamente');
    const d = res.body.data;
    assert.deepEqual([d.price, d.discount, d.state, d.min, d.max, d.steps], [1234.5, 1200, 'limited', 6, 600, 6]);
    assert.deepEqual(d.offers.map((o: any) => [o.name, o.units, o.price, o.isVip, o.isStrict]), [
      ['Caja x 60', 60, 1100, false, false],
      ['VIP x 60', 60, 1000, true, true],
    ]);
    assert.deepEqual(d.categories.map((c: any) => c.id), [catB.id, catA.id]);
    const call = await storefront.revalidated(`product-id:${cat.simple}`);
    assert.equal(call.url, '/api/revalidate');
    // the cache was already empty when the storefront was told: a page it re-renders at once reads the new product
    assert.deepEqual(cacheSizeAtRevalidate, [0]);
    appUnderTest = undefined;
    assert.deepEqual(
      call.tags.sort(),
      ['products', `product-id:${cat.simple}`, `product:${cat.slugs.simple}`, `category:${catA.slug}`, `category:${catB.slug}`].sort(),
    );
    // the public API answers with the new data at once (cache dropped by the write)
    const pub = (await api(app, 'GET', `/api/product/slug/${cat.slugs.simple}`)).body.data;
    assert.deepEqual([pub.price, pub.discount, pub.state], [1234.5, 1200, 'limited']);

    // removing a category revalidates the category it left
    received.length = 0;
    await patch(cat.simple, { categoryIds: [catB.id] });
    const left = await storefront.revalidated(`product-id:${cat.simple}`);
    assert.ok(left.tags.includes(`category:${catA.slug}`));
    // clearing: no discount, no tiers, no categories
    const cleared = await patch(cat.simple, { discount: null, offers: [], categoryIds: [] });
    assert.deepEqual([cleared.body.data.discount, cleared.body.data.offers.length, cleared.body.data.categories.length], [null, 0, 0]);
    assert.equal((await db.db.select().from(offers).where(eq(offers.productId, cat.simple))).length, 0);

    // a variation revalidates its parent
    received.length = 0;
    const v = await patch(cat.varA, { price: 2100, state: 'noStock' });
    assert.equal(v.status, 200, v.raw);
    const vc = await storefront.revalidated(`product-id:${cat.varA}`);
    assert.ok(vc.tags.includes(`product-id:${cat.variable}`) && vc.tags.includes(`product:${cat.slugs.variable}`));

    // hidden → the public product is gone
    await patch(cat.exact, { state: 'hidden' });
    assert.equal((await api(app, 'GET', `/api/product/slug/${cat.slugs.exact}`)).status, 404);
    await patch(cat.exact, { state: 'active' });
    assert.equal((await api(app, 'GET', `/api/product/slug/${cat.slugs.exact}`)).status, 200);
  });

  it('rejects bad edits with a Spanish message and writes nothing', async () => {
    const { db } = ctx();
    const before_ = await db.db.select().from(products).where(eq(products.id, cat.step));
    const offersBefore = await db.db.select().from(offers).where(eq(offers.productId, cat.variable));
    const cases: [unknown, string, string][] = [
      [{ offers: [{ name: 'a', units: 10, price: 5 }, { name: 'b', units: 10, price: 4 }] }, 'Hay dos ofertas con la misma cantidad mínima (y el mismo tipo, VIP o general)', 'OFFER_DUPLICATE_UNITS'],
      [{ offers: [{ name: 'a', units: 10, price: -1 }] }, 'El precio de cada oferta debe ser un número mayor o igual a 0, con hasta 2 decimales', 'OFFER_PRICE_INVALID'],
      [{ offers: [{ name: 'a', units: 10, price: 1.001 }] }, 'El precio de cada oferta debe ser un número mayor o igual a 0, con hasta 2 decimales', 'OFFER_PRICE_INVALID'],
      [{ offers: [{ name: 'a', units: 0, price: 1 }] }, 'La cantidad mínima de cada oferta debe ser un número entero mayor a 0', 'OFFER_UNITS_INVALID'],
      [{ offers: [{ name: 'a', units: 2.5, price: 1 }] }, 'La cantidad mínima de cada oferta debe ser un número entero mayor a 0', 'OFFER_UNITS_INVALID'],
      [{ offers: [{ name: '  ', units: 5, price: 1 }] }, 'Cada oferta necesita un nombre (hasta 100 caracteres)', 'OFFER_NAME_REQUIRED'],
      [{ offers: Array.from({ length: 21 }, (_, i) => ({ name: `o${i}`, units: i + 1, price: 1 })) }, 'Un producto puede tener hasta 20 ofertas', 'OFFER_TOO_MANY'],
      [{ price: -5 }, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales', 'PRODUCT_PRICE_INVALID'],
      [{ price: 'mil' }, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales', 'PRODUCT_PRICE_INVALID'],
      // amounts typed by staff are read by the editor (lib/money/parse); text never reaches a price as a number
      [{ price: '21.500' }, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales', 'PRODUCT_PRICE_INVALID'],
      [{ price: '21,50' }, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales', 'PRODUCT_PRICE_INVALID'],
      [{ price: '1e3' }, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales', 'PRODUCT_PRICE_INVALID'],
      [{ price: 1e30 }, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales', 'PRODUCT_PRICE_INVALID'],
      [{ discount: 600 }, 'El descuento debe ser menor que el precio', 'PRODUCT_DISCOUNT_NOT_BELOW_PRICE'],
      [{ min: 50, max: 10 }, 'El máximo no puede ser menor que el mínimo', 'PRODUCT_MAX_BELOW_MIN'],
      [{ min: 7, max: 10, steps: 6 }, 'Ninguna cantidad múltiplo del paso entra entre el mínimo y el máximo', 'PRODUCT_STEPS_DO_NOT_FIT'],
      [{ steps: 0 }, 'El mínimo, el máximo y el paso deben ser números enteros (el paso, mayor a 0)', 'PRODUCT_QUANTITY_INVALID'],
      [{ min: -1 }, 'El mínimo, el máximo y el paso deben ser números enteros (el paso, mayor a 0)', 'PRODUCT_QUANTITY_INVALID'],
      [{ state: 'gone' }, 'Los parametros son incorrectos', 'BAD_PARAMS'],
      [{ categoryIds: [2_000_000_000] }, 'Alguna de las categorías elegidas no existe', 'CATEGORY_UNKNOWN'],
      [{ unknown: 1 }, 'Los parametros son incorrectos', 'BAD_PARAMS'],
    ];
    for (const [body, message, code] of cases) {
      const target = 'offers' in (body as object) ? cat.variable : cat.step;
      const res = await patch(target, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.body, { success: false, message, code }, JSON.stringify(body));
    }
    // a later rule failing (unknown category) rolls back the earlier writes of the same request
    const partial = await patch(cat.variable, { price: 1, offers: [{ name: 'x', units: 3, price: 1 }], categoryIds: [2_000_000_000] });
    assert.equal(partial.status, 400);
    assert.deepEqual(await db.db.select().from(offers).where(eq(offers.productId, cat.variable)), offersBefore);
    assert.equal((await db.db.select().from(products).where(eq(products.id, cat.variable)))[0]!.priceCents, 200_000);
    // tiers and categories belong to the parent
    assert.equal((await patch(cat.varB, { offers: [] })).body.message, 'Las ofertas y las categorías se cargan en el producto principal, no en sus variantes');
    assert.equal((await patch(999_999, { price: 1 })).status, 404);
    assert.deepEqual(await db.db.select().from(products).where(eq(products.id, cat.step)), before_);
  });

  it('uploads images as WebP (content checked, name ignored), reorders and deletes them', async () => {
    const { app, dataDir } = ctx();
    const upload = (content: Buffer, filename: string, type = 'image/png', id = cat.cheap) => {
      const m = multipart([{ name: 'file', filename, content, type }]);
      return api(app, 'POST', url(id, '/images'), { token: staff, payload: m.payload, headers: m.headers });
    };
    received.length = 0;
    const png = await upload(await pngOf(2400, 1200), '../../../../tmp/evil-hprod.png');
    assert.equal(png.status, 201, png.raw);
    const img = png.body.data.images[0];
    assert.match(img.url, /^\/uploads\/products\/p\d+-[0-9a-f]{16}\.webp$/);
    assert.equal(existsSync('/tmp/evil-hprod.png'), false);
    assert.equal((await readdir(path.join(dataDir, 'uploads'))).some((f) => f.includes('evil')), false);
    const served = await app.inject({ method: 'GET', url: img.url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1600, 800]);
    await storefront.revalidated(`product-id:${cat.cheap}`);

    const jpeg = await upload(await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a04000' } }).jpeg().toBuffer(), 'foto.JPG', 'image/jpeg');
    assert.equal(jpeg.status, 201, jpeg.raw);
    assert.equal(jpeg.body.data.images.length, 2);
    const ids = jpeg.body.data.images.map((i: any) => i.id);

    // wrong content behind an image name / type, empty, oversized, no multipart
    const fake = await upload(Buffer.from('<?php echo "hola"; ?>'), 'foto.jpg', 'image/jpeg');
    assert.deepEqual([fake.status, fake.body.message], [400, 'La imagen debe ser JPG, PNG o WEBP']);
    const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'foto.png');
    assert.equal(pdf.status, 400);
    const broken = await upload(Buffer.concat([(await pngOf(50, 50)).subarray(0, 40)]), 'cortada.png');
    assert.deepEqual([broken.status, broken.body.message], [400, 'Error al guardar la imagen']);
    const big = await upload(Buffer.concat([await pngOf(10, 10), Buffer.alloc(10 * 1024 * 1024)]), 'grande.png');
    assert.equal(big.status, 413);
    assert.equal(big.body.message, 'El archivo pesa mas de 10 MB');
    assert.equal((await api(app, 'POST', url(cat.cheap, '/images'), { token: staff, body: {} })).body.message, 'No seleccionaste un archivo');
    assert.equal((await upload(await pngOf(10, 10), 'a.png', 'image/png', 999_999)).status, 404);

    // reorder: must be exactly the product's images
    const order = (body: unknown) => api(app, 'PUT', url(cat.cheap, '/images/order'), { token: staff, body });
    const reordered = await order({ ids: [...ids].reverse() });
    assert.equal(reordered.status, 200, reordered.raw);
    assert.deepEqual(reordered.body.data.images.map((i: any) => i.id), [...ids].reverse());
    const pub = (await api(app, 'GET', `/api/product/slug/${cat.slugs.cheap}`)).body.data;
    assert.equal(pub.ProductImages[0].name.endsWith(jpeg.body.data.images[1].url), true);
    for (const bad of [{ ids: [ids[0]] }, { ids: [ids[0], ids[0]] }, { ids: [ids[0], 999_999] }]) {
      const r = await order(bad);
      assert.deepEqual([r.status, r.body.message], [400, 'El orden enviado no coincide con las imágenes del producto'], JSON.stringify(bad));
    }

    // delete: the row goes, the file goes once nothing points at it; another product's image is 404
    const victim = reordered.body.data.images[0];
    const file = path.join(dataDir, victim.url.replace(/^\//, ''));
    assert.equal(existsSync(file), true);
    assert.equal((await api(app, 'DELETE', url(cat.exact, `/images/${victim.id}`), { token: staff })).status, 404);
    const del = await api(app, 'DELETE', url(cat.cheap, `/images/${victim.id}`), { token: staff });
    assert.equal(del.status, 200, del.raw);
    assert.deepEqual(del.body.data.images.map((i: any) => [i.id, i.position]), [[ids[0], 0]]);
    assert.equal(existsSync(file), false);
  });

  it('refuses a 13th image', async () => {
    const { app, db } = ctx();
    await db.db.insert(productImages).values(Array.from({ length: 12 }, (_, i) => ({ productId: cat.exact, url: `/uploads/products/x${i}.webp`, position: i })));
    const m = multipart([{ name: 'file', filename: 'a.png', content: await pngOf(30, 30, '#123456'), type: 'image/png' }]);
    const res = await api(app, 'POST', url(cat.exact, '/images'), { token: staff, payload: m.payload, headers: m.headers });
    assert.deepEqual([res.status, res.body.message], [400, 'Un producto puede tener hasta 12 imágenes']);
    await db.db.delete(productImages).where(eq(productImages.productId, cat.exact));
  });
});

function pngOf(width: number, height: number, background = '#8e44ad'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}
