/**
 * Prometheus metrics of the API (issue 27): traffic through the app moves the HTTP histogram (by route
 * template, never the raw URL), the catalogue cache, order, mail and socket series; they are scraped over
 * real HTTP from their own listener (token-protected here) and are not on the public API port.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { MailMessage, Mailer } from '../mail/transport';
import { serveMetrics } from '../metrics';
import { describeEachDb } from './helpers';
import { api, createCustomer, insertTestCatalogue, login, setMinimums } from './orders-fixtures';
import { closeAll, connect, listen } from './realtime-fixtures';

/** Sends fine, except to addresses containing "falla" (an SMTP server refusing). */
const mailer: Mailer = {
  mode: 'outbox',
  send: async (m: MailMessage) => {
    if (m.to.includes('falla')) throw new Error('SMTP 550');
    return { messageId: 'x' };
  },
  close: () => {},
};

const TOKEN = 'metrics-token-0123456789';

/** `name{labels} value` lines → value of the series whose name and labels include all of `match`. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const set = m[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) total += Number(m[3]);
  }
  return total;
}

describeEachDb(
  'métricas',
  (ctx) => {
    let url: string;
    let server: Awaited<ReturnType<typeof serveMetrics>>;
    before(async () => {
      server = await serveMetrics({ port: 0, host: '127.0.0.1', token: TOKEN });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    });
    after(() => {
      closeAll();
      server.close();
    });
    const scrape = async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
      return res.text();
    };

    it('no se sirven en el puerto público, y sin el token la respuesta es 401', async () => {
      assert.equal((await api(ctx().app, 'GET', '/metrics')).status, 404);
      assert.equal((await fetch(url)).status, 401);
      assert.equal((await fetch(url, { headers: { authorization: 'Bearer otro-token-cualquiera' } })).status, 401);
    });

    it('el tráfico mueve los contadores: HTTP por plantilla, caché, pedidos, mails y sockets', async () => {
      const { app, db } = ctx();
      const before = await scrape();
      await setMinimums(db.db);
      const cat = await insertTestCatalogue(db.db);
      const customer = await createCustomer(app, db.db, { email: `metricas-${ctx().kind}@example.com` });

      for (let i = 0; i < 3; i++) assert.equal((await api(app, 'GET', '/api/category/names')).status, 200);
      assert.equal((await api(app, 'GET', '/api/product/999999999')).status, 404);
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await api(app, 'POST', '/api/order', { token: customer.token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: customer.billingId } });
        assert.equal(r.status, 201, r.raw);
        ids.push(r.body.data.id);
      }
      assert.equal((await api(app, 'POST', `/api/order/${ids[0]}/cancel`, { token: customer.token })).status, 200);
      assert.equal((await api(app, 'POST', '/auth/forgot', { body: { email: `metricas-${ctx().kind}@example.com` } })).status, 200);
      await createCustomer(app, db.db, { email: `falla-${ctx().kind}@example.com` });
      assert.equal((await api(app, 'POST', '/auth/forgot', { body: { email: `falla-${ctx().kind}@example.com` } })).status, 502);

      const base = await listen(app);
      const socket = await connect(base, await login(app, 'staff@example.com'));
      const after = await scrape();
      socket.close();

      const moved = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
      assert.equal(moved('http_request_duration_seconds_count', { route: '/api/category/names', status_code: '200', method: 'GET' }), 3);
      assert.equal(moved('http_request_duration_seconds_count', { route: '/api/order', status_code: '201', method: 'POST' }), 2);
      assert.equal(moved('http_request_duration_seconds_count', { route: '/api/order/:id/cancel', status_code: '200' }), 1);
      assert.ok(!after.includes(`/api/order/${ids[0]}/cancel`), 'route templates, never raw URLs');
      assert.ok(moved('http_request_duration_seconds_count', { status_code: '404' }) >= 1);
      assert.ok(moved('http_request_duration_seconds_bucket', { route: '/api/category/names', le: '+Inf' }) === 3);
      assert.ok(moved('shop_catalogue_cache_hits_total') >= 2, 'the 2nd and 3rd GET come from the cache');
      assert.ok(moved('shop_catalogue_cache_misses_total') >= 1);
      assert.equal(moved('shop_orders_created_total'), 2);
      assert.equal(moved('shop_order_transitions_total', { to: 'cancelled' }), 1);
      assert.equal(moved('shop_mails_total', { kind: 'reset', result: 'sent' }), 1);
      assert.equal(moved('shop_mails_total', { kind: 'reset', result: 'failed' }), 1);
      assert.ok(value(after, 'shop_socket_connections') >= 1);
      assert.ok(value(after, 'shop_socket_rooms') >= 1, 'the staff socket joined the staff room');
      assert.ok(value(after, 'process_cpu_seconds_total') > 0, 'process metrics');
      assert.match(after, /^shop_backup_last_success_timestamp_seconds \d+/m);
    });
  },
  { auth: { mailer } },
);
