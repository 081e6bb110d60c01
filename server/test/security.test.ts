/** CORS, security headers, rate limit (with the loopback allow-list turned off). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { corsOriginsFrom, DEFAULT_TIMEOUTS, loadEnv } from '../env';
import { createTestContext, SPANISH } from './helpers';

describe('seguridad', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  before(async () => {
    ctx = await createTestContext('pglite', {
      corsOrigins: ['http://localhost:3000', 'https://tienda.example'],
      rateLimit: { max: 5, timeWindow: 60_000, allowList: [] },
    });
  });
  after(() => ctx.dispose());

  it('CORS sólo para los orígenes del storefront', async () => {
    const ok = await ctx.app.inject({ url: '/api/config', headers: { origin: 'https://tienda.example' } });
    assert.equal(ok.headers['access-control-allow-origin'], 'https://tienda.example');
    const evil = await ctx.app.inject({ url: '/api/tags', headers: { origin: 'https://evil.example' } });
    assert.equal(evil.headers['access-control-allow-origin'], undefined);
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:3000');
  });

  it('cabeceras de seguridad', async () => {
    const res = await ctx.app.inject({ url: '/health', remoteAddress: '10.0.0.9' });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['cross-origin-resource-policy'], 'same-site');
    assert.equal(res.headers['x-powered-by'], undefined);
  });

  it('límite por IP: 429 con mensaje en castellano; otra IP no se ve afectada', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 5; i++) {
      const r = await ctx.app.inject({ url: '/api/tags', remoteAddress: ip });
      assert.equal(r.statusCode, 200, `pedido ${i + 1}`);
    }
    const limited = await ctx.app.inject({ url: '/api/tags', remoteAddress: ip });
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { success: false, message: SPANISH.tooMany, code: 'TOO_MANY_REQUESTS' });
    assert.ok(limited.headers['retry-after']);
    const other = await ctx.app.inject({ url: '/api/tags', remoteAddress: '203.0.113.8' });
    assert.equal(other.statusCode, 200);
    // unknown routes count too (slows down scanning)
    const notFound = await ctx.app.inject({ url: '/api/nope', remoteAddress: ip });
    assert.equal(notFound.statusCode, 429);
  });

  it('configuración por entorno: orígenes, allow-list y valores por defecto', () => {
    assert.deepEqual(corsOriginsFrom({}), ['http://localhost:3000']);
    assert.deepEqual(corsOriginsFrom({ PUBLIC_SITE_URL: 'https://tienda.example/es' }), ['http://localhost:3000', 'https://tienda.example']);
    assert.deepEqual(corsOriginsFrom({ STOREFRONT_ORIGINS: 'https://a.example, https://b.example/' }), ['https://a.example', 'https://b.example']);
    const env = loadEnv({});
    assert.equal(env.port, 4000);
    assert.equal(env.rateLimitMax, 600);
    assert.deepEqual(env.rateLimitAllowList, []);
    assert.deepEqual(loadEnv({ RATE_LIMIT_ALLOWLIST: '' }).rateLimitAllowList, []);
    assert.deepEqual(loadEnv({ RATE_LIMIT_ALLOWLIST: '10.0.0.1,10.0.0.2' }).rateLimitAllowList, ['10.0.0.1', '10.0.0.2']);
    assert.throws(() => loadEnv({ API_PORT: 'abc' }));
  });

  it('configuración por entorno: plazos de PostgreSQL, Redis y SMTP (issue 29)', () => {
    assert.deepEqual(loadEnv({}).timeouts, DEFAULT_TIMEOUTS);
    const t = loadEnv({ DB_STATEMENT_TIMEOUT_MS: '2500', REDIS_COMMAND_TIMEOUT_MS: '300', SMTP_GREETING_TIMEOUT_MS: '1000' }).timeouts;
    assert.equal(t.dbStatementMs, 2500);
    assert.equal(t.redisCommandMs, 300);
    assert.equal(t.smtpGreetingMs, 1000);
    // a deadline of 0 would mean "wait forever" to the drivers: refused at start, like a typo
    for (const bad of ['0', '-1', 'abc', '1.5']) assert.throws(() => loadEnv({ DB_QUERY_TIMEOUT_MS: bad }), bad);
    assert.equal(loadEnv({ MAIL_RETRY_MIN_MS: '60000', MAIL_RETRY_MAX_MS: '1000' }).timeouts.mailRetryMaxMs, 60000);
  });
});
