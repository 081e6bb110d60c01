import { addUnitsFromProductPage } from './support/product-page';
import { logIn } from './support/session';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startTopology, type Topology } from '../deploy/local/topology';
import type { Product } from '../lib/contracts/catalogue';
import { freePort } from './faults-processes';

/**
 * The multi-host topology (issue 21, deploy/README.md "Several hosts"), started by the same code as
 * `npm run topology`: 2 APIs and 2 storefronts (`next start -H 127.0.0.1`) behind nginx, one PostgreSQL
 * database, one Redis, files in an S3 bucket (s3rver), nothing shared on disk (each API has its own
 * DATA_DIR). A is instance 1, B instance 2:
 * - an order placed in the browser through storefront A; its proof uploaded through API A and downloaded
 *   by staff through API B (the file is in the bucket, not on A's disk);
 * - a staff price change made through API B (one revalidation call, to the load balancer) shows on the
 *   product and category pages of storefronts A and B within 10 s (one page cache, in Redis);
 * - a chat message posted through API A reaches the customer's socket on API B;
 * - API A killed during checkout traffic through the load balancer: no order lost or duplicated;
 * - Redis restarted: pages keep serving, and are cached again once it is back.
 * Needs TEST_DATABASE_URL (a PostgreSQL server), redis-server and nginx (Debian's nginx-light).
 */

const PASSWORD = 'tienda-demo';
// Seven processes on a 2-core machine (with whatever else CI runs): every wait is generous.
const expect = baseExpect.configure({ timeout: 15_000 });
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const pgAdmin = process.env.TEST_DATABASE_URL;

async function have(cmd: string): Promise<boolean> {
  const { spawnSync } = await import('node:child_process');
  return spawnSync(cmd, ['-v'], { stdio: 'ignore' }).status === 0 || spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
}

