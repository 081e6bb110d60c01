/** Catalogue endpoints (spec §7): happy paths, shapes, pagination, sorting, hidden items, search, lookup. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { normalizeText } from '../lib/text';
import { describeEachDb, SPANISH, type Json, type TestContext } from './helpers';

type Row = Record<string, Json>;

async function rows<T extends Row>(ctx: TestContext, query: string): Promise<T[]> {
  const res = (await ctx.db.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

const VISIBLE_TOP = `parent_id is null and is_visible and state <> 'hidden'`;

function assertListItemShape(p: Row): void {
  for (const key of ['id', 'SKU', 'sku', 'name', 'slug', 'brand', 'state', 'price', 'minPrice', 'maxPrice', 'variationCount', 'min', 'max', 'steps', 'sales', 'score', 'createdAt', 'updatedAt']) {
    assert.ok(key in p, `falta ${key}`);
  }
  assert.equal(p.SKU, p.sku);
  assert.equal(typeof p.price, 'number');
  assert.ok(Number.isInteger(Math.round(p.price * 100)) && Math.abs(p.price * 100 - Math.round(p.price * 100)) < 1e-6, 'precio con a lo sumo 2 decimales');
  assert.ok(p.minPrice <= p.maxPrice);
  assert.ok(Array.isArray(p.Categories) && p.Categories.length > 0);
  for (const c of p.Categories) assert.ok(c.id && c.name && c.slug);
  assert.ok(Array.isArray(p.ProductImages) && p.ProductImages.length > 0);
  for (const img of p.ProductImages) assert.match(img.name, /^\/uploads\/products\/[\w.-]+\.webp$/);
  for (const o of p.Offers) {
    assert.equal(typeof o.price, 'number');
    assert.ok(o.units > 0);
    assert.equal(typeof o.isVip, 'boolean');
    assert.equal(typeof o.isStrict, 'boolean');
  }
  assert.notEqual(p.state, 'hidden');
  assert.ok(!Number.isNaN(Date.parse(p.createdAt)));
  assert.equal('description' in p, false, 'las listas no llevan descripción');
}

describeEachDb('catálogo', (ctx) => {
  it('GET /api/products: página por defecto (12, página 1, orden por nombre)', async () => {
    const { status, body } = await ctx().get('/api/products');
    assert.equal(status, 200);
    assert.equal(body.success, true);
    const [{ n }] = await rows<{ n: number }>(ctx(), `select count(*)::int as n from products where ${VISIBLE_TOP}`);
    assert.ok(n >= 80);
    assert.equal(body.data.total, n);
    assert.equal(body.data.rows, 12);
    assert.equal(body.data.page, 1);
    assert.equal(body.data.totalPages, Math.ceil(n / 12));
    assert.equal(body.data.items.length, 12);
    body.data.items.forEach(assertListItemShape);
    const names = body.data.items.map((p: Row) => normalizeText(p.name));
    assert.deepEqual(names, [...names].sort());
  });

  it('paginación: todas las páginas juntas son cada producto visible una vez', async () => {
    const first = (await ctx().get('/api/products?rows=7&page=1')).body.data;
    const ids: number[] = [];
    for (let page = 1; page <= first.totalPages; page++) {
      const { body } = await ctx().get(`/api/products?rows=7&page=${page}`);
      assert.equal(body.data.page, page);
      assert.equal(body.data.total, first.total);
      const expected = page < first.totalPages ? 7 : first.total - 7 * (first.totalPages - 1);
      assert.equal(body.data.items.length, expected, `página ${page}`);
      ids.push(...body.data.items.map((p: Row) => p.id));
    }
    assert.equal(ids.length, first.total);
    assert.equal(new Set(ids).size, first.total);
    const visible = await rows<{ id: number }>(ctx(), `select id from products where ${VISIBLE_TOP}`);
    assert.deepEqual([...ids].sort((a, b) => a - b), visible.map((r) => r.id).sort((a, b) => a - b));
  });

  it('página más allá del final: lista vacía con el total correcto', async () => {
    const { status, body } = await ctx().get('/api/products?rows=12&page=500');
    assert.equal(status, 200);
    assert.deepEqual(body.data.items, []);
    assert.ok(body.data.total > 0);
    assert.equal(body.data.page, 500);
  });

  it('rows mayores a 100 se limitan a 100', async () => {
    const { body } = await ctx().get('/api/products?rows=150');
    assert.equal(body.data.rows, 100);
    assert.equal(body.data.items.length, Math.min(100, body.data.total));
    assert.equal(body.data.totalPages, Math.ceil(body.data.total / 100));
  });

  it('orden: newest, bestSellers y popular', async () => {
    const newest = (await ctx().get('/api/products?rows=30&sort=newest')).body.data.items as Row[];
    for (let i = 1; i < newest.length; i++) assert.ok(Date.parse(newest[i - 1]!.createdAt) >= Date.parse(newest[i]!.createdAt));
    const best = (await ctx().get('/api/products?rows=30&sort=bestSellers')).body.data.items as Row[];
    for (let i = 1; i < best.length; i++) assert.ok(best[i - 1]!.sales >= best[i]!.sales);
    const popular = (await ctx().get('/api/products?rows=30&sort=popular')).body.data.items as Row[];
    for (let i = 1; i < popular.length; i++) assert.ok(popular[i - 1]!.score >= popular[i]!.score);
  });

  it('filtro Categories: sólo productos de la categoría; el total coincide con category/names', async () => {
    const cats = (await ctx().get('/api/category/names')).body.data as Row[];
    for (const c of cats) {
      const { body } = await ctx().get(`/api/products?Categories=${c.slug}&rows=100&page=1`);
      assert.equal(body.data.total, c.productCount, c.slug);
      for (const p of body.data.items) assert.ok(p.Categories.some((x: Row) => x.slug === c.slug));
    }
    const both = (await ctx().get('/api/products?Categories=velas,hornillos&rows=1')).body.data.total;
    const velas = cats.find((c) => c.slug === 'velas')!.productCount;
    const hornillos = cats.find((c) => c.slug === 'hornillos')!.productCount;
    assert.ok(both >= Math.max(velas, hornillos) && both <= velas + hornillos);
    const unknown = await ctx().get('/api/products?Categories=no-existe');
    assert.equal(unknown.status, 200);
    assert.equal(unknown.body.data.total, 0);
  });

  it('productos en más de una categoría, con la categoría principal primero', async () => {
    const { status, body } = await ctx().get('/api/product/slug/kit-limpieza-energetica');
    assert.equal(status, 200);
    assert.deepEqual(
      body.data.Categories.map((c: Row) => c.slug),
      ['decoracion', 'sahumerios', 'esencias-y-aceites'],
    );
  });

  it('detalle por slug: relaciones, variaciones visibles, precios mínimos y máximos', async () => {
    const { status, body } = await ctx().get('/api/product/slug/sahumerio-hexagonal-tradicional-x-20-varillas');
    assert.equal(status, 200);
    const p = body.data;
    assert.equal(p.isVariable, true);
    assert.equal(p.Variable.name, 'Aroma');
    assert.ok(p.description.includes(p.SKU), 'la descripción incluye el SKU');
    assert.match(p.description, /Medidas:.*cm/);
    assert.match(p.description, /Peso:.*g/);
    assert.ok(p.Variations.length >= 5 && p.Variations.length <= 25);
    assert.equal(p.variationCount, p.Variations.length);
    const all = await rows<{ n: number }>(ctx(), `select count(*)::int as n from products where parent_id = ${p.id}`);
    assert.ok(all[0]!.n > p.Variations.length, 'alguna variación oculta no se lista');
    for (const v of p.Variations) {
      assert.notEqual(v.state, 'hidden');
      assert.equal(v.Variable.name, 'Aroma');
      assert.equal(v.regularPrice, v.price);
      assert.ok(v.SKU.startsWith(p.SKU));
    }
    const effective = p.Variations.map((v: Row) => v.discount ?? v.price);
    assert.equal(p.minPrice, Math.min(...effective));
    assert.equal(p.maxPrice, Math.max(...effective));
    assert.ok(p.ProductImages.length >= 1);
  });

  it('detalle por id y por sku devuelven lo mismo que por slug', async () => {
    const bySlug = (await ctx().get('/api/product/slug/vela-de-soja-aromatica-en-frasco-200-g')).body.data;
    const byId = (await ctx().get(`/api/product/${bySlug.id}`)).body.data;
    const bySku = (await ctx().get(`/api/product/sku/${bySlug.SKU}`)).body.data;
    assert.deepEqual(byId, bySlug);
    assert.deepEqual(bySku, bySlug);
  });

  it('un producto simple: sin variaciones, minPrice = maxPrice = precio efectivo', async () => {
    const [row] = await rows<{ slug: string }>(
      ctx(),
      `select slug from products where ${VISIBLE_TOP} and not is_variable and discount_cents is not null order by id limit 1`,
    );
    const p = (await ctx().get(`/api/product/slug/${row!.slug}`)).body.data;
    assert.deepEqual(p.Variations, []);
    assert.equal(p.variationCount, 0);
    assert.ok(p.discount < p.price);
    assert.equal(p.minPrice, p.discount);
    assert.equal(p.maxPrice, p.discount);
  });

  it('una variación pedida por id lleva parentId y las relaciones del padre', async () => {
    const [v] = await rows<{ id: number; parent_id: number }>(
      ctx(),
      `select v.id, v.parent_id from products v join products p on p.id = v.parent_id
       where v.state = 'active' and p.state = 'active' order by v.id limit 1`,
    );
    const { status, body } = await ctx().get(`/api/product/${v!.id}`);
    assert.equal(status, 200);
    assert.equal(body.data.isVariation, true);
    assert.equal(body.data.parentId, v!.parent_id);
    assert.deepEqual(body.data.Variations, []);
    assert.ok(body.data.Categories.length > 0);
  });

  it('productos ocultos: 404 en detalle y ausentes de listas, búsqueda y conteos', async () => {
    const hidden = await rows<{ id: number; slug: string; sku: string; name: string }>(
      ctx(),
      `select id, slug, sku, name from products where parent_id is null and state = 'hidden'`,
    );
    assert.ok(hidden.length >= 3);
    const listed = new Set<number>();
    const first = (await ctx().get('/api/products?rows=100')).body.data;
    for (let page = 1; page <= first.totalPages; page++) {
      for (const p of (await ctx().get(`/api/products?rows=100&page=${page}`)).body.data.items) listed.add(p.id);
    }
    for (const h of hidden) {
      for (const url of [`/api/product/${h.id}`, `/api/product/slug/${h.slug}`, `/api/product/sku/${h.sku}`]) {
        const { status, body } = await ctx().get(url);
        assert.equal(status, 404, url);
        assert.deepEqual(body, { success: false, message: SPANISH.productNotFound, code: 'PRODUCT_NOT_FOUND' });
      }
      assert.equal(listed.has(h.id), false);
      const search = (await ctx().get(`/api/products/search?query=${encodeURIComponent(h.name)}`)).body.data.items as Row[];
      assert.equal(search.some((p) => p.id === h.id), false, h.name);
      const q = (await ctx().get(`/api/products?query=${encodeURIComponent(h.name)}`)).body.data.items as Row[];
      assert.equal(q.some((p) => p.id === h.id), false);
    }
    const counted = (await ctx().get('/api/category/names')).body.data.reduce((s: number, c: Row) => s + c.productCount, 0);
    const [{ n }] = await rows<{ n: number }>(
      ctx(),
      `select count(*)::int as n from product_categories pc join products p on p.id = pc.product_id where ${VISIBLE_TOP.replace(/(parent_id|is_visible|state)/g, 'p.$1')}`,
    );
    assert.equal(counted, n);
  });

  it('variaciones ocultas: no se listan ni se piden por id; las de un padre oculto tampoco', async () => {
    const hiddenVariations = await rows<{ id: number; parent_id: number }>(
      ctx(),
      `select v.id, v.parent_id from products v join products p on p.id = v.parent_id where v.state = 'hidden' and p.state <> 'hidden'`,
    );
    assert.ok(hiddenVariations.length >= 3);
    for (const hv of hiddenVariations.slice(0, 5)) {
      const parent = (await ctx().get(`/api/product/${hv.parent_id}`)).body.data;
      assert.equal(parent.Variations.some((v: Row) => v.id === hv.id), false);
      assert.equal((await ctx().get(`/api/product/${hv.id}`)).status, 404);
    }
    const [child] = await rows<{ id: number }>(
      ctx(),
      `select v.id from products v join products p on p.id = v.parent_id where p.state = 'hidden' and v.state = 'active' limit 1`,
    );
    assert.ok(child, 'el seed tiene un padre oculto con variaciones');
    assert.equal((await ctx().get(`/api/product/${child!.id}`)).status, 404);
  });

  it('un padre sin stock pasa noStock a sus variaciones', async () => {
    const { body } = await ctx().get('/api/product/slug/hornillo-de-barro-esmaltado');
    assert.equal(body.data.state, 'noStock');
    assert.ok(body.data.Variations.length > 0);
    for (const v of body.data.Variations) assert.equal(v.state, 'noStock');
  });

  it('hay productos en cada estado visible, destacados, con descuento y con ofertas VIP y estrictas', async () => {
    const all: Row[] = [];
    const first = (await ctx().get('/api/products?rows=100')).body.data;
    for (let page = 1; page <= first.totalPages; page++) all.push(...(await ctx().get(`/api/products?rows=100&page=${page}`)).body.data.items);
    for (const state of ['active', 'limited', 'noStock']) assert.ok(all.some((p) => p.state === state), state);
    assert.ok(all.some((p) => p.isOutstanding));
    assert.ok(all.some((p) => p.discount !== null));
    assert.ok(all.some((p) => p.Offers.some((o: Row) => o.isVip)));
    assert.ok(all.some((p) => p.Offers.some((o: Row) => o.isStrict)));
    assert.ok(all.filter((p) => p.Offers.length > 0).length > all.length / 2, 'la mayoría tiene ofertas');
    assert.ok(all.some((p) => Math.round(p.price * 100) % 100 !== 0), 'algún precio con centavos');
  });

  it('búsqueda: sin distinguir mayúsculas ni acentos', async () => {
    const a = (await ctx().get('/api/products/search?query=sahumerio')).body.data.items as Row[];
    const b = (await ctx().get(`/api/products/search?query=${encodeURIComponent('SAHUMÉRIO')}`)).body.data.items as Row[];
    assert.ok(a.length > 0);
    assert.deepEqual(b.map((p) => p.id), a.map((p) => p.id));
    const oraculo = (await ctx().get('/api/products/search?query=oraculo')).body.data.items as Row[];
    assert.ok(oraculo.some((p) => p.name.includes('Oráculo')));
    const atrapa = (await ctx().get('/api/products/search?query=atrapasuenos')).body.data.items as Row[];
    assert.ok(atrapa.some((p) => p.name.startsWith('Atrapasueños')));
    const sandalo = (await ctx().get(`/api/products/search?query=${encodeURIComponent('Sándalo')}`)).body.data.items as Row[];
    assert.ok(sandalo.length > 0, 'encuentra por aroma (nombre de variación)');
  });

  it('búsqueda: primero los que coinciden en el nombre; como máximo 10', async () => {
    const items = (await ctx().get('/api/products/search?query=cuarzo')).body.data.items as Row[];
    assert.ok(items.length > 0 && items.length <= 10);
    const inName = items.map((p) => normalizeText(p.name).includes('cuarzo'));
    assert.ok(inName[0], 'el primero coincide en el nombre');
    assert.ok(inName.includes(false), 'también aparecen coincidencias sólo en la descripción');
    const firstDescriptionOnly = inName.indexOf(false);
    assert.equal(inName.slice(firstDescriptionOnly).includes(true), false, 'ningún nombre después de una coincidencia de descripción');
    const many = (await ctx().get('/api/products/search?query=sahumerio')).body.data.items as Row[];
    assert.equal(many.length, 10);
    items.forEach(assertListItemShape);
  });

  it('búsqueda: varias palabras, primero el que las tiene todas; vacía o sólo signos devuelve una lista vacía', async () => {
    const two = (await ctx().get(`/api/products/search?query=${encodeURIComponent('vela soja')}`)).body.data.items as Row[];
    assert.equal(two[0]?.slug, 'vela-de-soja-aromatica-en-frasco-200-g');
    for (const q of ['', '%25', '%20%20', '!!!', '_']) {
      const { status, body } = await ctx().get(`/api/products/search?query=${q}`);
      assert.equal(status, 200, q);
      assert.deepEqual(body.data.items, []);
    }
    assert.deepEqual((await ctx().get('/api/products/search')).body.data.items, []);
  });

  it('GET /api/products?query= pagina resultados de búsqueda', async () => {
    const { body } = await ctx().get('/api/products?query=vela&rows=5');
    assert.ok(body.data.total > 5);
    assert.equal(body.data.items.length, 5);
    assert.ok(normalizeText(body.data.items[0].name).includes('vela'));
    const sorted = (await ctx().get('/api/products?query=vela&rows=50&sort=name')).body.data.items as Row[];
    const names = sorted.map((p) => normalizeText(p.name));
    assert.deepEqual(names, [...names].sort());
  });

  it('lookup del carrito: precios y estados actuales, ocultos marcados, desconocidos omitidos', async () => {
    const [hiddenVar] = await rows<{ id: number }>(
      ctx(),
      `select v.id from products v join products p on p.id = v.parent_id where v.state = 'hidden' and p.state = 'active' limit 1`,
    );
    const [childOfHidden] = await rows<{ id: number }>(
      ctx(),
      `select v.id from products v join products p on p.id = v.parent_id where p.state = 'hidden' and v.state = 'active' limit 1`,
    );
    const [childOfNoStock] = await rows<{ id: number }>(
      ctx(),
      `select v.id from products v join products p on p.id = v.parent_id where p.state = 'noStock' and v.state = 'active' limit 1`,
    );
    const [hiddenParent] = await rows<{ id: number }>(ctx(), `select id from products where parent_id is null and state = 'hidden' limit 1`);
    const simple = (await ctx().get('/api/product/slug/agua-florida-270-ml')).body.data;
    const ids = [simple.id, hiddenVar!.id, 999999, childOfHidden!.id, childOfNoStock!.id, hiddenParent!.id, simple.id];
    const { status, body, res } = await ctx().get(`/api/products/lookup?ids=${ids.join(',')}`);
    assert.equal(status, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const items = body.data.items as Row[];
    assert.deepEqual(
      items.map((i) => i.id),
      [simple.id, hiddenVar!.id, childOfHidden!.id, childOfNoStock!.id, hiddenParent!.id],
    );
    const byId = new Map(items.map((i) => [i.id, i]));
    assert.equal(byId.get(simple.id)!.state, simple.state);
    assert.equal(byId.get(simple.id)!.price, simple.price);
    assert.equal(byId.get(simple.id)!.parentId, null);
    assert.deepEqual(byId.get(simple.id)!.Offers, simple.Offers);
    assert.match(byId.get(simple.id)!.image, /^\/uploads\//);
    assert.equal(byId.get(hiddenVar!.id)!.state, 'hidden');
    assert.equal(byId.get(childOfHidden!.id)!.state, 'hidden');
    assert.equal(byId.get(childOfNoStock!.id)!.state, 'noStock');
    assert.equal(byId.get(hiddenParent!.id)!.state, 'hidden');
    // issue 19 item 15: a hidden product answers only that it is hidden, never its name or price
    for (const id of [hiddenVar!.id, childOfHidden!.id, hiddenParent!.id]) assert.deepEqual(byId.get(id), { id, state: 'hidden' });
    const hiddenName = (await rows<{ name: string }>(ctx(), `select name from products where id = ${hiddenParent!.id}`))[0]!.name;
    assert.ok(!JSON.stringify(body).includes(hiddenName), 'el nombre del producto oculto no sale en la respuesta');
    const child = byId.get(childOfNoStock!.id)!;
    assert.ok(child.parentId && child.parentName);
    const parent = (await rows<{ n: number }>(ctx(), `select count(*)::int as n from offers where product_id = ${child.parentId}`))[0]!;
    assert.equal(child.Offers.length, parent.n, 'las ofertas son las del padre');
  });

  it('GET /api/category/names: 8 categorías en orden con imagen y cantidad', async () => {
    const { status, body } = await ctx().get('/api/category/names');
    assert.equal(status, 200);
    const slugs = body.data.map((c: Row) => c.slug);
    assert.deepEqual(slugs, [
      'sahumerios',
      'velas',
      'esencias-y-aceites',
      'porta-sahumerios',
      'piedras-y-cristales',
      'hornillos',
      'tarot-y-oraculos',
      'decoracion',
    ]);
    for (const c of body.data) {
      assert.ok(c.productCount > 0);
      assert.match(c.image, /^\/uploads\/categories\//);
    }
  });

  it('GET /api/carouselImages, /api/config y /api/tags', async () => {
    const carousel = (await ctx().get('/api/carouselImages')).body.data as Row[];
    assert.ok(carousel.length >= 4);
    for (const [i, c] of carousel.entries()) {
      assert.match(c.name, /^\/uploads\/carousel\//);
      assert.ok(c.alt.length > 0);
      assert.equal(c.order, i);
    }
    const config = await ctx().get('/api/config');
    assert.deepEqual(config.body, { success: true, data: { minOrderPrice: 100000, minLocalPrice: 50000, maintaince: false } });
    const tags = (await ctx().get('/api/tags')).body.data.items as Row[];
    assert.ok(tags.length >= 5);
    assert.ok(tags.some((t) => t.url === '/products?query=sandalo'));
    for (const t of tags) assert.ok(t.id && t.name && t.url.startsWith('/'));
  });

  it('sirve las imágenes subidas con caché larga; nada fuera de uploads', async () => {
    const p = (await ctx().get('/api/products?rows=1')).body.data.items[0];
    const url = p.ProductImages[0].name;
    const img = await ctx().app.inject({ url });
    assert.equal(img.statusCode, 200);
    assert.equal(img.headers['content-type'], 'image/webp');
    assert.match(String(img.headers['cache-control']), /immutable/);
    assert.ok(img.rawPayload.length > 1000);
    assert.equal(img.rawPayload.subarray(8, 12).toString(), 'WEBP');
    const again = await ctx().app.inject({ url, headers: { 'if-none-match': String(img.headers.etag) } });
    assert.equal(again.statusCode, 304);
    for (const bad of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/products/no-existe.webp', '/uploads/products/x.svg', '/uploads/', '/uploads/products/..%2F..%2Fpglite']) {
      const res = await ctx().app.inject({ url: bad });
      assert.equal(res.statusCode, 404, bad);
      assert.equal(res.json().message, SPANISH.notFound);
    }
  });

  it('caché del catálogo: la segunda lectura sale de memoria y es idéntica', async () => {
    ctx().app.catalogueCache.invalidate();
    const a = await ctx().app.inject({ url: '/api/products?rows=3&sort=newest' });
    const b = await ctx().app.inject({ url: '/api/products?rows=3&sort=newest' });
    assert.equal(a.headers['x-cache'], 'miss');
    assert.equal(b.headers['x-cache'], 'hit');
    assert.equal(b.body, a.body);
    assert.match(String(b.headers['content-type']), /application\/json/);
    // validation still applies to cached routes
    assert.equal((await ctx().app.inject({ url: '/api/products?rows=3&sort=nope' })).statusCode, 400);
  });
});
