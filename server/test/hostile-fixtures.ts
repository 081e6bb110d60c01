/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents and answers are JSON read loosely */
/**
 * Fixtures of the hostile-input suites (authz-matrix, fuzz, hostile): a "world" of actors and resources
 * owned by customer A, the list of operations of the OpenAPI document, value arbitraries derived from
 * their JSON schemas (valid values and hostile mutations), a fingerprint of the tables a request may write,
 * and the check that an error answer is the API's JSON envelope with a Spanish message.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Db } from '../db/client';
import { billingData, categories, config, notifications, orderDocuments, productCategories, products, users } from '../db/schema';
import { api, createCustomer, insertTestCatalogue, login, multipart, PNG, setMinimums, type TestCatalogue } from './orders-fixtures';

export const ACTORS = ['guest', 'A', 'B', 'vip', 'staff', 'oe'] as const;
export type Actor = (typeof ACTORS)[number];

/* ------------------------------------------------------------------ world */

export interface World {
  tokens: Record<Actor, string | null>;
  ids: Record<Actor, number | null>;
  cat: TestCatalogue;
  /** customer A's resources: B, the VIP and staff must not reach the customer-only ones */
  a: {
    orderId: number;
    /** an order of A that only the cancel route touches */
    cancelOrderId: number;
    addressId: number;
    /** addresses / billing data that only the PUT / DELETE routes touch */
    putAddressId: number;
    deleteAddressId: number;
    billingId: number;
    deleteBillingId: number;
    messageId: number;
    notificationId: number;
    documentId: number;
  };
  b: { billingId: number; addressId: number };
  emails: { A: string; B: string };
  simpleSku: string;
  /** A's signed mail-preferences token (the credential of the subscription routes) */
  unsubscribeToken: string;
  vipBillingId: number;
  /** a customer whose resources the rule-based /api/staff/* checks may change or delete */
  victim: { userId: number; orderId: number; productId: number };
  /** a category holding the victim's product (so deleting it is refused with 409) */
  categoryId: number;
}

let worldSeq = 0;

/** Creates the actors and A's resources through the API itself (order, proof, staff message → notification). */
export async function buildWorld(app: FastifyInstance, db: Db): Promise<World> {
  const tag = `${process.pid}.${Date.now().toString(36)}.${++worldSeq}`;
  await setMinimums(db);
  const cat = await insertTestCatalogue(db);
  const A = await createCustomer(app, db, { email: `hostil.a.${tag}@example.com` });
  const B = await createCustomer(app, db, { email: `hostil.b.${tag}@example.com` });
  const V = await createCustomer(app, db, { email: `hostil.victima.${tag}@example.com` });
  const staff = await login(app, 'staff@example.com');
  const oe = await login(app, 'pedidos@example.com');
  const vip = await login(app, 'vip@example.com');
  const vipId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'vip@example.com')))[0]!.id;
  const staffId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com')))[0]!.id;
  const oeId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'pedidos@example.com')))[0]!.id;
  const [vipBilling] = await db.select({ id: billingData.id }).from(billingData).where(eq(billingData.userId, vipId)).limit(1);

  const order = async (token: string, billingId: number) => {
    const r = await api(app, 'POST', '/api/order', { token, body: { products: [{ id: cat.exact, quantity: 25 }], billingDataId: billingId } });
    if (r.status !== 201) throw new Error(`pedido: ${r.status} ${r.raw}`);
    return r.body.data.id as number;
  };
  const orderId = await order(A.token, A.billingId);
  const cancelOrderId = await order(A.token, A.billingId);
  const victimOrder = await order(V.token, V.billingId);

  const address = async (token: string) => {
    const r = await api(app, 'POST', '/api/address', {
      token,
      body: { province: 'Córdoba', city: 'Córdoba', street: 'San Martín', number: '10', postalCode: 'X5000' },
    });
    if (r.status !== 201) throw new Error(`dirección: ${r.status} ${r.raw}`);
    return r.body.data.id as number;
  };
  const putAddressId = await address(A.token);
  const deleteAddressId = await address(A.token);
  const spareBilling = await api(app, 'POST', '/api/billing', {
    token: A.token,
    body: { taxCondition: 'Consumidor Final', documentType: 'DNI', number: String(20_000_000 + Math.floor(Math.random() * 70_000_000)) },
  });
  if (spareBilling.status !== 201) throw new Error(`facturación: ${spareBilling.status} ${spareBilling.raw}`);

  const proof = multipart([{ name: 'file', filename: 'comprobante.png', content: PNG, type: 'image/png' }]);
  const doc = await api(app, 'POST', `/api/order/${orderId}/proof`, { token: A.token, ...proof });
  if (doc.status !== 201) throw new Error(`comprobante: ${doc.status} ${doc.raw}`);
  const msg = await api(app, 'POST', `/api/order/${orderId}/messages`, { token: staff, body: { text: 'Hola, ¿confirmás el pedido?' } });
  if (msg.status !== 201) throw new Error(`mensaje: ${msg.status} ${msg.raw}`);
  const [note] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, A.id)).limit(1);
  if (!note) throw new Error('el mensaje de la tienda no dejó una notificación para A');
  const [stored] = await db.select({ id: orderDocuments.id }).from(orderDocuments).where(eq(orderDocuments.id, doc.body.data.id));
  if (!stored) throw new Error('documento no guardado');

  return {
    tokens: { guest: null, A: A.token, B: B.token, vip, staff, oe },
    ids: { guest: null, A: A.id, B: B.id, vip: vipId, staff: staffId, oe: oeId },
    cat,
    a: {
      orderId,
      cancelOrderId,
      addressId: A.addressId,
      putAddressId,
      deleteAddressId,
      billingId: A.billingId,
      deleteBillingId: spareBilling.body.data.id,
      messageId: msg.body.data.id,
      notificationId: note.id,
      documentId: stored.id,
    },
    b: { billingId: B.billingId, addressId: B.addressId },
    vipBillingId: vipBilling!.id,
    emails: { A: `hostil.a.${tag}@example.com`, B: `hostil.b.${tag}@example.com` },
    simpleSku: (await db.select({ sku: products.sku }).from(products).where(eq(products.id, cat.simple)))[0]!.sku,
    unsubscribeToken: await app.auth.tokens.signUnsubscribe(A.id),
    victim: { userId: V.id, orderId: victimOrder, productId: cat.simple },
    categoryId: await worldCategory(db, tag, cat.simple),
  };
}

