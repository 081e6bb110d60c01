/** Bad inputs, hostile strings and failures: 4xx/5xx with the Spanish envelope, never a stack, nothing breaks. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { HttpError, MESSAGES } from '../errors';
import { toHttpError } from '../plugins/error-handler';
import { createTestContext, describeEachDb, SPANISH } from './helpers';

const BAD_LIST_QUERIES = [
  'rows=abc',
  'rows=0',
  'rows=-1',
  'rows=1.5',
  'rows=1e3',
  'rows=0x10',
  'rows=%201',
  'rows=',
  'rows=99999999999',
  'rows=1001',
  'page=0',
  'page=-3',
  'page=abc',
  'page=99999999',
  'page=1&page=2',
  'rows=1&rows=2',
  'sort=price',
  'sort=name%27%20OR%201%3D1',
  `query=${'x'.repeat(101)}`,
  `Categories=${'a'.repeat(501)}`,
];

function assertEnvelope(body: unknown, message: string, code: string): void {
  assert.deepEqual(body, { success: false, message, code });
}

function assertNoLeak(raw: string): void {
  for (const needle of ['stack', 'at ', 'Error:', 'select ', 'SELECT', 'node_modules', '.ts:', 'drizzle', 'PGlite', 'postgres']) {
    assert.equal(raw.includes(needle), false, `la respuesta filtra "${needle}": ${raw}`);
  }
}

describeEachDb('errores y entradas inválidas', (ctx) => {
  it('parámetros de lista inválidos → 400 con el mensaje del catálogo', async () => {
    for (const q of BAD_LIST_QUERIES) {
      const { status, body, res } = await ctx().get(`/api/products?${q}`);
      assert.equal(status, 400, q);
      assertEnvelope(body, SPANISH.badParams, 'BAD_PARAMS');
      assertNoLeak(res.body);
    }
  });

  it('ids inválidos → 400; inexistentes → 404', async () => {
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999', '2147483648', encodeURIComponent("1' OR 1=1 --"), '1;drop%20table%20products']) {
      const { status, body } = await ctx().get(`/api/product/${id}`);
      assert.equal(status, 400, id);
      assertEnvelope(body, SPANISH.badParams, 'BAD_PARAMS');
    }
    const missing = await ctx().get('/api/product/2147483647');
    assert.equal(missing.status, 404);
    assertEnvelope(missing.body, SPANISH.productNotFound, 'PRODUCT_NOT_FOUND');
  });

  it('slugs y SKU desconocidos u hostiles → 404 sin romper nada', async () => {
    for (const s of ['no-existe', "' OR 1=1 --", '%27%3B%20drop%20table%20products%3B--', '..%2F..%2Fetc%2Fpasswd', 'a%00b', 'ñandú', 'x'.repeat(200)]) {
      for (const base of ['/api/product/slug/', '/api/product/sku/']) {
        const { status, body, res } = await ctx().get(base + (s.includes('%') ? s : encodeURIComponent(s)));
        assert.ok(status === 404 || status === 400, `${base}${s} → ${status}`);
        assert.equal(body.success, false);
        assertNoLeak(res.body);
      }
    }
    const long = await ctx().get(`/api/product/slug/${'x'.repeat(201)}`);
    assert.equal(long.status, 400);
  });

  it('búsquedas con texto tipo SQL o comodines no fallan ni devuelven todo', async () => {
    const total = (await ctx().get('/api/products?rows=1')).body.data.total;
    for (const q of ["' OR 1=1 --", '%', '_', '%%', "'); drop table products; --", '\\', '"', '$1', '%_%']) {
      const search = await ctx().get(`/api/products/search?query=${encodeURIComponent(q)}`);
      assert.equal(search.status, 200, q);
      const list = await ctx().get(`/api/products?query=${encodeURIComponent(q)}`);
      assert.equal(list.status, 200, q);
      if (!/[a-z0-9]/i.test(q)) {
        // only wildcards/punctuation: matches nothing (never everything)
        assert.equal(search.body.data.items.length, 0, q);
        assert.equal(list.body.data.total, 0, q);
      } else {
        assert.ok(list.body.data.total < total, `${q} no debe coincidir con todo`);
      }
      const cats = await ctx().get(`/api/products?Categories=${encodeURIComponent(q)}`);
      assert.equal(cats.status, 200);
      assert.equal(cats.body.data.total, 0);
    }
    // the database is intact
    assert.equal((await ctx().get('/api/products?rows=1')).body.data.total, total);
    assert.equal((await ctx().get('/health')).status, 200);
  });

  it('lookup: ids mal formados o demasiados → 400', async () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    for (const q of ['ids=', 'ids=a,b', 'ids=1,,2', 'ids=1,-2', 'ids=0', 'ids=1.5', `ids=${tooMany}`, '', 'ids=1&ids=2', 'ids=99999999999']) {
      const { status, body } = await ctx().get(`/api/products/lookup?${q}`);
      assert.equal(status, 400, q);
      assertEnvelope(body, SPANISH.badParams, 'BAD_PARAMS');
    }
    const dup = await ctx().get('/api/products/lookup?ids=1,1,1');
    assert.equal(dup.status, 200);
    assert.equal(dup.body.data.items.length, 1);
    const max = Array.from({ length: 200 }, (_, i) => i + 1).join(',');
    assert.equal((await ctx().get(`/api/products/lookup?ids=${max}`)).status, 200);
  });

  it('rutas desconocidas y métodos no soportados → 404 con el mismo sobre', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/'],
      ['POST', '/api/products'],
      ['DELETE', '/api/product/1'],
      ['PUT', '/api/config'],
    ] as const) {
      const res = await ctx().app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { a: 1 } });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assertEnvelope(res.json(), SPANISH.notFound, 'NOT_FOUND');
    }
  });

  it('cuerpos JSON rotos → 400 o 404, nunca 500', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    assert.ok(res.statusCode === 400 || res.statusCode === 404);
    assert.equal(res.json().success, false);
  });
});

describe('fallas internas', () => {
  it('con la base caída: 500 genérico (503 en /health), sin traza ni SQL', async () => {
    const ctx = await createTestContext('pglite', { catalogueCacheTtlMs: 0 });
    try {
      await ctx.db.close();
      for (const url of ['/api/products', '/api/product/slug/agua-florida-270-ml', '/api/products/search?query=vela', '/api/category/names']) {
        const { status, body, res } = await ctx.get(url);
        assert.equal(status, 500, url);
        assertEnvelope(body, SPANISH.server, 'SERVER_ERROR');
        assertNoLeak(res.body);
      }
      const health = await ctx.get('/health');
      assert.equal(health.status, 503);
      assert.equal(health.body.success, false);
    } finally {
      await ctx.dispose();
    }
  });

  it('toHttpError traduce errores conocidos y oculta el resto', () => {
    assert.deepEqual(toHttpError(HttpError.notFound()), { status: 404, message: MESSAGES.notFound, code: 'NOT_FOUND', internal: false });
    assert.deepEqual(toHttpError(HttpError.unauthorized()), { status: 401, message: MESSAGES.sessionExpired, code: 'SESSION_EXPIRED', internal: false });
    assert.deepEqual(toHttpError(HttpError.forbidden()), { status: 403, message: MESSAGES.forbidden, code: 'FORBIDDEN', internal: false });
    const unique = new DrizzleQueryError('insert into users …', [], Object.assign(new Error('duplicate key'), { code: '23505' }));
    assert.deepEqual(toHttpError(unique), { status: 409, message: MESSAGES.duplicate, code: 'DUPLICATE', internal: false });
    const fk = new DrizzleQueryError('insert …', [], Object.assign(new Error('fk'), { code: '23503' }));
    assert.equal(toHttpError(fk).status, 400);
    assert.deepEqual(toHttpError(new Error('boom: secret detail')), { status: 500, message: MESSAGES.server, code: 'SERVER_ERROR', internal: true });
    assert.deepEqual(toHttpError(Object.assign(new Error('x'), { statusCode: 415 })), { status: 415, message: MESSAGES.badParams, code: 'BAD_PARAMS', internal: false });
    assert.deepEqual(toHttpError('a string'), { status: 500, message: MESSAGES.server, code: 'SERVER_ERROR', internal: true });
  });
});
