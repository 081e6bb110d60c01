/**
 * Which writes clear the API's catalogue cache (issue 18 item 8): only catalogue writes, each declared on
 * its route. Walks every write operation of the OpenAPI document (a route without a declaration cannot
 * even be registered), pins the list of catalogue-changing routes, and checks on the real app that a
 * login, an order, a chat message and reads of notifications keep the cached answers while a staff
 * price change clears them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pgliteContext } from './helpers';
import { api, createCustomer, insertTestCatalogue, login, setMinimums } from './orders-fixtures';

/** The only routes whose success changes what catalogue GETs answer. */
const CATALOGUE_WRITES: Record<string, string[]> = {
  'PATCH /api/staff/config': ['config'],
  // synonyms change what product searches find
  'POST /api/staff/search/synonyms': ['products'],
  'PATCH /api/staff/search/synonyms/:id': ['products'],
  'DELETE /api/staff/search/synonyms/:id': ['products'],
  'PATCH /api/staff/products/:id': ['products', 'categories'],
  'POST /api/staff/products/:id/images': ['products', 'categories'],
  'PUT /api/staff/products/:id/images/order': ['products', 'categories'],
  'DELETE /api/staff/products/:id/images/:imageId': ['products', 'categories'],
  // catalogue management (issue 32): a product's lists and its categories' counts; a category's name shows on cards
  'POST /api/staff/products': ['products', 'categories'],
  'POST /api/staff/products/:id/duplicate': ['products', 'categories'],
  'POST /api/staff/products/:id/archive': ['products', 'categories'],
  'DELETE /api/staff/products/:id': ['products', 'categories'],
  'POST /api/staff/categories': ['categories', 'products'],
  'PUT /api/staff/categories/order': ['categories', 'products'],
  'PATCH /api/staff/categories/:id': ['categories', 'products'],
  'POST /api/staff/categories/:id/image': ['categories', 'products'],
  'DELETE /api/staff/categories/:id': ['categories', 'products'],
  // bulk price changes (issue 24 §2): every product page, list and category the products show in
  'POST /api/staff/prices/apply': ['products', 'categories'],
  'POST /api/staff/prices/import/apply': ['products', 'categories'],
  'POST /api/staff/prices/changes/:id/undo': ['products', 'categories'],
  'POST /api/staff/carousel': ['carousel'],
  'PATCH /api/staff/carousel/:id': ['carousel'],
  'DELETE /api/staff/carousel/:id': ['carousel'],
  'PUT /api/staff/carousel/order': ['carousel'],
  'POST /api/staff/tags': ['tags'],
  'PATCH /api/staff/tags/:id': ['tags'],
  'DELETE /api/staff/tags/:id': ['tags'],
};

describe('invalidación de la caché del catálogo', () => {
  const ctx = pgliteContext({ rateLimit: { max: 100_000, allowList: ['127.0.0.1'] } });

  it('cada escritura del documento OpenAPI declara qué cambia del catálogo', () => {
    const doc = (ctx().app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const declared = ctx().app.catalogueCache.declarations;
    const writes: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (['get', 'head', 'options'].includes(method)) continue;
        writes.push(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    assert.ok(writes.length >= 40, `sólo ${writes.length} escrituras en el documento`);
    for (const w of writes) assert.ok(declared.has(w), `${w}: sin declaración de invalidates`);
    const changing = Object.fromEntries(writes.filter((w) => declared.get(w)!.length).map((w) => [w, [...declared.get(w)!]]));
    assert.deepEqual(changing, CATALOGUE_WRITES);
  });

  it('login, pedido, chat y lecturas no vacían la caché; un cambio de precio sí', async () => {
    const { app, db } = ctx();
    await setMinimums(db.db, 100, 100);
    const cat = await insertTestCatalogue(db.db);
    const buyer = await createCustomer(app, db.db, { email: 'cache-inval@example.com' });
    const staff = await login(app, 'staff@example.com');
    const urls = ['/api/products?rows=12&page=1', `/api/product/slug/${cat.slugs.exact}`, '/api/config', '/api/tags', '/api/carouselImages', '/api/category/names'];
    const allHit = async () => {
      const states = [];
      for (const u of urls) states.push((await app.inject({ url: u })).headers['x-cache']);
      return states;
    };
    await allHit(); // fill
    assert.deepEqual(await allHit(), urls.map(() => 'hit'));
    const version = app.catalogueCache.version;

    const writes = [
      await api(app, 'POST', '/auth/login', { body: { email: 'cliente@example.com', password: 'tienda-demo' } }),
      await api(app, 'POST', '/api/order', { token: buyer.token, body: { products: [{ id: cat.simple, quantity: 2 }], billingDataId: buyer.billingId, toSucc: true } }),
    ];
    const orderId = writes[1]!.body.data.id;
    writes.push(await api(app, 'POST', `/api/order/${orderId}/messages`, { token: buyer.token, body: { text: 'hola' } }));
    writes.push(await api(app, 'POST', `/api/order/${orderId}/messages`, { token: staff, body: { text: 'buenas' } }));
    writes.push(await api(app, 'POST', `/api/order/${orderId}/messages/read`, { token: buyer.token }));
    writes.push(await api(app, 'PATCH', '/api/user/me', { token: buyer.token, body: { name: 'Otro' } }));
    for (const w of writes) assert.ok(w.status < 300, `${w.status} ${w.raw}`);
    assert.equal(app.catalogueCache.version, version, 'ninguna de esas escrituras vació la caché');
    assert.deepEqual(await allHit(), urls.map(() => 'hit'));

    const price = await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staff, body: { price: 2345 } });
    assert.equal(price.status, 200, price.raw);
    assert.ok(app.catalogueCache.version > version);
    const product = await app.inject({ url: `/api/product/slug/${cat.slugs.exact}` });
    assert.equal(product.headers['x-cache'], 'miss');
    assert.equal(product.json().data.price, 2345);
  });
});
