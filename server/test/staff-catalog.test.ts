/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Staff catalogue management (issue 32, item 1): create a product (simple or variable), duplicate, archive,
 * delete only what was never ordered, and the categories (create, rename, order, image, delete when empty).
 * Every route's role matrix, its bad inputs with their Spanish messages, "nothing written on failure", and
 * what the storefront sees afterwards (public API + the revalidation call a local HTTP server records).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { before, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { categories, offers, productCategories, productImages, products } from '../db/schema';
import { RESERVED_CATEGORY_SLUGS } from '../routes/staff/categories';
import { describeEachDb } from './helpers';
import { startFakeStorefront } from './fake-storefront';
import { api, createCustomer, multipart, setMinimums, staffCatalogueStart, type TestCategory } from './orders-fixtures';

const storefront = await startFakeStorefront();
const received = storefront.calls;


const pngOf = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#7a3e9d' } }).png().toBuffer();
let seq = 0;
const uniq = () => `${process.pid}${Date.now().toString(36)}${++seq}`;

describeEachDb('personal: alta de productos, duplicar, archivar, borrar y categorías', (ctx) => {
  let staff: string, tokens: Record<string, string>, catA: TestCategory, catB: TestCategory;

  before(async () => {
    const { app, db } = ctx();
    const t = uniq();
    const emailOf = (role: string) => `${role}.catalogo.${uniq()}@example.com`;
    ({ staff, tokens, catA, catB } = await staffCatalogueStart(app, db.db, emailOf, [`Aromas Prueba ${t}`, `Velas Prueba ${t}`], 900));
  });

  const create = (body: unknown, token = staff) => api(ctx().app, 'POST', '/api/staff/products', { token, body });
  const productCount = async () => Number((await ctx().db.db.select({ n: count() }).from(products))[0]!.n);
  const categoryCount = async () => Number((await ctx().db.db.select({ n: count() }).from(categories))[0]!.n);
  const simpleBody = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    description: 'Caja de **12 sahumerios** de sándalo.',
    price: 2500,
    offers: [{ name: 'Caja x 24', units: 24, price: 2200 }],
    categoryIds: [catA.id],
    ...extra,
  });

  it('matriz de roles: invitado 401, cliente y empleado de pedidos 403, empleado / admin / superadmin permitidos', async () => {
    const { app } = ctx();
    const target = (await create(simpleBody(`Matriz ${uniq()}`))).body.data.id as number;
    const calls: [InjectOptions['method'], string, unknown?][] = [
      ['POST', '/api/staff/products', simpleBody('Sin permiso')],
      ['POST', `/api/staff/products/${target}/duplicate`],
      ['POST', `/api/staff/products/${target}/archive`, { archived: false }],
      ['DELETE', `/api/staff/products/${target}`],
      ['GET', '/api/staff/categories'],
      ['POST', '/api/staff/categories', { name: 'Sin permiso' }],
      ['PATCH', `/api/staff/categories/${catA.id}`, { name: 'Sin permiso' }],
      ['PUT', '/api/staff/categories/order', { ids: [catA.id] }],
      ['DELETE', `/api/staff/categories/${catA.id}`],
    ];
    const before_ = [await productCount(), await categoryCount()];
    for (const [method, url, body] of calls) {
      assert.equal((await api(app, method, url, { body })).status, 401, `${method} ${url} invitado`);
      for (const role of ['customer', 'orderemployee']) {
        const r = await api(app, method, url, { token: tokens[role], body });
        assert.deepEqual([r.status, r.body.message], [403, 'No tienes los permisos necesarios'], `${method} ${url} ${role}`);
      }
    }
    const up = multipart([{ name: 'file', filename: 'c.png', content: await pngOf(40, 40), type: 'image/png' }]);
    assert.equal((await api(app, 'POST', `/api/staff/categories/${catA.id}/image`, { payload: up.payload, headers: up.headers })).status, 401);
    for (const role of ['customer', 'orderemployee']) {
      assert.equal((await api(app, 'POST', `/api/staff/categories/${catA.id}/image`, { token: tokens[role], payload: up.payload, headers: up.headers })).status, 403);
    }
    assert.deepEqual([await productCount(), await categoryCount()], before_, 'nadie sin permiso escribió nada');

    for (const role of ['employee', 'admin', 'superadmin']) {
      const made = await create(simpleBody(`Rol ${role} ${uniq()}`), tokens[role]);
      assert.equal(made.status, 201, `${role}: ${made.raw}`);
      const id = made.body.data.id;
      assert.equal((await api(app, 'POST', `/api/staff/products/${id}/duplicate`, { token: tokens[role] })).status, 201, role);
      assert.equal((await api(app, 'POST', `/api/staff/products/${id}/archive`, { token: tokens[role], body: { archived: true } })).status, 200, role);
      assert.equal((await api(app, 'GET', '/api/staff/categories', { token: tokens[role] })).status, 200, role);
      const c = await api(app, 'POST', '/api/staff/categories', { token: tokens[role], body: { name: `Rol ${role} ${uniq()}` } });
      assert.equal(c.status, 201, c.raw);
      assert.equal((await api(app, 'PATCH', `/api/staff/categories/${c.body.data.id}`, { token: tokens[role], body: { name: `Rol ${role} renombrada ${uniq()}` } })).status, 200);
      assert.equal((await api(app, 'DELETE', `/api/staff/categories/${c.body.data.id}`, { token: tokens[role] })).status, 200, role);
      const dup = await api(app, 'GET', `/api/staff/products?q=${encodeURIComponent(`Rol ${role}`)}`, { token: tokens[role] });
      for (const p of dup.body.data.items) assert.equal((await api(app, 'DELETE', `/api/staff/products/${p.id}`, { token: tokens[role] })).status, 200, role);
    }
  });

  it('crea un producto simple: dirección desde el nombre, SKU generado, ofertas y categorías; la tienda lo muestra en su categoría y en la búsqueda', async () => {
    const { app } = ctx();
    received.length = 0;
    const name = `Sahumerio Ñandutí Índigo ${uniq()}`;
    const res = await create(simpleBody(name, { discount: 2400, min: 6, steps: 6, categoryIds: [catA.id, catB.id] }));
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.message, 'Datos guardados correctamente');
    const d = res.body.data;
    assert.equal(d.name, name);
    assert.match(d.slug, /^sahumerio-nanduti-indigo-[a-z0-9]+$/);
    assert.equal(d.sku, `P-${String(d.id).padStart(5, '0')}`);
    assert.deepEqual([d.price, d.discount, d.state, d.min, d.max, d.steps, d.isVisible, d.isVariable], [2500, 2400, 'active', 6, 0, 6, true, false]);
    assert.deepEqual(d.offers.map((o: any) => [o.name, o.units, o.price]), [['Caja x 24', 24, 2200]]);
    assert.deepEqual(d.categories.map((c: any) => c.id), [catA.id, catB.id]);

    const tags = (await storefront.revalidated(`product-id:${d.id}`)).tags;
    for (const t of ['products', `product:${d.slug}`, `category:${catA.slug}`, `category:${catB.slug}`, 'categories']) assert.ok(tags.includes(t), `${t} en ${tags}`);

    const inCategory = (await api(app, 'GET', `/api/products?Categories=${catA.slug}&rows=48`)).body.data.items.map((p: any) => p.id);
    assert.ok(inCategory.includes(d.id));
    // accent-insensitive search finds it by name, SKU and description
    for (const q of ['nanduti indigo', d.sku, 'sandalo nanduti']) {
      const found = (await api(app, 'GET', `/api/products/search?query=${encodeURIComponent(q)}`)).body.data.items.map((p: any) => p.id);
      assert.ok(found.includes(d.id), `búsqueda ${q}`);
    }
    const pub = (await api(app, 'GET', `/api/product/slug/${d.slug}`)).body.data;
    assert.equal(pub.name, name);

    // given slug and SKU are kept
    const own = await create(simpleBody(`Propio ${uniq()}`, { slug: `mi-direccion-${uniq()}`, sku: `SAH-X${uniq()}` }));
    assert.equal(own.status, 201, own.raw);
    assert.match(own.body.data.slug, /^mi-direccion-/);
    assert.match(own.body.data.sku, /^SAH-X/);
  });

  it('crea un producto variable con sus variantes (dirección y SKU de cada una)', async () => {
    const { app } = ctx();
    const name = `Vela Aromática ${uniq()}`;
    const res = await create(
      simpleBody(name, {
        variable: 'Aroma',
        variations: [
          { name: 'Lavanda', price: 2500 },
          { name: 'Rosa Mosqueta', price: 2700, discount: 2600 },
          { name: 'Oculta', price: 2500, state: 'hidden' },
        ],
      }),
    );
    assert.equal(res.status, 201, res.raw);
    const d = res.body.data;
    assert.equal(d.isVariable, true);
    assert.deepEqual(
      d.variations.map((v: any) => [v.name, v.slug, v.sku, v.price, v.discount, v.state]),
      [
        ['Lavanda', `${d.slug}-lavanda`, `${d.sku}-01`, 2500, null, 'active'],
        ['Oculta', `${d.slug}-oculta`, `${d.sku}-03`, 2500, null, 'hidden'],
        ['Rosa Mosqueta', `${d.slug}-rosa-mosqueta`, `${d.sku}-02`, 2700, 2600, 'active'],
      ],
    );
    const pub = (await api(app, 'GET', `/api/product/slug/${d.slug}`)).body.data;
    assert.deepEqual(pub.Variations.map((v: any) => v.name).sort(), ['Lavanda', 'Rosa Mosqueta']);
  });

  it('entradas inválidas: mensaje en castellano y nada escrito', async () => {
    const taken = (await create(simpleBody(`Tomado ${uniq()}`))).body.data;
    const before_ = await productCount();
    const cases: [unknown, number, string][] = [
      [{ price: 100 }, 400, 'El producto necesita un nombre (hasta 200 caracteres)'],
      [simpleBody('   '), 400, 'El producto necesita un nombre (hasta 200 caracteres)'],
      [simpleBody('x'.repeat(201)), 400, 'El producto necesita un nombre (hasta 200 caracteres)'],
      [simpleBody(taken.name), 409, 'Ya existe un producto con esa dirección: cambiá el nombre o la dirección'],
      [simpleBody('Otro nombre', { slug: taken.slug }), 409, 'Ya existe un producto con esa dirección: cambiá el nombre o la dirección'],
      [simpleBody('Otro nombre 2', { sku: taken.sku.toLowerCase() }), 409, 'Ya existe un producto con ese SKU'],
      [simpleBody('Con slug raro', { slug: 'Con Espacios' }), 400, 'La dirección del producto sólo puede tener letras minúsculas sin acentos, números y guiones'],
      [simpleBody('¡¡¡'), 400, 'La dirección del producto sólo puede tener letras minúsculas sin acentos, números y guiones'],
      [simpleBody('SKU raro', { sku: 'A B' }), 400, 'El SKU sólo puede tener letras, números y guiones (hasta 40)'],
      // amounts are numbers in pesos: text as the shop types it is the form's job (lib/money/parse)
      [simpleBody('Precio texto', { price: '21.500' }), 400, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Precio coma', { price: '21,50' }), 400, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Precio 1e3', { price: '1e3' }), 400, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Precio 3 decimales', { price: 21.505 }), 400, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Precio enorme', { price: 1e300 }), 400, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Precio negativo', { price: -1 }), 400, 'El precio debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Descuento alto', { discount: 2500 }), 400, 'El descuento debe ser menor que el precio'],
      [simpleBody('Max bajo', { min: 10, max: 5 }), 400, 'El máximo no puede ser menor que el mínimo'],
      [simpleBody('Oferta sin nombre', { offers: [{ name: '', units: 2, price: 1 }] }), 400, 'Cada oferta necesita un nombre (hasta 100 caracteres)'],
      [simpleBody('Oferta precio', { offers: [{ name: 'x', units: 2, price: '1.000' }] }), 400, 'El precio de cada oferta debe ser un número mayor o igual a 0, con hasta 2 decimales'],
      [simpleBody('Categoría inexistente', { categoryIds: [catA.id, 2_000_000_000] }), 400, 'Alguna de las categorías elegidas no existe'],
      [simpleBody('Variantes sin variable', { variations: [{ name: 'A', price: 1 }] }), 400, 'Indicá en qué varía el producto (por ejemplo, Aroma o Color)'],
      [simpleBody('Variantes repetidas', { variable: 'Aroma', variations: [{ name: 'Sándalo', price: 1 }, { name: 'sandalo', price: 1 }] }), 400, 'Hay dos variantes con el mismo nombre'],
      [simpleBody('Variante sin nombre', { variable: 'Aroma', variations: [{ name: ' ', price: 1 }] }), 400, 'Cada variante necesita un nombre (hasta 100 caracteres)'],
      [simpleBody('Variante descuento', { variable: 'Aroma', variations: [{ name: 'A', price: 10, discount: 10 }] }), 400, 'El descuento debe ser menor que el precio'],
      [simpleBody('Campo extra', { isVip: true }), 400, 'Los parametros son incorrectos'],
    ];
    for (const [body, status, message] of cases) {
      const r = await create(body);
      assert.deepEqual([r.status, r.body.success, r.body.message], [status, false, message], JSON.stringify(body).slice(0, 120));
    }
    assert.equal(await productCount(), before_, 'ningún intento fallido dejó filas');
  });

  it('duplica: copia oculta «(copia)» con dirección y SKU nuevos, mismas variantes, ofertas, categorías e imágenes', async () => {
    const { app, db } = ctx();
    const src = (await create(simpleBody(`Original ${uniq()}`, { variable: 'Color', variations: [{ name: 'Rojo', price: 2500 }, { name: 'Azul', price: 2500 }] }))).body.data;
    const up = multipart([{ name: 'file', filename: 'a.png', content: await pngOf(60, 60), type: 'image/png' }]);
    const img = await api(app, 'POST', `/api/staff/products/${src.id}/images`, { token: staff, payload: up.payload, headers: up.headers });
    assert.equal(img.status, 201, img.raw);

    const res = await api(app, 'POST', `/api/staff/products/${src.id}/duplicate`, { token: staff });
    assert.equal(res.status, 201, res.raw);
    const c = res.body.data;
    assert.notEqual(c.id, src.id);
    assert.deepEqual([c.name, c.slug, c.sku, c.state, c.price], [`${src.name} (copia)`, `${src.slug}-copia`, `${src.sku}-C`, 'hidden', src.price]);
    assert.deepEqual(c.variations.map((v: any) => [v.name, v.slug, v.sku]), [
      ['Azul', `${src.slug}-copia-azul`, `${src.sku}-C-02`],
      ['Rojo', `${src.slug}-copia-rojo`, `${src.sku}-C-01`],
    ]);
    assert.deepEqual(c.offers.map((o: any) => [o.name, o.units, o.price]), src.offers.map((o: any) => [o.name, o.units, o.price]));
    assert.deepEqual(c.categories, src.categories);
    assert.deepEqual(c.images.map((i: any) => i.url), img.body.data.images.map((i: any) => i.url));

    // a second copy gets the next free address; the copy is not on the storefront
    const again = (await api(app, 'POST', `/api/staff/products/${src.id}/duplicate`, { token: staff })).body.data;
    assert.deepEqual([again.slug, again.sku], [`${src.slug}-copia-2`, `${src.sku}-C2`]);
    assert.equal((await api(app, 'GET', `/api/product/slug/${c.slug}`)).status, 404);

    // deleting the copy keeps the shared image file for the original
    assert.equal((await api(app, 'DELETE', `/api/staff/products/${c.id}`, { token: staff })).status, 200);
    const served = await app.inject({ method: 'GET', url: img.body.data.images[0].url });
    assert.equal(served.statusCode, 200);

    assert.deepEqual(
      [(await api(app, 'POST', `/api/staff/products/${src.variations[0].id}/duplicate`, { token: staff })).body.message],
      ['Se duplica el producto principal, no una de sus variantes'],
    );
    assert.equal((await api(app, 'POST', '/api/staff/products/999999999/duplicate', { token: staff })).status, 404);
    assert.ok((await db.db.select().from(productImages).where(eq(productImages.productId, src.id))).length === 1);
  });

  it('archivar saca el producto de la tienda y de la búsqueda; volver a publicarlo lo trae', async () => {
    const { app } = ctx();
    const name = `Palo Santo Archivable ${uniq()}`;
    const p = (await create(simpleBody(name))).body.data;
    const visible = async () => {
      const list = (await api(app, 'GET', `/api/products?Categories=${catA.slug}&rows=48`)).body.data.items.map((x: any) => x.id);
      const search = (await api(app, 'GET', `/api/products/search?query=${encodeURIComponent(name)}`)).body.data.items.map((x: any) => x.id);
      return [list.includes(p.id), search.includes(p.id)];
    };
    assert.deepEqual(await visible(), [true, true]);
    received.length = 0;
    const res = await api(app, 'POST', `/api/staff/products/${p.id}/archive`, { token: staff, body: { archived: true } });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.data.isVisible, false);
    const tags = (await storefront.revalidated(`product-id:${p.id}`)).tags;
    assert.ok(tags.includes(`category:${catA.slug}`) && tags.includes(`product:${p.slug}`) && tags.includes('categories'));
    assert.deepEqual(await visible(), [false, false]);
    assert.equal((await api(app, 'GET', `/api/product/slug/${p.slug}`)).status, 404);
    // staff still find it
    const staffList = await api(app, 'GET', `/api/staff/products?q=${encodeURIComponent(name)}`, { token: staff });
    assert.deepEqual(staffList.body.data.items.map((x: any) => [x.id, x.isVisible]), [[p.id, false]]);
    assert.equal((await api(app, 'POST', `/api/staff/products/${p.id}/archive`, { token: staff, body: { archived: false } })).status, 200);
    assert.deepEqual(await visible(), [true, true]);
    for (const body of [{}, { archived: 'si' }, { archived: true, extra: 1 }]) {
      assert.equal((await api(app, 'POST', `/api/staff/products/${p.id}/archive`, { token: staff, body })).status, 400);
    }
    assert.equal((await api(app, 'POST', '/api/staff/products/999999999/archive', { token: staff, body: { archived: true } })).status, 404);
  });

  it('borrar: un producto pedido responde 409 y sigue intacto; uno nunca pedido se borra con sus variantes', async () => {
    const { app, db } = ctx();
    await setMinimums(db.db, 0, 0);
    const ordered = (await create(simpleBody(`Pedido ${uniq()}`, { variable: 'Aroma', variations: [{ name: 'Mirra', price: 2000 }] }))).body.data;
    const customer = await createCustomer(app, db.db, { email: `cliente.borrar.${uniq()}@example.com` });
    const order = await api(app, 'POST', '/api/order', { token: customer.token, body: { products: [{ id: ordered.variations[0].id, quantity: 30 }], billingDataId: customer.billingId } });
    assert.equal(order.status, 201, order.raw);

    for (const id of [ordered.id, ordered.variations[0].id]) {
      const r = await api(app, 'DELETE', `/api/staff/products/${id}`, { token: staff });
      assert.deepEqual([r.status, r.body.message], [409, 'Este producto ya figura en pedidos: no se puede borrar, sólo archivar']);
    }
    const family = await db.db.select({ id: products.id }).from(products).where(inArray(products.id, [ordered.id, ordered.variations[0].id]));
    assert.equal(family.length, 2);
    assert.equal((await db.db.select().from(offers).where(eq(offers.productId, ordered.id))).length, 1);

    const fresh = (await create(simpleBody(`Nunca pedido ${uniq()}`, { variable: 'Aroma', variations: [{ name: 'Coco', price: 2000 }] }))).body.data;
    received.length = 0;
    const del = await api(app, 'DELETE', `/api/staff/products/${fresh.id}`, { token: staff });
    assert.deepEqual([del.status, del.body.message], [200, 'Datos guardados correctamente']);
    assert.equal((await db.db.select().from(products).where(inArray(products.id, [fresh.id, fresh.variations[0].id]))).length, 0);
    assert.equal((await db.db.select().from(productCategories).where(eq(productCategories.productId, fresh.id))).length, 0);
    const tags = (await storefront.revalidated(`product-id:${fresh.id}`)).tags;
    assert.ok(tags.includes(`product:${fresh.slug}`) && tags.includes(`category:${catA.slug}`));
    assert.equal((await api(app, 'GET', `/api/product/slug/${fresh.slug}`)).status, 404);
    assert.equal((await api(app, 'DELETE', `/api/staff/products/${fresh.id}`, { token: staff })).status, 404);
  });

  it('categorías: crear, renombrar, reordenar, imagen WebP y borrar sólo vacías; la tienda las ve', async () => {
    const { app, db } = ctx();
    received.length = 0;
    const name = `Cuencos Tibetanos ${uniq()}`;
    const made = await api(app, 'POST', '/api/staff/categories', { token: staff, body: { name } });
    assert.equal(made.status, 201, made.raw);
    const c = made.body.data;
    assert.match(c.slug, /^cuencos-tibetanos-/);
    assert.deepEqual([c.productCount, c.visibleCount, c.image], [0, 0, null]);
    const list = (await api(app, 'GET', '/api/staff/categories', { token: staff })).body.data;
    assert.equal(list.at(-1).id, c.id, 'va al final del orden');
    assert.ok(((await storefront.revalidated(`category:${c.slug}`)).tags).includes('categories'));
    assert.ok((await api(app, 'GET', '/api/category/names')).body.data.some((x: any) => x.id === c.id));

    // bad inputs: nothing written
    const before_ = await categoryCount();
    const bad: [unknown, number, string][] = [
      [{}, 400, 'La categoría necesita un nombre (hasta 100 caracteres)'],
      [{ name: ' ' }, 400, 'La categoría necesita un nombre (hasta 100 caracteres)'],
      [{ name }, 409, 'Ya existe una categoría con esa dirección: cambiá el nombre o la dirección'],
      [{ name: 'Otra', slug: catA.slug }, 409, 'Ya existe una categoría con esa dirección: cambiá el nombre o la dirección'],
      [{ name: 'Checkout' }, 400, 'Esa dirección la usa la tienda: elegí otra para la categoría'],
      [{ name: 'Admin', slug: 'admin' }, 400, 'Esa dirección la usa la tienda: elegí otra para la categoría'],
      [{ name: 'Rara', slug: 'Con Mayúsculas' }, 400, 'La dirección de la categoría sólo puede tener letras minúsculas sin acentos, números y guiones'],
    ];
    for (const [body, status, message] of bad) {
      const r = await api(app, 'POST', '/api/staff/categories', { token: staff, body });
      assert.deepEqual([r.status, r.body.message], [status, message], JSON.stringify(body));
    }
    assert.equal(await categoryCount(), before_);

    // rename and new address: the old and new category pages are revalidated
    received.length = 0;
    const newSlug = `cuencos-${uniq()}`;
    const renamed = await api(app, 'PATCH', `/api/staff/categories/${c.id}`, { token: staff, body: { name: 'Cuencos', slug: newSlug } });
    assert.equal(renamed.status, 200, renamed.raw);
    assert.deepEqual([renamed.body.data.name, renamed.body.data.slug], ['Cuencos', newSlug]);
    const tags = (await storefront.revalidated(`category:${newSlug}`)).tags;
    assert.ok(tags.includes(`category:${c.slug}`));
    assert.equal((await api(app, 'PATCH', `/api/staff/categories/${c.id}`, { token: staff, body: { slug: catB.slug } })).status, 409);
    assert.equal((await api(app, 'PATCH', `/api/staff/categories/999999999`, { token: staff, body: { name: 'x' } })).status, 404);

    // order: a permutation of every id
    const ids = (await api(app, 'GET', '/api/staff/categories', { token: staff })).body.data.map((x: any) => x.id);
    const moved = [c.id, ...ids.filter((x: number) => x !== c.id)];
    const ord = await api(app, 'PUT', '/api/staff/categories/order', { token: staff, body: { ids: moved } });
    assert.equal(ord.status, 200, ord.raw);
    assert.deepEqual(ord.body.data.map((x: any) => x.id), moved);
    assert.equal((await api(app, 'GET', '/api/category/names')).body.data[0].id, c.id);
    for (const wrong of [moved.slice(1), [...moved, moved[0]], [...moved.slice(1), 999_999_999]]) {
      const r = await api(app, 'PUT', '/api/staff/categories/order', { token: staff, body: { ids: wrong } });
      assert.deepEqual([r.status, r.body.message], [400, 'El orden enviado no coincide con las categorías']);
    }
    assert.deepEqual((await api(app, 'GET', '/api/staff/categories', { token: staff })).body.data.map((x: any) => x.id), moved);

    // image: any of JPG/PNG/WEBP → WebP on the public uploads path; a non-image is refused
    const up = multipart([{ name: 'file', filename: '../../evil.png', content: await pngOf(2400, 1200), type: 'image/png' }]);
    const img = await api(app, 'POST', `/api/staff/categories/${c.id}/image`, { token: staff, payload: up.payload, headers: up.headers });
    assert.equal(img.status, 200, img.raw);
    assert.match(img.body.data.image, /^\/uploads\/categories\/c\d+-[0-9a-f]{16}\.webp$/);
    const served = await app.inject({ method: 'GET', url: img.body.data.image });
    assert.equal(served.statusCode, 200);
    const meta = await sharp(served.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1600, 800]);
    const fake = multipart([{ name: 'file', filename: 'x.png', content: Buffer.from('<?php ?>'), type: 'image/png' }]);
    const refused = await api(app, 'POST', `/api/staff/categories/${c.id}/image`, { token: staff, payload: fake.payload, headers: fake.headers });
    assert.deepEqual([refused.status, refused.body.message], [400, 'La imagen debe ser JPG, PNG o WEBP']);
    // a new image replaces the old one, whose file goes
    const up2 = multipart([{ name: 'file', filename: 'b.png', content: await pngOf(300, 300), type: 'image/png' }]);
    const img2 = await api(app, 'POST', `/api/staff/categories/${c.id}/image`, { token: staff, payload: up2.payload, headers: up2.headers });
    assert.notEqual(img2.body.data.image, img.body.data.image);
    assert.equal((await app.inject({ method: 'GET', url: img.body.data.image })).statusCode, 404);

    // delete: not while a product (even a hidden or archived one) is in it
    const p = (await create(simpleBody(`En categoría ${uniq()}`, { categoryIds: [c.id], state: 'hidden' }))).body.data;
    const busy = await api(app, 'DELETE', `/api/staff/categories/${c.id}`, { token: staff });
    assert.deepEqual([busy.status, busy.body.message], [409, 'La categoría tiene productos: quitáselos antes de borrarla']);
    assert.equal((await db.db.select().from(categories).where(eq(categories.id, c.id))).length, 1);
    assert.equal((await api(app, 'PATCH', `/api/staff/products/${p.id}`, { token: staff, body: { categoryIds: [] } })).status, 200);
    const del = await api(app, 'DELETE', `/api/staff/categories/${c.id}`, { token: staff });
    assert.equal(del.status, 200, del.raw);
    assert.equal((await db.db.select().from(categories).where(eq(categories.id, c.id))).length, 0);
    assert.equal((await app.inject({ method: 'GET', url: img2.body.data.image })).statusCode, 404, 'la imagen de la categoría borrada se va');
    assert.equal((await api(app, 'DELETE', `/api/staff/categories/${c.id}`, { token: staff })).status, 404);
  });
});

it('las direcciones reservadas cubren cada ruta de primer nivel de la tienda', () => {
  const root = path.resolve(import.meta.dirname, '../../app');
  // every directory is a path segment; metadata route files (robots.ts, manifest.ts) are too
  const dirs = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const names = [...dirs(root), ...dirs(path.join(root, '[locale]')), 'robots', 'manifest']
    .map((n) => n.toLowerCase())
    // dynamic segments and groups are not paths; a slug never has a dot (sitemap.xml)
    .filter((n) => !n.startsWith('[') && !n.startsWith('(') && !n.includes('.'));
  const staticPages = dirs(path.join(root, '[locale]', '(static)'));
  const missing = [...names, ...staticPages].filter((n) => !RESERVED_CATEGORY_SLUGS.has(n));
  assert.deepEqual(missing, []);
});
