/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON read loosely */
/**
 * Authorization matrix: EVERY operation of the OpenAPI document, for six actors — guest, customer A (who
 * owns the order, addresses, billing data, message, notification and document used as ids), customer B,
 * the VIP customer, staff (superadmin) and an orderemployee. The table below says who may use each route
 * and how the others are refused; the suite fails when the document has a route the table does not list,
 * and when the table lists a route that no longer exists. Routes under /api/staff/ that the table does not
 * list fall back to a rule (guest 401, customers 403, superadmin allowed).
 *
 *   refused: guest → 401 on private routes; another actor → the route's `denied` (403 or 404);
 *   allowed: never 401 / 403, never 5xx, and never 404 on a route whose refusal is a 404 (so a 404 there
 *            really means "not yours"); `expect` pins the exact status where the outcome is known.
 */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { users } from '../db/schema';
import { describeEachDb } from './helpers';
import { memoryMailer } from './auth-fixtures';
import { api, createCustomer, createUser, login, multipart, PASSWORD, PDF, PNG } from './orders-fixtures';
import { ask, closeAll, connect, listen, nextEvent } from './realtime-fixtures';
import { ACTORS, buildWorld, errorEnvelopeProblem, fillPath, operations, queryString, validArb, type Actor, type Operation, type World } from './hostile-fixtures';

type Req = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  multipart?: { payload: Buffer; headers: Record<string, string> };
};

interface Rule {
  /** actors that may use the route */
  allow: readonly Actor[];
  /**
   * status for a signed-in actor that may not (guests always get 401 on private routes); 401 where the
   * credential is not the Bearer token at all (the refresh cookie, which no actor of the matrix sends)
   */
  denied?: 401 | 403 | 404;
  /** the request to send (same for every actor unless it depends on `actor`) */
  req?: (w: World, actor: Actor) => Req;
  /** exact statuses of allowed actors, where the outcome is known */
  expect?: Partial<Record<Actor, number>>;
}

const ALL = ACTORS;
const SESSION: readonly Actor[] = ['A', 'B', 'vip', 'staff', 'oe'];
const OWNER: readonly Actor[] = ['A'];
const OWNER_OR_STAFF: readonly Actor[] = ['A', 'staff', 'oe'];
const STAFF: readonly Actor[] = ['staff', 'oe'];
const SUPERADMIN: readonly Actor[] = ['staff'];

const at = <T>(m: Partial<Record<Actor, T>>, actor: Actor, fallback: T): T => (actor in m ? (m[actor] as T) : fallback);
let uniq = 0;
const unique = () => `${process.pid}${Date.now().toString(36)}${++uniq}`;
const dni = () => String(30_000_000 + Math.floor(Math.random() * 60_000_000));
const sessionAll = (status: number) => Object.fromEntries(SESSION.map((a) => [a, status])) as Partial<Record<Actor, number>>;
const everyone = (status: number) => Object.fromEntries(ALL.map((a) => [a, status])) as Partial<Record<Actor, number>>;
const pdfUpload = () => multipart([{ name: 'kind', value: 'bill' }, { name: 'file', filename: 'factura.pdf', content: PDF, type: 'application/pdf' }]);
const pngUpload = () => multipart([{ name: 'file', filename: 'comprobante.png', content: PNG, type: 'image/png' }]);