async function worldCategory(db: Db, tag: string, productId: number): Promise<number> {
  const [c] = await db.insert(categories).values({ name: `Hostil ${tag}`, slug: `hostil-${tag.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}` }).returning({ id: categories.id });
  await db.insert(productCategories).values({ productId, categoryId: c!.id });
  return c!.id;
}

/* ------------------------------------------------------------- OpenAPI */

export interface Operation {
  /** 'GET /api/order/{id}' */
  key: string;
  method: string;
  path: string;
  op: any;
  pathParams: { name: string; schema: any }[];
  queryParams: { name: string; schema: any; required: boolean }[];
  bodySchema: any | null;
  multipart: boolean;
  secured: boolean;
}

export async function operations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/docs/json: ${res.statusCode}`);
  const doc = res.json();
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params: any[] = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        op,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: Boolean(p.required) })),
        bodySchema: content['application/json']?.schema ?? null,
        multipart: Boolean(content['multipart/form-data']) || (op.consumes ?? []).includes('multipart/form-data'),
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return out;
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`sin valor para {${name}} en ${path}`);
    return encode(String(v));
  });
}

/** encodeURIComponent that also takes lone surrogates (sent as the bytes of U+FFFD). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

export function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      parts.push(`${encode(k)}=${encode(String(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/* ------------------------------------------------------ schema arbitraries */

const MAX_SAFE_STR = 60;

const PATTERN_CANDIDATES = [
  '1',
  '12',
  'abc',
  'ABC-123',
  'Prueba1',
  'clave-segura-1',
  'Clave-Segura-123',
  '2026-11-21',
  '2026-11-21T10:00:00Z',
  'cliente@example.com',
  '20-12345678-6',
  '#aa5500',
  'https://example.com/a',
  '/es/catalogo',
  'sahumerio-de-lavanda',
];

/** Values a JSON schema (OpenAPI 3.0 subset produced from zod) accepts. */
export function validArb(schema: any, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.constant(null);
  const inner = validArbInner(schema, depth);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) }) : inner;
}

