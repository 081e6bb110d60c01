/** The catalogue response cache: hits, TTL, size bound, and invalidation by catalogue change events only. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import events from '../events/plugin';
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

  it('sólo el evento catalogue.changed la vacía (una escritura rechazada o ajena al catálogo, no)', async () => {
    const app = Fastify();
    await app.register(events);
    await app.register(catalogueCache, { ttlMs: 60_000 });
    let n = 0;
    app.get('/r', { config: { catalogueCache: true } }, async () => ({ n: ++n }));
    app.post('/w', { config: { invalidates: ['products'] } }, async () => {
      await app.events.emit({ type: 'catalogue.changed', areas: ['products'], tags: ['products'] });
      return { ok: true };
    });
    app.post('/fail', { config: { invalidates: ['products'] } }, async (_req, reply) => reply.code(400).send({ ok: false }));
    app.post('/login', { config: { invalidates: [] } }, async () => ({ ok: true }));
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

  it('una ruta de escritura sin `invalidates` no se puede registrar (ni con un área desconocida)', async () => {
    const app = Fastify();
    await app.register(events);
    await app.register(catalogueCache, { ttlMs: 60_000 });
    assert.throws(() => app.post('/olvidada', async () => ({ ok: true })), /POST \/olvidada: declare config\.invalidates/);
    assert.throws(() => app.delete('/x', async () => ({ ok: true })), /DELETE \/x: declare config\.invalidates/);
    assert.throws(
      // @ts-expect-error -- an area the type does not know, as plain JS could pass it
      () => app.patch('/y', { config: { invalidates: ['productos'] } }, async () => ({ ok: true })),
      /unknown catalogue area\(s\) productos/,
    );
    app.get('/lectura', async () => ({ ok: true }));
    await app.close();
  });
});