/** The expectation table: one entry per operation of the OpenAPI document. */
const TABLE: Record<string, Rule> = {
  /* catálogo y sistema: públicos */
  'GET /health': { allow: ALL, expect: everyone(200) },
  'GET /api/products': { allow: ALL, expect: everyone(200) },
  'GET /api/products/search': { allow: ALL, req: () => ({ query: { query: 'sahumerio' } }), expect: everyone(200) },
  // issue 23: the quick order pad, guests included (guest tiers)
  'POST /api/quick-order': { allow: ALL, req: (w) => ({ body: { lines: [{ sku: w.simpleSku, quantity: 1 }] } }), expect: everyone(200) },
  'GET /api/products/lookup': { allow: ALL, req: (w) => ({ query: { ids: String(w.cat.simple) } }), expect: everyone(200) },
  'GET /api/product/{id}': { allow: ALL, req: (w) => ({ params: { id: w.cat.simple } }), expect: everyone(200) },
  'GET /api/product/slug/{slug}': { allow: ALL, req: (w) => ({ params: { slug: w.cat.slugs.simple! } }), expect: everyone(200) },
  'GET /api/product/sku/{sku}': { allow: ALL, req: (w) => ({ params: { sku: w.simpleSku } }), expect: everyone(200) },
  'GET /api/category/names': { allow: ALL, expect: everyone(200) },
  'GET /api/carouselImages': { allow: ALL, expect: everyone(200) },
  'GET /api/config': { allow: ALL, expect: everyone(200) },
  'GET /api/tags': { allow: ALL, expect: everyone(200) },
  'GET /api/transport/names': { allow: ALL, expect: everyone(200) },

  /* cuenta: públicas (la credencial va en el cuerpo o en un token firmado) */
  'POST /auth/login': { allow: ALL, req: (w) => ({ body: { email: w.emails.A, password: PASSWORD } }), expect: everyone(200) },
  'POST /auth/register': {
    allow: ALL,
    req: () => ({
      body: { name: 'Ana', lastname: 'Pérez', email: `matriz.${unique()}@example.com`, password: 'clave-segura-1', confirmPassword: 'clave-segura-1', acceptTerms: true },
    }),
    expect: everyone(201),
  },
  'POST /auth/verify': { allow: ALL, req: () => ({ body: { token: 'x'.repeat(43) } }), expect: everyone(400) },
  'POST /auth/resendVerification': { allow: ALL, req: () => ({ body: { email: `nadie.${unique()}@example.com` } }), expect: everyone(200) },
  'POST /auth/forgot': { allow: ALL, req: () => ({ body: { email: `nadie.${unique()}@example.com` } }), expect: everyone(404) },
  'GET /auth/canChangePassword': { allow: ALL, req: () => ({ query: { token: 'y'.repeat(43) } }), expect: everyone(400) },
  'POST /auth/changePassword': {
    allow: ALL,
    req: () => ({ body: { token: 'y'.repeat(43), newPassword: 'clave-nueva-123', confirmPassword: 'clave-nueva-123' } }),
    expect: everyone(400),
  },
  'POST /auth/autoLogin': { allow: ALL, req: () => ({ body: { token: 'z'.repeat(43) } }), expect: everyone(400) },
  // Google sign-in is off in the tests (no GOOGLE_CLIENT_ID): 404 for everyone
  'POST /auth/google': { allow: ALL, req: () => ({ body: { credential: 'a.b.c' } }), expect: everyone(404) },
  'GET /api/auth/providers': { allow: ALL, expect: everyone(200) },
  // the credential is the HttpOnly refresh cookie (ADR 0005), never the Bearer token: without it, 401 for
  // everyone (server/test/session-refresh.test.ts covers the cookie itself)
  'POST /auth/refresh': { allow: [], denied: 401, req: () => ({ body: {} }) },
  // logging out without a cookie has nothing to revoke: 200 for everyone
  'DELETE /auth/refresh': { allow: ALL, expect: everyone(200) },
  'GET /api/user/subscriptions': { allow: ALL, req: (w) => ({ query: { token: w.unsubscribeToken } }), expect: everyone(200) },
  'POST /api/user/subscriptions': { allow: ALL, req: (w) => ({ query: { token: w.unsubscribeToken }, body: { news: true } }), expect: everyone(200) },
  'POST /api/user/subscriptions/unsubscribe': { allow: ALL, req: (w) => ({ query: { token: w.unsubscribeToken } }), expect: everyone(200) },

  /* cuenta: con sesión */
  'GET /auth': { allow: SESSION, expect: sessionAll(200) },
  // ends every refresh token and socket of the caller; their access tokens live out their 15 minutes
  'POST /auth/logoutEverywhere': { allow: SESSION, expect: sessionAll(200) },
  'GET /api/user/me': { allow: SESSION, expect: sessionAll(200) },
  'PATCH /api/user/me': { allow: SESSION, req: () => ({ body: { contactNumber: '+54 11 4444-0000' } }), expect: sessionAll(200) },
  // a wrong current password: 400, and the session stays valid for the rest of the matrix
  'POST /api/user/password': {
    allow: SESSION,
    req: () => ({ body: { currentPassword: 'no-es-la-clave', newPassword: 'clave-nueva-123', confirmPassword: 'clave-nueva-123' } }),
    expect: sessionAll(400),
  },
  // staff may create a one-click login link for a customer's order (spec: staff-only)
  // the link is mailed to the customer (202), never answered to the caller
  'POST /api/auth/autoLoginLink': { allow: STAFF, denied: 403, req: (w) => ({ body: { userId: w.ids.A, orderId: w.a.orderId } }), expect: { staff: 202, oe: 202 } },

  /* pedidos del cliente */
  'GET /api/order/myOrders': { allow: SESSION, expect: sessionAll(200) },
  'GET /api/order/myActualOrders': { allow: SESSION, expect: sessionAll(200) },
  'GET /api/order/myConfirmedOrders': { allow: SESSION, expect: sessionAll(200) },
  'GET /api/order/profile/finished': { allow: SESSION, expect: sessionAll(200) },
  // everyone signed in may order, with their OWN billing data: staff sending A's billing id get 404
  'POST /api/order': {
    allow: SESSION,
    req: (w, actor) => ({
      body: {
        products: [{ id: w.cat.exact, quantity: 25 }],
        billingDataId: actor === 'B' ? w.b.billingId : actor === 'vip' ? w.vipBillingId : w.a.billingId,
      },
    }),
    expect: { A: 201, B: 201, vip: 201, staff: 404, oe: 404 },
  },
  'GET /api/order/{id}': { allow: OWNER_OR_STAFF, denied: 404, req: (w) => ({ params: { id: w.a.orderId } }), expect: { A: 200, staff: 200, oe: 200 } },
  // received → accepted / completed are not customer moves: 409 for the owner
  'POST /api/order/{id}/accept': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.orderId } }), expect: { A: 409 } },
  // the owner's order A has a budget still valid (or none): 409; anyone else, 404 (issue 24 §1)
  'POST /api/order/{id}/request-budget': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.orderId } }), expect: { A: 409 } },
  'POST /api/order/{id}/cancel': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.cancelOrderId } }), expect: { A: 200 } },
  'POST /api/order/{id}/finish': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.orderId } }), expect: { A: 409 } },
  'POST /api/order/{id}/add': {
    allow: OWNER,
    denied: 404,
    req: (w) => ({ params: { id: w.a.orderId }, body: { products: [{ id: w.cat.exact, quantity: 1 }] } }),
    expect: { A: 200 },
  },
  // issue 23: a preview of the owner's order at today's prices (saves nothing); anybody else 404
  'POST /api/order/{id}/reorder': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.orderId } }), expect: { A: 200 } },
  // issue 23 §3: the price list, any signed-in account (at its own tiers); guests 401
  'GET /api/price-list': { allow: SESSION, req: () => ({ query: { format: 'xlsx' } }), expect: sessionAll(200) },
  // issue 23 §4: the caller's own saved cart (no id to name another's); guests 401
  'GET /api/cart': { allow: SESSION, expect: sessionAll(200) },
  'PUT /api/cart': { allow: SESSION, req: (w) => ({ body: { baseVersion: 0, lines: [{ id: w.cat.simple, units: 1 }] } }), expect: sessionAll(200) },
  'POST /api/order/{id}/proof': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.orderId }, multipart: pngUpload() }), expect: { A: 201 } },
  'GET /api/order/{id}/documents/{docId}/file': {
    allow: OWNER_OR_STAFF,
    denied: 404,
    req: (w) => ({ params: { id: w.a.orderId, docId: w.a.documentId } }),
    expect: { A: 200, staff: 200, oe: 200 },
  },

  /* direcciones y facturación */
  'GET /api/address/myAddresses': { allow: SESSION, expect: sessionAll(200) },
  'POST /api/address': {
    allow: SESSION,
    req: () => ({ body: { province: 'Mendoza', city: 'Mendoza', street: 'Belgrano', number: '55', postalCode: 'M5500' } }),
    expect: sessionAll(201),
  },
  'PUT /api/address/{id}': {
    allow: OWNER,
    denied: 404,
    req: (w) => ({ params: { id: w.a.putAddressId }, body: { province: 'Salta', city: 'Salta', street: 'Caseros', number: '1', postalCode: 'A4400' } }),
    expect: { A: 200 },
  },
  'PATCH /api/address/{id}/default': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.addressId } }), expect: { A: 200 } },
  'PATCH /api/billing/{id}/default': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.billingId } }), expect: { A: 200 } },
  'DELETE /api/address/{id}': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.deleteAddressId } }), expect: { A: 200 } },
  'GET /api/user/myBillingData': { allow: SESSION, expect: sessionAll(200) },
  'POST /api/billing': { allow: SESSION, req: () => ({ body: { taxCondition: 'Consumidor Final', documentType: 'DNI', number: dni() } }), expect: sessionAll(201) },
  'DELETE /api/billing/{id}': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.deleteBillingId } }), expect: { A: 200 } },

  /* chat y notificaciones */
  'GET /api/order/{id}/messages': { allow: OWNER_OR_STAFF, denied: 404, req: (w) => ({ params: { id: w.a.orderId } }), expect: { A: 200, staff: 200, oe: 200 } },
  'POST /api/order/{id}/messages': {
    allow: OWNER_OR_STAFF,
    denied: 404,
    req: (w) => ({ params: { id: w.a.orderId }, body: { text: 'Consulta sobre el pedido' } }),
    expect: { A: 201, staff: 201, oe: 201 },
  },
  'POST /api/order/{id}/messages/read': {
    allow: OWNER_OR_STAFF,
    denied: 404,
    req: (w) => ({ params: { id: w.a.orderId } }),
    expect: { A: 200, staff: 200, oe: 200 },
  },
  'GET /api/message/unviewed/client': { allow: SESSION, expect: sessionAll(200) },
  'GET /api/notifications/client': { allow: SESSION, expect: sessionAll(200) },
  'GET /api/notification/{id}': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.notificationId } }), expect: { A: 200 } },
  'POST /api/notification/{id}/mark': { allow: OWNER, denied: 404, req: (w) => ({ params: { id: w.a.notificationId } }), expect: { A: 200 } },
  // issue 24 §3: back-in-stock alerts, each account its own (a product without stock)
  'GET /api/stock-alerts': { allow: SESSION, expect: sessionAll(200) },
  'POST /api/stock-alerts': { allow: SESSION, req: (w) => ({ body: { productId: w.cat.noStock } }), expect: sessionAll(201) },
  'DELETE /api/stock-alerts': { allow: SESSION, req: (w) => ({ query: { productId: w.cat.noStock } }), expect: sessionAll(200) },
  'GET /api/staff/stock-alerts/counts': { allow: SUPERADMIN, denied: 403, req: (w) => ({ query: { ids: String(w.cat.noStock) } }), expect: { staff: 200 } },

  /* personal: pedidos (todo rol de personal), configuración y productos (sólo con permiso) */
  'GET /api/staff/orders': { allow: STAFF, denied: 403, expect: { staff: 200, oe: 200 } },
  'GET /api/staff/orders/{id}': { allow: STAFF, denied: 403, req: (w) => ({ params: { id: w.a.orderId } }), expect: { staff: 200, oe: 200 } },
  // the victim's order: received → started (staff), then started → started is not a move (409)
  'POST /api/staff/orders/{id}/state': {
    allow: STAFF,
    denied: 403,
    req: (w) => ({ params: { id: w.victim.orderId }, body: { to: 'started' } }),
    expect: { staff: 200, oe: 409 },
  },
  'POST /api/staff/orders/{id}/budget': { allow: STAFF, denied: 403, req: (w) => ({ params: { id: w.victim.orderId }, body: { items: [], bonus: 0 } }) },
  'POST /api/staff/orders/{id}/remit': { allow: STAFF, denied: 403, req: (w) => ({ params: { id: w.victim.orderId }, body: { trackingNumber: 'AR123' } }) },
  'POST /api/staff/orders/{id}/documents': {
    allow: STAFF,
    denied: 403,
    req: (w) => ({ params: { id: w.victim.orderId }, multipart: pdfUpload() }),
    expect: { staff: 201, oe: 201 },
  },
  // staff-only notes and assignment (issue 32 item 4): every staff role, never a customer (not even the order's owner)
  'GET /api/staff/orders/{id}/notes': { allow: STAFF, denied: 403, req: (w) => ({ params: { id: w.a.orderId } }), expect: { staff: 200, oe: 200 } },
  'POST /api/staff/orders/{id}/notes': { allow: STAFF, denied: 403, req: (w) => ({ params: { id: w.a.orderId }, body: { text: 'Nota de la matriz' } }), expect: { staff: 201, oe: 201 } },
  'DELETE /api/staff/orders/{id}/notes/{noteId}': {
    allow: STAFF,
    denied: 403,
    req: (w) => ({ params: { id: w.a.orderId, noteId: 2_000_000_000 } }),
    expect: { staff: 404, oe: 404 },
  },
  'PUT /api/staff/orders/{id}/assignee': { allow: STAFF, denied: 403, req: (w) => ({ params: { id: w.victim.orderId }, body: { userId: null } }), expect: { staff: 200, oe: 200 } },
  'GET /api/staff/team': { allow: STAFF, denied: 403, expect: { staff: 200, oe: 200 } },
  // exports: the board's (orders:read, every staff role) and the customers' (users:read: not the order employee)
  'GET /api/staff/orders/export': { allow: STAFF, denied: 403, req: () => ({ query: { format: 'xlsx' } }), expect: { staff: 200, oe: 200 } },
  'GET /api/staff/customers/export': { allow: SUPERADMIN, denied: 403, req: () => ({ query: { format: 'xlsx' } }), expect: { staff: 200 } },
  'GET /api/staff/config': { allow: STAFF, denied: 403, expect: { staff: 200, oe: 200 } },
  'PATCH /api/staff/config': { allow: SUPERADMIN, denied: 403, req: () => ({ body: { maintaince: false } }), expect: { staff: 200 } },
  'PATCH /api/staff/products/{id}': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.victim.productId }, body: { state: 'active' } }), expect: { staff: 200 } },
  // catalogue management (issue 32): products:write, as editing products; every order holds cat.exact
  'POST /api/staff/products': { allow: SUPERADMIN, denied: 403, req: () => ({ body: { name: `Matriz ${unique()}`, price: 10 } }), expect: { staff: 201 } },
  'POST /api/staff/products/{id}/duplicate': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.victim.productId } }), expect: { staff: 201 } },
  'POST /api/staff/products/{id}/archive': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.victim.productId }, body: { archived: false } }), expect: { staff: 200 } },
  'DELETE /api/staff/products/{id}': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.cat.exact } }), expect: { staff: 409 } },
  'GET /api/staff/categories': { allow: SUPERADMIN, denied: 403, expect: { staff: 200 } },
  'POST /api/staff/categories': { allow: SUPERADMIN, denied: 403, req: () => ({ body: { name: `Matriz ${unique()}` } }), expect: { staff: 201 } },
  'PATCH /api/staff/categories/{id}': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.categoryId }, body: { description: 'Matriz' } }), expect: { staff: 200 } },
  'PUT /api/staff/categories/order': { allow: SUPERADMIN, denied: 403, req: () => ({ body: { ids: [2_000_000_000] } }), expect: { staff: 400 } },
  'POST /api/staff/categories/{id}/image': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.categoryId }, multipart: pngUpload() }), expect: { staff: 200 } },
  // the world's category holds the victim's product: never deleted, 409
  'DELETE /api/staff/categories/{id}': { allow: SUPERADMIN, denied: 403, req: (w) => ({ params: { id: w.categoryId } }), expect: { staff: 409 } },
  // search synonyms and report: products:write (superadmin, admin, employee), not the order employee
  'GET /api/staff/search': { allow: SUPERADMIN, denied: 403, expect: { staff: 200 } },
  'POST /api/staff/search/synonyms': { allow: SUPERADMIN, denied: 403, req: () => ({ body: { terms: ['matriz', 'tabla'] } }), expect: { staff: 201 } },
  'PATCH /api/staff/search/synonyms/{id}': {
    allow: SUPERADMIN,
    denied: 403,
    req: () => ({ params: { id: 1 }, body: { terms: ['incienso', 'sahumerio'] } }),
    expect: { staff: 200 },
  },
  'DELETE /api/staff/search/synonyms/{id}': { allow: SUPERADMIN, denied: 403, req: () => ({ params: { id: 2 } }), expect: { staff: 200 } },
};