async function apiLogin(request: APIRequestContext, api: string, email: string): Promise<string> {
  const res = await request.post(`${api}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email} on ${api}: ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test.describe.configure({ mode: 'serial' });

test.describe('varios hosts: 2 APIs y 2 tiendas detrás de nginx, PostgreSQL, Redis y S3', () => {
  let topo: Topology;
  let dir: string;
  let db: pg.Client;
  let product: Product;
  let productPath = '';
  let categoryPath = '';

  test.beforeAll(async () => {
    test.skip(!pgAdmin, 'TEST_DATABASE_URL no está definida (PostgreSQL)');
    test.skip(!(await have('redis-server')), 'falta redis-server');
    test.skip(!(await have('/usr/sbin/nginx')), 'falta nginx (apt-get install -y nginx-light)');
    test.setTimeout(600_000);
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-multihost-'));
    const [site, api, s1, s2, a1, a2, s3, redis] = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    topo = await startTopology({
      dir,
      adminDatabaseUrl: pgAdmin!,
      ports: { site: site!, api: api!, storefronts: [s1!, s2!], apis: [a1!, a2!], s3: s3!, redis: redis! },
      distDir: process.env.NEXT_DIST_DIR || '.next',
      // generous API deadlines: the CI machine may be busy with other suites
      storefrontEnv: { SHOP_API_TIMEOUT_MS: '10000', SHOP_API_SHELL_TIMEOUT_MS: '5000' },
    });
    db = new pg.Client({ connectionString: topo.databaseUrl });
    await db.connect();
  });

  test.afterAll(async () => {
    await db?.end().catch(() => {});
    await topo?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('arrancan juntas: una sola siembra, imágenes desde el bucket en ambas APIs, sin disco compartido; -H 127.0.0.1 sirve', async ({ request }) => {
    const [apiA, apiB] = topo.apis;
    const counts = await db.query<{ users: string; products: string }>('select (select count(*) from users) as users, (select count(*) from products) as products');
    expect(Number(counts.rows[0]!.users)).toBe(6); // the demo accounts, once
    const list = await request.get(`${topo.api}/api/products?rows=48&page=1`);
    const items = ((await list.json()) as { data: { items: Product[] } }).data.items;
    product = items.find((p) => !p.isVariable && p.state === 'active' && p.price > 1000 && (p.Categories?.length ?? 0) > 0 && (!p.max || p.max >= 500))!;
    expect(product).toBeTruthy();
    productPath = `/${product.Categories![0]!.slug}/${product.slug}`;
    categoryPath = `/${product.Categories![0]!.slug}`;
    const image = product.ProductImages?.[0]?.name;
    expect(image, 'the demo product has an image').toBeTruthy();
    for (const api of [apiA!, apiB!]) {
      const res = await request.get(`${api.url}${image}`);
      expect(res.status(), `${image} on ${api.name}`).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
    }
    const objects = await db.query<{ n: string }>("select count(*) as n from blobs where key like 'uploads/%'");
    expect(Number(objects.rows[0]!.n)).toBeGreaterThan(10);
    // proxy.ts rewrites (/login, a category, /products) answer on the storefronts bound to 127.0.0.1
    for (const sf of topo.storefronts) {
      for (const p of ['/login', categoryPath, '/products']) {
        // a cold render on a loaded machine may meet the API deadline (503): it must settle on 200, never a 307 loop
        await expect.poll(async () => (await request.get(`${sf.url}${p}`, { maxRedirects: 0 })).status(), { timeout: 30_000, message: `${sf.name}${p}` }).toBe(200);
      }
    }
  });

  test('un pedido por la tienda A; su comprobante sube por la API A y el personal lo baja por la API B', async ({ page, request }) => {
    test.setTimeout(180_000);
    const [storefrontA] = topo.storefronts;
    const [apiA, apiB] = topo.apis;
    // (every API of the topology shares one database: API A empties the saved cart the storefront will read)
    await logIn(page, { email: 'cliente@example.com', password: PASSWORD }, { site: storefrontA!.url, api: apiA!.url });
    await page.goto(`${storefrontA!.url}${productPath}`);
    const lowest = Math.min(product.discount ?? product.price, ...product.Offers.filter((o) => !o.isVip && !o.isStrict).map((o) => o.price));
    const step = product.steps || 1;
    const units = Math.max(product.min || 1, Math.ceil(Math.ceil(60000 / lowest) / step) * step);
    await addUnitsFromProductPage(page, product.name, units);
    await page.goto(`${storefrontA!.url}/checkout`);
    await page.getByRole('radio', { name: /Retiro en el local/ }).check();
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/step=billing/);
    await page.getByTestId('billing-options').getByRole('radio').first().check();
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/step=summary/);
    await page.getByTestId('checkout-send').click();
    await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 20_000 });
    expect(page.url().startsWith(storefrontA!.url)).toBe(true);
    const orderId = Number(/\/order\/(\d+)$/.exec(page.url())![1]);

    const customer = await apiLogin(request, apiA!.url, 'cliente@example.com');
    const up = await request.post(`${apiA!.url}/api/order/${orderId}/proof`, {
      headers: { authorization: `Bearer ${customer}` },
      multipart: { file: { name: 'transferencia.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(up.status(), await up.text()).toBe(201);
    const fileUrl = ((await up.json()) as { data: { fileUrl: string } }).data.fileUrl;
    const row = await db.query<{ key: string; visibility: string; order_id: number }>('select key, visibility, order_id from blobs where order_id = $1', [orderId]);
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]!.visibility).toBe('private');
    expect(row.rows[0]!.key).toMatch(new RegExp(`^private/orders/${orderId}/`));

    const staff = await apiLogin(request, apiB!.url, 'staff@example.com');
    const down = await request.get(`${apiB!.url}${fileUrl}`, { headers: { authorization: `Bearer ${staff}` } });
    expect(down.status()).toBe(200);
    expect(Buffer.from(await down.body()).equals(PNG)).toBe(true);
    // never through the public route, never for someone else
    expect((await request.get(`${apiB!.url}/uploads/${row.rows[0]!.key.replace(/^private\//, '../private/')}`)).status()).toBe(404);
    const other = await apiLogin(request, apiB!.url, 'vip@example.com');
    expect((await request.get(`${apiB!.url}${fileUrl}`, { headers: { authorization: `Bearer ${other}` } })).status()).toBe(404);
  });

  test('un cambio de precio por la API B se ve en el producto y la categoría de las tiendas A y B en menos de 10 s', async ({ request }) => {
    test.setTimeout(120_000);
    const [, apiB] = topo.apis;
    const pages = topo.storefronts.flatMap((sf) => [`${sf.url}${productPath}`, `${sf.url}${categoryPath}`]);
    // cached on both instances first (one cache: the second instance's first request is already a HIT)
    for (const url of pages) {
      await expect.poll(async () => (await request.get(url, { maxRedirects: 0 })).headers()['x-nextjs-cache'], { timeout: 30_000, message: url }).toBe('HIT');
    }
    const staff = await apiLogin(request, apiB!.url, 'staff@example.com');
    const newPrice = Math.round(product.price * 1.37);
    const shown = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2 }).format(newPrice);
    const changedAt = Date.now();
    const res = await request.patch(`${apiB!.url}/api/staff/products/${product.id}`, { headers: { authorization: `Bearer ${staff}` }, data: { price: newPrice } });
    expect(res.status(), await res.text()).toBe(200);
    for (const url of pages) {
      await expect.poll(async () => (await (await request.get(url)).text()).includes(shown), { timeout: Math.max(1, 10_000 - (Date.now() - changedAt)), message: `${url} shows ${shown}` }).toBe(true);
    }
    expect(Date.now() - changedAt).toBeLessThan(10_000);
  });

  test('un mensaje del chat enviado por la API A llega al socket del cliente en la API B', async ({ request }) => {
    const [apiA, apiB] = topo.apis;
    const customer = await apiLogin(request, apiA!.url, 'cliente@example.com');
    const orders = await db.query<{ id: number }>("select o.id from orders o join users u on u.id = o.user_id where u.email = 'cliente@example.com' order by o.id desc limit 1");
    const orderId = orders.rows[0]!.id;
    const socket: Socket = io(apiB!.url, { transports: ['websocket'], auth: { token: customer }, forceNew: true, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const joined = (await socket.timeout(5000).emitWithAck('joinRoom', `Order-${orderId}`)) as { ok: boolean };
      expect(joined.ok).toBe(true);
      const text = `Hola desde la API A (${Date.now()})`;
      const received = new Promise<{ text: string; orderId: number }>((resolve) => socket.on('newMessage', (m: { text: string; orderId: number }) => m.text === text && resolve(m)));
      const staff = await apiLogin(request, apiA!.url, 'staff@example.com');
      const sent = await request.post(`${apiA!.url}/api/order/${orderId}/messages`, { headers: { authorization: `Bearer ${staff}` }, data: { text } });
      expect(sent.status(), await sent.text()).toBe(201);
      const message = await Promise.race([received, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
      expect(message?.orderId).toBe(orderId);
    } finally {
      socket.close();
    }
  });

  test('matar la API A en medio de pedidos por el balanceador: ningún pedido perdido ni duplicado', async ({ request }) => {
    test.setTimeout(240_000);
    const [apiA] = topo.apis;
    const token = await apiLogin(request, topo.api, 'vip@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const billing = ((await (await request.get(`${topo.api}/api/user/myBillingData`, { headers: auth })).json()) as { data: { id: number }[] }).data;
    const billingId = billing[0]!.id; // the demo VIP customer has billing data
    const units = Math.max(product.min || 1, Math.ceil(Math.ceil(80000 / product.price) / (product.steps || 1)) * (product.steps || 1));
    const acknowledged = new Map<string, number>();
    let stop = false;
    // like the checkout: one key per order, a failure (network error, 502/503) retried with the same key
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const key = `multihost-${w}-${i}-${Date.now().toString(36)}`;
        for (let attempt = 0; attempt < 20; attempt++) {
          const res = await fetch(`${topo.api}/api/order`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ products: [{ id: product.id, quantity: units }], billingDataId: billingId, toSucc: true }),
            signal: AbortSignal.timeout(15_000),
          }).catch(() => null);
          if (res?.status === 201) {
            acknowledged.set(key, ((await res.json()) as { data: { id: number } }).data.id);
            break;
          }
          await res?.arrayBuffer();
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    };
    const workers = [0, 1, 2].map(worker);
    await new Promise((r) => setTimeout(r, 3_000));
    const before = acknowledged.size;
    await apiA!.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 6_000));
    stop = true;
    await Promise.all(workers);
    expect(before, 'orders went through before the kill').toBeGreaterThan(0);
    expect(acknowledged.size, 'and after it, through API B').toBeGreaterThan(before);

    const keys = [...acknowledged.keys()];
    const stored = await db.query<{ idempotency_key: string; n: string; ids: number[] }>(
      "select idempotency_key, count(*) as n, array_agg(id) as ids from orders where idempotency_key like 'multihost-%' group by idempotency_key",
    );
    const byKey = new Map(stored.rows.map((r) => [r.idempotency_key, r]));
    for (const key of keys) {
      expect(Number(byKey.get(key)?.n ?? 0), `order ${key}`).toBe(1);
      expect(byKey.get(key)!.ids[0]).toBe(acknowledged.get(key));
    }
    expect(stored.rows.every((r) => Number(r.n) === 1), 'no key has two orders').toBe(true);
    // every stored order is whole (its lines and first history row)
    const broken = await db.query(
      "select o.id from orders o where o.idempotency_key like 'multihost-%' and (not exists (select 1 from order_items i where i.order_id = o.id) or not exists (select 1 from order_state_history h where h.order_id = o.id))",
    );
    expect(broken.rows).toHaveLength(0);
    await apiA!.start();
  });

  test('Redis reiniciado: las páginas siguen sirviéndose y vuelven a cachearse', async ({ request }) => {
    test.setTimeout(120_000);
    const pages = topo.storefronts.flatMap((sf) => [
      { url: `${sf.url}${productPath}`, text: product.name },
      { url: `${sf.url}/products`, text: 'Todos los productos' },
    ]);
    const urls = pages.map((p) => p.url);
    await topo.redis.kill('SIGKILL');
    for (const { url, text } of pages) {
      const res = await request.get(url, { timeout: 15_000 });
      expect(res.status(), `${url} without Redis`).toBe(200);
      expect(await res.text()).toContain(text);
    }
    // through the load balancer too, and the API still answers
    expect((await request.get(`${topo.site}${productPath}`)).status()).toBe(200);
    expect((await request.get(`${topo.api}/api/products?rows=4&page=1`)).status()).toBe(200);
    await topo.redis.start();
    for (const url of urls) {
      await expect.poll(async () => (await request.get(url)).headers()['x-nextjs-cache'], { timeout: 30_000, message: `${url} cached again` }).toBe('HIT');
    }
    const logs = path.join(dir, 'logs');
    const { readFileSync } = await import('node:fs');
    const log = readFileSync(path.join(logs, 'storefront-1.log'), 'utf8');
    expect(log).toContain('[cache] Redis no responde');
    expect(log.split('[cache] Redis no responde').length - 1, 'logged once per outage').toBeLessThanOrEqual(2);
  });
});
