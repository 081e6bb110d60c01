/** The OpenAPI document is generated from the route schemas and lists every public route. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadEnv } from '../env';
import { createTestContext } from './helpers';

describe('OpenAPI', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    ctx = await createTestContext('pglite');
  });
  after(() => ctx.dispose());

  it('/docs/json lista las rutas con sus parámetros', async () => {
    const { status, body } = await ctx.get('/docs/json');
    assert.equal(status, 200);
    assert.match(body.openapi, /^3\./);
    const paths = Object.keys(body.paths);
    for (const p of [
      '/health',
      '/api/products',
      '/api/products/search',
      '/api/products/lookup',
      '/api/product/{id}',
      '/api/product/slug/{slug}',
      '/api/product/sku/{sku}',
      '/api/category/names',
      '/api/carouselImages',
      '/api/config',
      '/api/tags',
    ]) {
      assert.ok(paths.includes(p), `falta ${p}`);
    }
    assert.equal(paths.some((p) => p.startsWith('/uploads') || p.startsWith('/docs')), false);
    const params = body.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name).sort();
    assert.deepEqual(params, ['Categories', 'page', 'query', 'rows', 'sort']);
    const ok = body.paths['/api/product/slug/{slug}'].get.responses['200'];
    assert.ok(ok.content['application/json'].schema.properties.data.properties.Variations);
  });

  it('/docs sirve la interfaz', async () => {
    const res = await ctx.app.inject({ url: '/docs/' });
    assert.ok([200, 302].includes(res.statusCode));
    const page = res.statusCode === 302 ? await ctx.app.inject({ url: String(res.headers.location) }) : res;
    assert.match(page.body, /swagger/i);
  });
});

describe('/docs en producción (issue 19 item 15): sólo con API_DOCS=1', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    ctx = await createTestContext('pglite', { docs: loadEnv({}).apiDocs });
  });
  after(() => ctx.dispose());

  it('sin API_DOCS, /docs y /docs/json no existen (404 en castellano); el documento sigue generándose para las pruebas', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
      const res = await ctx.app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().success, false);
    }
    assert.ok(Object.keys((ctx.app.swagger() as { paths: object }).paths).length > 50);
  });

  it('API_DOCS=1 o true lo activa; cualquier otra cosa falla al iniciar', () => {
    assert.equal(loadEnv({ API_DOCS: '1' }).apiDocs, true);
    assert.equal(loadEnv({ API_DOCS: 'true' }).apiDocs, true);
    assert.equal(loadEnv({ API_DOCS: '0' }).apiDocs, false);
    assert.throws(() => loadEnv({ API_DOCS: 'yes' }), /^Error: Configuración inválida de la API: API_DOCS="yes": /);
  });
});
