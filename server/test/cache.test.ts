/** The catalogue response cache: hits, TTL, size bound, and invalidation by any successful write. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import catalogueCache, { CatalogueCache } from '../plugins/catalogue-cache';

describe('CatalogueCache', () => {
  it('guarda, expira y respeta el tamaño máximo', async () => {
    const c = new CatalogueCache(50, 2000);
    c.set('a', 'x'.repeat(100));
    assert.equal(c.get('a'), 'x'.repeat(100));
    for (let i = 0; i < 20; i++) c.set(`k${i}`, 'y'.repeat(100));
    assert.ok(c.size < 21, 'desaloja lo más viejo');
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(c.get('k19'), undefined, 'expiró');
  });

  it('no guarda respuestas calculadas antes de una invalidación', () => {
    const c = new CatalogueCache(10_000);
    const v = c.version;
    c.invalidate();
    c.set('a', 'viejo', v);
    assert.equal(c.get('a'), undefined);
  });

  it('ttl 0 la desactiva', () => {
    const c = new CatalogueCache(0);
    c.set('a', 'b');
    assert.equal(c.get('a'), undefined);
  });

  it('una escritura exitosa la vacía; una fallida no', async () => {
    const app = Fastify();
    await app.register(catalogueCache, { ttlMs: 60_000 });
    let n = 0;
    app.get('/r', { config: { catalogueCache: true } }, async () => ({ n: ++n }));
    app.post('/w', async () => ({ ok: true }));
    app.post('/fail', async (_req, reply) => reply.code(400).send({ ok: false }));
    app.post('/login', { config: { preservesCatalogue: true } }, async () => ({ ok: true }));
    await app.ready();
    const get = async () => (await app.inject({ url: '/r' })).json().n;
    assert.equal(await get(), 1);
    assert.equal(await get(), 1);
    await app.inject({ method: 'POST', url: '/fail' });
    assert.equal(await get(), 1);
    await app.inject({ method: 'POST', url: '/login' });
    assert.equal(await get(), 1, 'una escritura que no toca el catálogo no la vacía');
    await app.inject({ method: 'POST', url: '/w' });
    assert.equal(await get(), 2);
    await app.close();
  });
});