/** Routes of other features under /api/staff/ that the table does not list yet. */
const STAFF_PREFIX = '/api/staff/';

/** Ids for the rule-based staff routes: the victim's resources (they may be changed or deleted). */
function ruleParams(op: Operation, w: World): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const segments = op.path.split('/');
  for (const { name } of op.pathParams) {
    const prev = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
    if (/order/i.test(prev)) out[name] = w.victim.orderId;
    else if (/customer|user/i.test(prev)) out[name] = w.victim.userId;
    else if (/product/i.test(prev)) out[name] = w.victim.productId;
    else out[name] = 1;
  }
  return out;
}

function sample(schema: any, seed: number): unknown {
  return fc.sample(validArb(schema), { seed, numRuns: 1 })[0];
}

describeEachDb(
  'autorización: matriz de rutas × actores',
  (ctx) => {
    let w: World;
    let ops: Operation[];
    before(async () => {
      w = await buildWorld(ctx().app, ctx().db.db);
      ops = await operations(ctx().app);
    });

    const send = async (op: Operation, actor: Actor, r: Req) => {
      const token = w.tokens[actor];
      const headers: Record<string, string> = { ...(r.multipart?.headers ?? {}) };
      if (token) headers.authorization = `Bearer ${token}`;
      const url = fillPath(op.path, r.params ?? {}) + queryString(r.query ?? {});
      let payload: string | Buffer | undefined;
      if (r.multipart) payload = r.multipart.payload;
      else if (r.body !== undefined) {
        payload = JSON.stringify(r.body);
        headers['content-type'] = 'application/json';
      }
      return ctx().app.inject({ method: op.method as InjectOptions['method'], url, headers, payload });
    };

    it('la tabla y el documento OpenAPI listan las mismas rutas (las de /api/staff/ pueden ir por regla)', () => {
      const inDoc = new Set(ops.map((o) => o.key));
      const missing = ops.filter((o) => !TABLE[o.key] && !o.path.startsWith(STAFF_PREFIX)).map((o) => o.key);
      assert.deepEqual(missing, [], `rutas sin expectativa en la tabla: ${missing.join(', ')}`);
      const stale = Object.keys(TABLE).filter((k) => !inDoc.has(k));
      assert.deepEqual(stale, [], `la tabla lista rutas que ya no existen: ${stale.join(', ')}`);
      assert.ok(ops.length >= 60, `sólo ${ops.length} rutas en /docs/json`);
    });

    it('cada ruta de la tabla, para cada actor', async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const op of ops) {
        const rule = TABLE[op.key];
        if (!rule) continue;
        // refused actors first: whatever they try must not have changed A's resources for the allowed ones
        const order = [...ACTORS.filter((a) => !rule.allow.includes(a)), ...ACTORS.filter((a) => rule.allow.includes(a))];
        for (const actor of order) {
          const r = rule.req?.(w, actor) ?? {};
          const res = await send(op, actor, r);
          checked++;
          const s = res.statusCode;
          const where = `${op.key} como ${actor}: ${s} ${res.body.slice(0, 160)}`;
          if (s >= 500) {
            failures.push(`5xx ${where}`);
            continue;
          }
          if (s >= 400) {
            const problem = errorEnvelopeProblem(res);
            if (problem) failures.push(`${problem} — ${where}`);
          }
          if (!rule.allow.includes(actor)) {
            const want = actor === 'guest' ? 401 : rule.denied;
            if (s !== want) failures.push(`rechazo esperado ${want} — ${where}`);
            continue;
          }
          if (s === 401 || s === 403) failures.push(`permitido pero ${s} — ${where}`);
          else if (rule.denied === 404 && s === 404) failures.push(`permitido pero 404 (la ruta responde 404 a quien no es dueño) — ${where}`);
          const exact = rule.expect ? at(rule.expect, actor, undefined as number | undefined) : undefined;
          if (exact !== undefined && s !== exact) failures.push(`esperado ${exact} — ${where}`);
        }
      }
      assert.deepEqual(failures, [], failures.join('\n'));
      assert.ok(checked >= Object.keys(TABLE).length * ACTORS.length);
    });

    it('regla de /api/staff/*: invitado 401, clientes 403, superadmin permitido (rutas fuera de la tabla)', async () => {
      const failures: string[] = [];
      const ruled = ops.filter((o) => o.path.startsWith(STAFF_PREFIX) && !TABLE[o.key]);
      // deletes last: they may remove the victim's resources other rule-based routes use
      ruled.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      for (const op of ruled) {
        const params = ruleParams(op, w);
        for (const actor of ['guest', 'A', 'B', 'vip', 'oe', 'staff'] as const) {
          // a schema-valid request, so that validation (which runs before the session check) passes; zod
          // refinements the JSON schema cannot express may still fail: try a few samples
          let res;
          for (let seed = 1; seed <= 8; seed++) {
            const query = Object.fromEntries(
              op.queryParams.filter((q) => q.required || seed % 2 === 0).map((q) => [q.name, String(sample(q.schema, seed * 7 + 1))]),
            );
            const r: Req = { params, query };
            if (op.multipart) r.multipart = /image|imagen|foto/i.test(JSON.stringify(op.op)) ? pngUpload() : pdfUpload();
            else if (op.bodySchema) r.body = sample(op.bodySchema, seed);
            res = await send(op, actor, r);
            if (res.statusCode !== 400) break;
          }
          const s = res!.statusCode;
          const where = `${op.key} como ${actor}: ${s} ${res!.body.slice(0, 160)}`;
          if (s >= 500) failures.push(`5xx ${where}`);
          else if (actor === 'guest' && s !== 401) failures.push(`esperado 401 — ${where}`);
          else if ((actor === 'A' || actor === 'B' || actor === 'vip') && s !== 403) failures.push(`esperado 403 — ${where}`);
          else if (actor === 'staff' && (s === 401 || s === 403)) failures.push(`superadmin rechazado — ${where}`);
          else if (actor === 'oe' && s === 401) failures.push(`empleado de pedidos 401 — ${where}`);
          if (s >= 400 && s < 500) {
            const problem = errorEnvelopeProblem(res!);
            if (problem) failures.push(`${problem} — ${where}`);
          }
        }
      }
      console.log(`# matriz: ${ops.length} rutas en /docs/json; ${Object.keys(TABLE).length} en la tabla; ${ruled.length} por la regla de /api/staff/`);
      assert.deepEqual(failures, [], failures.join('\n'));
    });

    // The realtime socket as one more route: each actor × room, then the same after a demotion and after a
    // password change (issue 19: sockets kept what they were granted at connect).
    it('sockets: cada sala × actor, y después de degradar y de cambiar la contraseña', async () => {
      const { app, db } = ctx();
      const url = await listen(app);
      const failures: string[] = [];
      const rooms = (who: Actor) => [`Order-${w.a.orderId}`, `Order-${w.victim.orderId}`, `User-${w.ids.A}`, `User-${w.ids[who] ?? 0}`];
      const allowed: Record<Exclude<Actor, 'guest'>, boolean[]> = {
        A: [true, false, true, true],
        B: [false, false, false, true],
        vip: [false, false, false, true],
        staff: [true, true, false, true],
        oe: [true, true, false, true],
      };
      const check = async (label: string, token: string, who: Actor, want: boolean[]) => {
        const socket = await connect(url, token);
        const list = rooms(who);
        for (let i = 0; i < list.length; i++) {
          const res = await ask(socket, 'joinRoom', list[i]);
          if (res.ok !== want[i]) failures.push(`${label}: joinRoom ${list[i]} → ${res.ok}, esperado ${want[i]}`);
        }
        socket.close();
      };
      try {
        await assert.rejects(connect(url, null), /La sesion ha expirado/);
        for (const actor of ['A', 'B', 'vip', 'staff', 'oe'] as const) await check(actor, w.tokens[actor]!, actor, allowed[actor]);

        // demotion: an order employee with an open socket becomes a customer
        const oeId = await createUser(db.db, `matriz.degradado.${unique()}@example.com`, 'orderemployee');
        const [row] = await db.db.select({ email: users.email }).from(users).where(eq(users.id, oeId));
        const token = await login(app, row!.email);
        const open = await connect(url, token);
        const gone = nextEvent(open, 'disconnect');
        const demoted = await api(app, 'PATCH', `/api/staff/customers/${oeId}/role`, { token: w.tokens.staff!, body: { role: 'customer' } });
        if (demoted.status !== 200) failures.push(`degradar: ${demoted.status} ${demoted.raw}`);
        if ((await gone.catch((e: Error) => e.message)) !== 'io server disconnect') failures.push('degradado: el socket abierto siguió conectado');
        const asCustomer = await connect(url, token);
        for (const room of [`Order-${w.a.orderId}`, `Order-${w.victim.orderId}`]) {
          if ((await ask(asCustomer, 'joinRoom', room)).ok) failures.push(`degradado: entró a ${room}`);
        }
        asCustomer.close();

        // password change: the old token's socket ends and the old token cannot come back
        const c = await createCustomer(app, db.db, { email: `matriz.clave.${unique()}@example.com` });
        const before = await connect(url, c.token);
        const ended = nextEvent(before, 'disconnect');
        const changed = await api(app, 'POST', '/api/user/password', {
          token: c.token,
          body: { currentPassword: PASSWORD, newPassword: 'clave-nueva-77', confirmPassword: 'clave-nueva-77' },
        });
        if (changed.status !== 200) failures.push(`cambio de contraseña: ${changed.status} ${changed.raw}`);
        if ((await ended.catch((e: Error) => e.message)) !== 'io server disconnect') failures.push('contraseña cambiada: el socket abierto siguió conectado');
        const back = await connect(url, c.token).then(
          () => 'conectó',
          () => 'rechazado',
        );
        if (back !== 'rechazado') failures.push('contraseña cambiada: el token viejo volvió a conectar');
      } finally {
        closeAll();
      }
      assert.deepEqual(failures, [], failures.join('\n'));
    });
  },
  { auth: { mailer: memoryMailer() } },
);