function validArbInner(schema: any, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(schema[k])) return fc.oneof(...schema[k].map((s: any) => validArb(s, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length) return validArb(schema.allOf[0], depth + 1);
  switch (schema.type) {
    case 'string': {
      if (schema.pattern) {
        // patterns from the zod schemas (ids, dates…): generate matching text, then keep it within the length bounds
        const re = new RegExp(schema.pattern);
        const fits = (s: string) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
        try {
          return fc.stringMatching(re).filter(fits);
        } catch {
          // fast-check cannot generate from every regex (e.g. lookaheads): use typical values that match
          const found = PATTERN_CANDIDATES.filter((c) => re.test(c) && fits(c));
          return found.length ? fc.constantFrom(...found) : fc.constant('1');
        }
      }
      if (schema.format === 'email') return fc.emailAddress().filter((s) => s.length <= (schema.maxLength ?? 320));
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? MAX_SAFE_STR, MAX_SAFE_STR));
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER) + (schema.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER) - (schema.exclusiveMaximum === true ? 1 : 0);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1000) }), fc.maxSafeInteger().map((n) => min + (Math.abs(n) % (max - min + 1))));
    }
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      // two decimals at most: money fields are pesos with centavos
      const lo = Math.ceil(min * 100);
      const hi = Math.floor(max * 100);
      return fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) }).map((c) => c / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(validArb(schema.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object':
    default: {
      const props: Record<string, any> = schema.properties ?? {};
      if (!Object.keys(props).length) return fc.constant({});
      const required = new Set<string>(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) model[k] = validArb(s, depth + 1);
      return fc.record(model, { requiredKeys: [...required] as never[] });
    }
  }
}

/** Strings no well-behaved client sends. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'Infinity',
    '-0',
    '0x1F',
    '9'.repeat(30),
    '1.5',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '${7*7}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'prototype',
    '\ud800',
    '\udfff\ud800',
    '😀'.repeat(50),
    'ñandú árbol ünïcödé',
    '\u202e\u200b\ufeff',
    '\r\nSet-Cookie: x=1',
    'a'.repeat(5000),
    'x'.repeat(70_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 600 }),
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1.5, -2147483649, 2147483648, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 1e-320, Number.MAX_SAFE_INTEGER, 99_999_999_999),
  fc.double(),
  fc.integer(),
  // JSON has no NaN / Infinity; these become strings or nulls on the wire
  fc.constantFrom('NaN', 'Infinity', '1e309', '-1', '1'),
);

const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf');

/** Any JSON-ish value, hostile leaning. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), protoKeys), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * A hostile variant of a schema-valid value: wrong types, out-of-range or huge values, a dropped required
 * key, extra keys, prototype-pollution keys, or a replaced nested field.
 */
export function mutate(schema: any, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const props: Record<string, any> = schema?.properties ?? {};
  const keys = Object.keys(props);
  const variants: fc.Arbitrary<unknown>[] = [
    hostileValue,
    fc.tuple(valid, fc.oneof(protoKeys, fc.string({ maxLength: 12 })), hostileValue).map(([v, k, x]) =>
      v && typeof v === 'object' && !Array.isArray(v) ? defineKey({ ...(v as object) }, k, x) : x,
    ),
    valid.map((v) => [v]),
  ];
  if (keys.length) {
    variants.push(
      fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([v, k, x]) => defineKey({ ...(v as object) }, k, x)),
      fc.tuple(valid, fc.constantFrom(...keys)).map(([v, k]) => {
        const copy: Record<string, unknown> = { ...(v as object) };
        delete copy[k];
        return copy;
      }),
      fc.tuple(valid, fc.constantFrom(...keys), fc.constantFrom<unknown>(-1, 0, 1e21, 'x'.repeat(10_000), [], {}, true, '1')).map(([v, k, x]) =>
        defineKey({ ...(v as object) }, k, x),
      ),
    );
  }
  return fc.oneof(...variants);
}

/** Sets a key as an own property (so `__proto__` really travels in the JSON text). */
function defineKey(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

/** JSON text of a value; `__proto__` own keys are kept by JSON.stringify. */
export function toJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x)) ?? 'null';
}

/** Raw bodies that are not JSON at all, or JSON that tries to poison prototypes. */
export const rawHostileBody: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '{',
  'nul',
  '{"a":1,}',
  '"texto suelto"',
  '[]',
  'null',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"${'\\u0000'.repeat(10)}"}`,
  '\ufeff{}',
);

/* ---------------------------------------------------------- write check */

const WATCHED = [
  'users',
  'addresses',
  'billing_data',
  'orders',
  'order_items',
  'order_state_history',
  'order_documents',
  'order_payments',
  'messages',
  'notifications',
  'products',
  'offers',
  'config',
  'one_time_tokens',
] as const;

/**
 * Per watched table: its row count and the newest row version's transaction id (xmin). An insert or a
 * delete changes the count; an insert or an update writes a row version with a newer xmin.
 */
export async function tablesFingerprint(db: Db): Promise<Record<string, string>> {
  const cols = WATCHED.map((t) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${t}) as "${t}"`).join(', ');
  const res: any = await db.execute(sql.raw(`select ${cols}`));
  const row = (res.rows ?? res)[0];
  return Object.fromEntries(WATCHED.map((t) => [t, String(row[t])]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}

/* -------------------------------------------------------- error envelope */

/** Words of English error texts (Fastify, zod, drivers) that must never reach a client. */
const ENGLISH = /\b(the|must|expected|invalid|required|request|body|should|received|undefined|cannot|failed|unexpected|payload|too large|not found|unauthorized|forbidden)\b|FST_|Error:|\bat .+:\d+:\d+/i;

/** The problem with an error answer, or null when it is `{ success: false, message, code }` in Spanish. */
export function errorEnvelopeProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `content-type ${String(res.headers['content-type'])}`;
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'no es JSON';
  }
  if (body?.success !== false) return `success=${String(body?.success)}`;
  if (typeof body.message !== 'string' || !body.message.trim()) return 'sin message';
  if (typeof body.code !== 'string' || !/^[A-Z][A-Z_]+$/.test(body.code)) return `sin code: ${String(body.code)}`;
  if (ENGLISH.test(body.message)) return `mensaje no castellano: ${body.message}`;
  if (/stack|\n\s+at /.test(res.body)) return 'trae un stack';
  return null;
}

/** Restores the shop configuration that staff fuzzing may change (minimums, maintenance). */
export async function resetConfig(db: Db): Promise<void> {
  await db.update(config).set({ maintaince: false }).where(eq(config.id, 1));
  await setMinimums(db);
}
