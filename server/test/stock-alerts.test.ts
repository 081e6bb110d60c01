/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Back-in-stock alerts (issue 24 §3; services/stock-alerts.ts, routes/stock-alerts): subscribe, cancel and
 * list (owner only), the 401/400/404/409 answers, staff's waiting counts, and the alert itself — one bell
 * notification and one mail per subscriber when staff puts the line back in stock (through the editor or
 * the bulk price change), none while it is still without stock, the subscription gone after, and never
 * twice when two senders race.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { notifications, products, stockAlerts } from '../db/schema';
import { sendStockAlerts } from '../services/stock-alerts';
import { memoryMailer, signedInAppOptions } from './auth-fixtures';
import { describeEachDb } from './helpers';
import { api, createUser, insertTestCatalogue, login, type TestCatalogue } from './orders-fixtures';

const mailer = memoryMailer();
const appOptions = signedInAppOptions(mailer);

let seq = 0;
const email = (who: string) => `${who.toLowerCase()}.stock.${process.pid}.${++seq}@example.com`;

describeEachDb(
  'avisos de stock',
  (ctx) => {
    let cat: TestCatalogue;
    let staff: string;
    let ana: { id: number; email: string; token: string };
    let beto: { id: number; email: string; token: string };
    let noStockParent: number;

    const customer = async (name: string) => {
      const e = email(name);
      const id = await createUser(ctx().db.db, e, 'customer', name);
      return { id, email: e, token: await login(ctx().app, e) };
    };
    const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, token: string | null, body?: unknown) =>
      api(ctx().app, method, url, { token, body });
    const subscribe = (token: string | null, body: unknown) => call('POST', '/api/stock-alerts', token, body);
    const bellOf = (userId: number, slug: string) =>
      ctx().db.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.url, `%/${slug}`)));
    const mailsTo = (to: string) => mailer.sent.filter((m) => m.to === to && m.kind === 'stock-alert');
    const waitForMails = async (to: string, n: number) => {
      for (let i = 0; i < 100 && mailsTo(to).length < n; i++) await new Promise((r) => setTimeout(r, 20));
      return mailsTo(to);
    };
    const alertsOf = (userId: number) => ctx().db.db.select().from(stockAlerts).where(eq(stockAlerts.userId, userId));

    before(async () => {
      const { app, db } = ctx();
      cat = await insertTestCatalogue(db.db);
      staff = await login(app, 'staff@example.com');
      ana = await customer('Ana');
      beto = await customer('Beto');
      const [v] = await db.db.select({ parentId: products.parentId }).from(products).where(eq(products.id, cat.varOfNoStock));
      noStockParent = v!.parentId!;
    });

    it('a guest gets 401 on every route; a customer 403 on the staff counts', async () => {
      assert.equal((await call('GET', '/api/stock-alerts', null)).status, 401);
      assert.equal((await subscribe(null, { productId: cat.noStock })).status, 401);
      assert.equal((await call('DELETE', `/api/stock-alerts?productId=${cat.noStock}`, null)).status, 401);
      assert.equal((await call('GET', `/api/staff/stock-alerts/counts?ids=${cat.noStock}`, null)).status, 401);
      const r = await call('GET', `/api/staff/stock-alerts/counts?ids=${cat.noStock}`, ana.token);
      assert.equal(r.status, 403);
      assert.equal(r.body.message, 'No tienes los permisos necesarios');
      assert.equal((await alertsOf(ana.id)).length, 0);
    });

    it('bad input is a 400 in Spanish with its code, and writes nothing', async () => {
      const bad: unknown[] = [{}, { productId: 'x' }, { productId: 0 }, { productId: 1.5 }, { productId: cat.noStock, variationId: -1 }, { productId: cat.noStock, extra: 1 }, []];
      for (const body of bad) {
        const r = await subscribe(ana.token, body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.body.success, false);
        assert.equal(r.body.message, 'Los parametros son incorrectos');
        assert.equal(r.body.code, 'BAD_PARAMS');
      }
      for (const url of ['/api/stock-alerts', '/api/stock-alerts?productId=abc', `/api/stock-alerts?productId=${cat.noStock}&variationId=0`, `/api/stock-alerts?productId=${cat.noStock}&x=1`]) {
        assert.equal((await call('DELETE', url, ana.token)).status, 400, url);
      }
      assert.equal((await call('GET', '/api/stock-alerts?productId=-3', ana.token)).status, 400);
      assert.equal((await call('GET', '/api/staff/stock-alerts/counts?ids=1,,2', staff)).status, 400);
      assert.equal((await alertsOf(ana.id)).length, 0);
    });

    it('unknown, hidden or mismatched products are a 404; a product with stock a 409', async () => {
      for (const body of [
        { productId: 2_000_000_000 },
        { productId: cat.hidden },
        { productId: cat.invisible },
        { productId: cat.varOfNoStock }, // a variation is not a page
        { productId: cat.variable, variationId: cat.varOfNoStock }, // not its variation
        { productId: noStockParent, variationId: 2_000_000_000 },
      ]) {
        const r = await subscribe(ana.token, body);
        assert.equal(r.status, 404, JSON.stringify(body));
        assert.equal(r.body.message, 'No se encontró el producto');
      }
      for (const body of [{ productId: cat.simple }, { productId: cat.variable }, { productId: cat.variable, variationId: cat.varA }]) {
        const r = await subscribe(ana.token, body);
        assert.equal(r.status, 409, JSON.stringify(body));
        assert.equal(r.body.message, 'Este producto tiene stock: ya lo podés pedir');
        assert.equal(r.body.code, 'STOCK_ALERT_IN_STOCK');
      }
      assert.equal((await alertsOf(ana.id)).length, 0);
    });

    it('subscribe (201, then 200), list mine only, cancel (removed, then not)', async () => {
      const first = await subscribe(ana.token, { productId: noStockParent, variationId: cat.varOfNoStock });
      assert.equal(first.status, 201);
      assert.equal(first.body.message, 'Te vamos a avisar cuando haya stock');
      assert.deepEqual({ ...first.body.data, createdAt: undefined }, { productId: noStockParent, variationId: cat.varOfNoStock, createdAt: undefined });
      const again = await subscribe(ana.token, { productId: noStockParent, variationId: cat.varOfNoStock });
      assert.equal(again.status, 200);
      assert.equal((await alertsOf(ana.id)).length, 1);
      // the whole product is a separate alert from its variation
      assert.equal((await subscribe(ana.token, { productId: noStockParent })).status, 201);

      const mine = await call('GET', `/api/stock-alerts?productId=${noStockParent}`, ana.token);
      assert.equal(mine.status, 200);
      assert.deepEqual(mine.body.data.map((a: any) => a.variationId).sort(), [cat.varOfNoStock, null].sort());
      assert.equal(mine.headers['cache-control'], 'no-store');
      assert.deepEqual((await call('GET', '/api/stock-alerts', beto.token)).body.data, []);
      // Beto cancelling Ana's alert removes nothing of hers
      assert.equal((await call('DELETE', `/api/stock-alerts?productId=${noStockParent}&variationId=${cat.varOfNoStock}`, beto.token)).body.data.removed, false);
      assert.equal((await alertsOf(ana.id)).length, 2);

      const cancel = await call('DELETE', `/api/stock-alerts?productId=${noStockParent}&variationId=${cat.varOfNoStock}`, ana.token);
      assert.equal(cancel.status, 200);
      assert.equal(cancel.body.data.removed, true);
      assert.equal((await call('DELETE', `/api/stock-alerts?productId=${noStockParent}&variationId=${cat.varOfNoStock}`, ana.token)).body.data.removed, false);
      assert.deepEqual((await call('GET', `/api/stock-alerts?productId=${noStockParent}`, ana.token)).body.data.map((a: any) => a.variationId), [null]);
      await call('DELETE', `/api/stock-alerts?productId=${noStockParent}`, ana.token);
      assert.equal((await alertsOf(ana.id)).length, 0);
    });

    it('editor: still without stock → nothing; back in stock → one bell and one mail each, the alert gone; staff saw the count', async () => {
      const slug = cat.slugs.variable!;
      // staff takes the variation Lavanda out of stock in the editor; both customers wait for it
      assert.equal((await call('PATCH', `/api/staff/products/${cat.varA}`, staff, { state: 'noStock' })).status, 200);
      for (const who of [ana, beto]) assert.equal((await subscribe(who.token, { productId: cat.variable, variationId: cat.varA })).status, 201);

      const counts = await call('GET', `/api/staff/stock-alerts/counts?ids=${cat.variable},${cat.simple}`, staff);
      assert.equal(counts.status, 200);
      assert.deepEqual(counts.body.data, { [cat.variable]: { total: 2, product: 0, variations: { [cat.varA]: 2 } } });

      // an edit that leaves it without stock sends nothing
      assert.equal((await call('PATCH', `/api/staff/products/${cat.varA}`, staff, { price: 2100 })).status, 200);
      assert.equal((await bellOf(ana.id, slug)).length, 0);
      assert.equal((await alertsOf(ana.id)).length, 1);

      assert.equal((await call('PATCH', `/api/staff/products/${cat.varA}`, staff, { state: 'active' })).status, 200);
      for (const who of [ana, beto]) {
        const bell = await bellOf(who.id, slug);
        assert.equal(bell.length, 1, 'one notification');
        assert.equal(bell[0]!.title, 'Volvió el stock');
        assert.match(bell[0]!.description, /Prueba variable – Lavanda/);
        assert.equal(bell[0]!.url, `/products/${slug}`);
        const mails = await waitForMails(who.email, 1);
        assert.equal(mails.length, 1, 'one mail');
        assert.match(mails[0]!.subject, /Volvió el stock: Prueba variable – Lavanda/);
        assert.ok(mails[0]!.text.includes(`/products/${slug}`), 'the mail links the product page');
        assert.equal((await alertsOf(who.id)).length, 0, 'the subscription ended');
      }
      assert.deepEqual((await call('GET', `/api/staff/stock-alerts/counts?ids=${cat.variable}`, staff)).body.data, {});

      // more edits send nothing more
      await call('PATCH', `/api/staff/products/${cat.varA}`, staff, { state: 'limited' });
      await new Promise((r) => setTimeout(r, 100));
      assert.equal((await bellOf(ana.id, slug)).length, 1);
      assert.equal(mailsTo(ana.email).length, 1);
    });

    it('a parent back in stock alerts the whole product, not a variation still without stock', async () => {
      const parentSlug = cat.slugs.nparent!;
      await db().update(products).set({ state: 'noStock' }).where(eq(products.id, cat.varOfNoStock));
      assert.equal((await subscribe(ana.token, { productId: noStockParent })).status, 201);
      assert.equal((await subscribe(beto.token, { productId: noStockParent, variationId: cat.varOfNoStock })).status, 201);
      assert.equal((await call('PATCH', `/api/staff/products/${noStockParent}`, staff, { state: 'active' })).status, 200);
      assert.equal((await bellOf(ana.id, parentSlug)).length, 1);
      assert.equal((await bellOf(beto.id, parentSlug)).length, 0);
      assert.equal((await alertsOf(beto.id)).length, 1, 'the variation is still without stock: Beto keeps waiting');
      assert.equal((await call('PATCH', `/api/staff/products/${cat.varOfNoStock}`, staff, { state: 'active' })).status, 200);
      assert.equal((await bellOf(beto.id, parentSlug)).length, 1);
      assert.equal((await alertsOf(beto.id)).length, 0);
    });

    it('bulk price change: a product still without stock alerts nobody; one back in stock alerts once', async () => {
      const slug = cat.slugs.nostock!;
      const sku = `TST-nostock-${slug.split('nostock-')[1]}`;
      assert.equal((await subscribe(ana.token, { productId: cat.noStock })).status, 201);
      const apply = () =>
        call('POST', '/api/staff/prices/apply', staff, { selection: { q: sku }, rule: { kind: 'percent', value: 10, fields: ['price'], rounding: 'peso' } });
      const a = await apply();
      assert.equal(a.status, 200, a.raw);
      assert.equal((await bellOf(ana.id, slug)).length, 0);
      assert.equal((await alertsOf(ana.id)).length, 1);
      // put back in stock by a write that announces nothing (a script, a manual SQL fix): the next bulk change
      // over the product sends the alert
      await db().update(products).set({ state: 'active' }).where(eq(products.id, cat.noStock));
      assert.equal((await apply()).status, 200);
      assert.equal((await bellOf(ana.id, slug)).length, 1);
      assert.equal((await waitForMails(ana.email, 3)).length, 3); // Lavanda, the whole "nparent" and this one
      assert.equal((await alertsOf(ana.id)).length, 0);
      assert.equal((await apply()).status, 200);
      assert.equal((await bellOf(ana.id, slug)).length, 1);
    });

    it('two senders racing on the same change alert each subscriber once', async () => {
      await db().update(products).set({ state: 'noStock' }).where(eq(products.id, cat.exact));
      for (const who of [ana, beto]) assert.equal((await subscribe(who.token, { productId: cat.exact })).status, 201);
      await db().update(products).set({ state: 'active' }).where(eq(products.id, cat.exact));
      const [one, two] = await Promise.all([sendStockAlerts(ctx().app, [cat.exact]), sendStockAlerts(ctx().app, [cat.exact])]);
      assert.equal(one!.length + two!.length, 2);
      for (const who of [ana, beto]) assert.equal((await bellOf(who.id, cat.slugs.exact!)).length, 1);
    });

    it('a change of 25,000 products (a big CSV import) still finds and sends its alerts', async () => {
      await db().update(products).set({ state: 'noStock' }).where(eq(products.id, cat.cheap));
      assert.equal((await subscribe(ana.token, { productId: cat.cheap })).status, 201);
      await db().update(products).set({ state: 'active' }).where(eq(products.id, cat.cheap));
      const ids = Array.from({ length: 25_000 }, (_, i) => 1_500_000_000 + i);
      ids.splice(17_000, 0, cat.cheap);
      const sent = await sendStockAlerts(ctx().app, ids);
      assert.deepEqual(sent, [{ userId: ana.id, productId: cat.cheap, variationId: null }]);
      assert.equal((await bellOf(ana.id, cat.slugs.cheap!)).length, 1);
    });

    function db() {
      return ctx().db.db;
    }
  },
  appOptions,
);
