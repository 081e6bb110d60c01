/**
 * Search (issue 28) through the HTTP API: hostile input (fast empty answer or the spec's 400, never a 500
 * or a slow query), SKU spellings and exact SKU first, stop words, "¿Quisiste decir …?", staff synonyms
 * (they change what is found at once: the catalogue cache and the lexicon are dropped), the search log and
 * the staff report, and the categories kept in the search document by the database's triggers.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { describeEachDb, SPANISH, type Json } from './helpers';
import { api, login } from './orders-fixtures';
import { normalizeText } from '../lib/text';
import { editDistance } from '../services/search';

const enc = encodeURIComponent;

describeEachDb('búsqueda', (ctx) => {
  let staff: string;
  let employee: string;
  let orderEmployee: string;
  before(async () => {
    staff = await login(ctx().app, 'staff@example.com');
    employee = await login(ctx().app, 'empleado@example.com');
    orderEmployee = await login(ctx().app, 'pedidos@example.com');
  });

  const both = (q: string) => [`/api/products/search?query=${enc(q)}`, `/api/products?query=${enc(q)}`];

  it('entradas hostiles: respuesta vacía rápida o 400 con el mensaje del catálogo, nunca 500', async () => {
    const hostile = [
      '%',
      '_',
      '%%%___',
      '"',
      "'",
      '\'"`',
      '!!!???...',
      '🕯️🔥',
      '🕯️ vela 🔥',
      "'; drop table products; --",
      "x' or '1'='1",
      'vela & | ! ( ) : * <-> <2>',
      '\\\\ \\',
      ':*A',
      'select * from users',
      ' ',
      'de para con',
    ];
    for (const q of hostile) {
      for (const url of both(q)) {
        const started = performance.now();
        const { status, body } = await ctx().get(url);
        const ms = performance.now() - started;
        assert.equal(status, 200, `${url}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
        assert.ok(ms < 1500, `${url} tardó ${ms.toFixed(0)} ms`);
        assert.ok(Array.isArray(body.data.items));
      }
    }
    // only punctuation, emoji or stop words find nothing (not everything)
    for (const q of ['%', '_', '"', '🕯️🔥', 'de para con', "'"]) {
      for (const url of both(q)) assert.equal((await ctx().get(url)).body.data.items.length, 0, url);
    }
    // the words around the noise still search
    assert.ok((await ctx().get(`/api/products/search?query=${enc('🕯️ vela 🔥')}`)).body.data.items.length > 0);
    // the products table survived the SQL fragments
    const n = (await ctx().db.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] };
    assert.ok(n.rows[0]!.n > 50);
  });

  it('una consulta de 500 caracteres responde 400 con el mensaje del catálogo', async () => {
    for (const url of both('vela '.repeat(100))) {
      const { status, body } = await ctx().get(url);
      assert.equal(status, 400, url);
      assert.deepEqual(body, { success: false, message: SPANISH.badParams, code: 'BAD_PARAMS' });
    }
    // 100 characters of worst-case words (each unknown, each fuzzy-matched) stay fast
    const long = 'zxqwvbnmlk '.repeat(9).trim();
    const started = performance.now();
    const { status } = await ctx().get(`/api/products/search?query=${enc(long)}`);
    assert.equal(status, 200);
    assert.ok(performance.now() - started < 1500);
  });

  it('SKU con o sin guion, con espacio, en minúsculas: el producto exacto primero; el SKU de una variación trae su producto', async () => {
    for (const q of ['ESE-0010', 'ese0010', 'ese 0010', 'Ese-0010', ' ESE0010 ']) {
      const { body } = await ctx().get(`/api/products/search?query=${enc(q)}`);
      assert.equal(body.data.items[0]?.sku, 'ESE-0010', q);
    }
    const v = (await ctx().db.db.execute(
      sql`select v.sku, p.sku as parent from products v join products p on p.id = v.parent_id
          where p.is_visible and p.state <> 'hidden' and v.is_visible order by v.id limit 1`,
    )) as unknown as { rows: { sku: string; parent: string }[] };
    const { sku, parent } = v.rows[0]!;
    const { body } = await ctx().get(`/api/products/search?query=${enc(sku.replace(/-/g, '').toLowerCase())}`);
    assert.equal(body.data.items[0]?.sku, parent);
  });

  it('el nombre exacto primero y sin relleno por palabras vacías', async () => {
    const { body } = await ctx().get(`/api/products/search?query=${enc('Velón Siete Días')}`);
    assert.equal(body.data.items[0].name, 'Velón Siete Días');
    const soja = await ctx().get(`/api/products?rows=50&query=${enc('vela de soja')}`);
    assert.equal(soja.body.data.items[0].name, 'Vela de Soja Aromática en Frasco 200 g');
    // products holding every word only (no list padded with every "vela"), none there for "de"
    const holders = (await ctx().db.db.execute(
      sql`select count(*)::int as n from products where parent_id is null and is_visible and state <> 'hidden'
          and search_vector @@ to_tsquery('spanish', 'vela & soja')`,
    )) as unknown as { rows: { n: number }[] };
    assert.equal(soja.body.data.total, holders.rows[0]!.n);
    // when no product holds every word, those holding most of them
    const partial = await ctx().get(`/api/products?rows=50&query=${encodeURIComponent('vela pantuflas')}`);
    assert.ok(partial.body.data.total > 1);
    assert.ok(partial.body.data.items.slice(0, 5).every((p: Json) => normalizeText(p.name).includes('vel')));
  });

  it('sin resultados: "¿Quisiste decir …?" con un término que sí encuentra algo', async () => {
    for (const url of both('hornilllllo')) {
      const { body } = await ctx().get(url);
      assert.equal(body.data.items.length, 0, url);
      assert.equal(body.data.didYouMean, 'hornillo', url);
    }
    assert.ok((await ctx().get('/api/products/search?query=hornillo')).body.data.items.length > 0);
    const none = await ctx().get('/api/products/search?query=zapatillas');
    assert.equal(none.body.data.items.length, 0);
    const found = await ctx().get('/api/products/search?query=vela');
    assert.equal(found.body.data.didYouMean, null);
  });

  it('el personal administra sinónimos: cambian lo que se encuentra enseguida (la caché del catálogo se vacía)', async () => {
    const q = '/api/products/search?query=zafu';
    assert.equal((await ctx().get(q)).body.data.items.length, 0);
    assert.equal((await ctx().get(q)).res.headers['x-cache'], 'hit');

    const bad = await api(ctx().app, 'POST', '/api/staff/search/synonyms', { token: staff, body: { terms: ['Zafu', 'zafú'] } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'Un grupo de sinónimos necesita al menos dos términos distintos');
    assert.equal((await api(ctx().app, 'POST', '/api/staff/search/synonyms', { token: staff, body: { terms: ['zafu'] } })).status, 400);
    assert.equal((await api(ctx().app, 'POST', '/api/staff/search/synonyms', { token: orderEmployee, body: { terms: ['zafu', 'cuenco'] } })).status, 403);

    const created = await api(ctx().app, 'POST', '/api/staff/search/synonyms', { token: employee, body: { terms: ['Zafú', 'Cuenco'] } });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body.data.terms, ['zafu', 'cuenco']);
    const after = await ctx().get(q);
    assert.equal(after.res.headers['x-cache'], 'miss');
    assert.equal(after.body.data.items[0]?.name, 'Cuenco Tibetano 12 cm');

    const id = created.body.data.id;
    const changed = await api(ctx().app, 'PATCH', `/api/staff/search/synonyms/${id}`, { token: staff, body: { terms: ['zafu', 'campana'] } });
    assert.equal(changed.status, 200);
    assert.equal((await ctx().get(q)).body.data.items[0]?.name, 'Campana Tibetana con Dorje');

    assert.equal((await api(ctx().app, 'DELETE', `/api/staff/search/synonyms/${id}`, { token: staff })).status, 200);
    assert.equal((await ctx().get(q)).body.data.items.length, 0);
    assert.equal((await api(ctx().app, 'DELETE', `/api/staff/search/synonyms/${id}`, { token: staff })).status, 404);
  });

  it('el registro de búsquedas: normalizado, por día, también las servidas desde la caché; el informe del personal', async () => {
    for (const q of ['Velas de Soja', 'velas  de soja', 'VELAS DE SOJA', 'Pantuflas', 'pantuflas']) {
      await ctx().get(`/api/products/search?query=${enc(q)}`);
    }
    await ctx().get(`/api/products?query=${enc('pantuflas')}`);
    await ctx().get(`/api/products?query=${enc('pantuflas')}&page=2`); // another page is not another search
    const res = await api(ctx().app, 'GET', '/api/staff/search?days=7', { token: employee });
    assert.equal(res.status, 200);
    const top = res.body.data.top as Json[];
    assert.deepEqual(top.find((r) => r.query === 'velas de soja'), { query: 'velas de soja', searches: 3, results: top.find((r) => r.query === 'velas de soja')!.results });
    assert.ok(top.find((r) => r.query === 'velas de soja')!.results > 0);
    assert.deepEqual(res.body.data.noResults.find((r: Json) => r.query === 'pantuflas'), { query: 'pantuflas', searches: 3, results: 0 });
    assert.ok(res.body.data.synonyms.some((g: Json) => g.terms.includes('incienso') && g.terms.includes('sahumerio')));
    // nothing but the query and the day is stored
    const cols = (await ctx().db.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'search_queries' order by column_name`,
    )) as unknown as { rows: { column_name: string }[] };
    assert.deepEqual(cols.rows.map((r) => r.column_name), ['day', 'query', 'results', 'searches']);
    assert.equal((await api(ctx().app, 'GET', '/api/staff/search', { token: orderEmployee })).status, 403);
    assert.equal((await api(ctx().app, 'GET', '/api/staff/search')).status, 401);
  });

  it('las categorías están en el documento de búsqueda y el trigger las mantiene', async () => {
    const db = ctx().db.db;
    await db.execute(sql`update categories set name = 'Hornillos Xilofonia' where slug = 'hornillos'`);
    await ctx().app.invalidateCatalogue();
    const { body } = await ctx().get('/api/products/search?query=xilofonia');
    assert.ok(body.data.items.length > 0);
    assert.ok(body.data.items.every((p: Json) => p.Categories.some((c: Json) => c.slug === 'hornillos')));
    await db.execute(sql`update categories set name = 'Hornillos' where slug = 'hornillos'`);
  });

  it('distancia de edición: un cambio, un intercambio de letras vecinas, el tope', () => {
    assert.equal(editDistance('sahumero', 'sahumerio', 2), 1);
    assert.equal(editDistance('hronillo', 'hornillo', 2), 1);
    assert.equal(editDistance('abc', 'xyz', 1), 2);
  });
});
