/**
 * Revalidation fan-out (README "Deployment"): every storefront instance keeps its own page cache, so a
 * staff change must reach each one. REVALIDATE_URLS lists them; one instance being down or slow must
 * not keep the others stale. Two real HTTP listeners stand in for the storefronts' /api/revalidate.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { createRevalidator, storefrontUrlsFrom } from '../services/revalidate';

type Hit = { url: string; secret: string | undefined; body: string };

function listener(status = 200): Promise<{ url: string; hits: Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ url: req.url ?? '', secret: req.headers['x-revalidate-secret'] as string | undefined, body });
      res.statusCode = status;
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        hits,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('storefrontUrlsFrom', () => {
  it('REVALIDATE_URLS: comma separated, trimmed, trailing slashes dropped, duplicates once', () => {
    assert.deepEqual(storefrontUrlsFrom({ REVALIDATE_URLS: ' http://a:3000/, http://b:3000 ,,http://a:3000' }), [
      'http://a:3000',
      'http://b:3000',
    ]);
  });
  it('falls back to the one STOREFRONT_URL / PUBLIC_SITE_URL / default', () => {
    assert.deepEqual(storefrontUrlsFrom({ STOREFRONT_URL: 'http://shop:3000/' }), ['http://shop:3000']);
    assert.deepEqual(storefrontUrlsFrom({ REVALIDATE_URLS: ' , ', PUBLIC_SITE_URL: 'https://x.example' }), ['https://x.example']);
    assert.deepEqual(storefrontUrlsFrom({}), ['http://localhost:3000']);
  });
});

describe('fan-out', () => {
  const log = pino({ level: 'silent' });
  let a: Awaited<ReturnType<typeof listener>>;
  let b: Awaited<ReturnType<typeof listener>>;
  let refusing: Awaited<ReturnType<typeof listener>>;
  before(async () => {
    [a, b, refusing] = await Promise.all([listener(), listener(), listener(401)]);
  });
  after(async () => {
    await Promise.all([a.close(), b.close(), refusing.close()]);
  });

  it('sends every batch to every storefront with the secret', async () => {
    const r = createRevalidator({ storefrontUrl: [a.url, b.url], secret: 's3cret', log });
    await r.revalidate(['products', 'product:x', 'products']);
    for (const s of [a, b]) {
      assert.equal(s.hits.length, 1);
      assert.equal(s.hits[0]!.url, '/api/revalidate');
      assert.equal(s.hits[0]!.secret, 's3cret');
      assert.deepEqual(JSON.parse(s.hits[0]!.body), { tags: ['products', 'product:x'] });
    }
  });

  it('an instance that is down or refuses does not stop the others, and nothing throws', async () => {
    a.hits.length = 0;
    const down = 'http://127.0.0.1:9'; // discard port: connection refused
    const r = createRevalidator({ storefrontUrl: [down, refusing.url, a.url], secret: 's', log, timeoutMs: 1000 });
    await r.revalidate(['config']);
    assert.equal(a.hits.length, 1);
    assert.equal(refusing.hits.length, 1);
  });

  it('a single URL string still works', async () => {
    b.hits.length = 0;
    await createRevalidator({ storefrontUrl: b.url, secret: 's', log }).revalidate(['categories']);
    assert.equal(b.hits.length, 1);
  });
});
