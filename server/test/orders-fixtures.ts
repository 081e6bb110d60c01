/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are JSON read loosely */
/**
 * Fixtures of the checkout / orders / staff tests: a small deterministic test catalogue inserted next to
 * the demo seed (known prices, tiers, quantity rules and states), logins for the demo accounts plus an
 * `orderemployee` and an `employee`, JSON and multipart inject helpers, and direct state setters.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addresses, billingData, categories, config, offers, orders, products, roles, users } from '../db/schema';

export const PASSWORD = 'tienda-demo';

export type Res<T = any> = { status: number; body: T; headers: Record<string, unknown>; raw: string; rawPayload: Buffer };

export async function api<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string | null; body?: unknown; headers?: Record<string, string>; payload?: Buffer | string; ip?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.inject({
    method,
    url,
    headers,
    payload: opts.payload ?? (opts.body === undefined ? undefined : (opts.body as object)),
    remoteAddress: opts.ip,
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body, rawPayload: res.rawPayload };
}

/* ------------------------------------------------------------------ users */

const tokenCache = new WeakMap<FastifyInstance, Map<string, string>>();

export async function login(app: FastifyInstance, email: string): Promise<string> {
  let cache = tokenCache.get(app);
  if (!cache) tokenCache.set(app, (cache = new Map()));
  const hit = cache.get(email);
  if (hit) return hit;
  const res = await api(app, 'POST', '/auth/login', { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.raw}`);
  cache.set(email, res.body.data.token);
  return res.body.data.token;
}

export async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A verified user with the demo password and the given role. */
export async function createUser(db: Db, email: string, role: string, name = 'Prueba'): Promise<number> {
  const [hash] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.email, 'staff@example.com')).limit(1);
  const [r] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role)).limit(1);
  const [row] = await db
    .insert(users)
    .values({ name, lastname: 'Test', email, passwordHash: hash!.h, roleId: r!.id, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

/** A customer with an address in `province` and valid billing data; returns ids and token. */
export async function createCustomer(app: FastifyInstance, db: Db, opts: { email: string; province?: string; role?: string }) {
  const id = await createUser(db, opts.email, opts.role ?? 'customer', 'Cliente');
  const [address] = await db
    .insert(addresses)
    .values({ userId: id, province: opts.province ?? 'Ciudad Autónoma de Buenos Aires', city: 'Ciudad', street: 'Calle', number: '123', postalCode: '1000' })
    .returning({ id: addresses.id });
  const [billing] = await db
    .insert(billingData)
    .values({ userId: id, taxCondition: 'Consumidor Final', documentType: 'DNI', documentNumber: String(10_000_000 + Math.floor(Math.random() * 89_999_999)) })
    .returning({ id: billingData.id });
  return { id, addressId: address!.id, billingId: billing!.id, token: await login(app, opts.email) };
}

export type Customer = Awaited<ReturnType<typeof createCustomer>>;

/** A new account of `role`, signed in. */
export async function signedInUser(app: FastifyInstance, db: Db, email: string, role: string, name?: string): Promise<{ id: number; token: string }> {
  const id = await createUser(db, email, role, name);
  return { id, token: await login(app, email) };
}

/** Every role, from the least allowed to the most: the permission matrices of the staff suites. */
export const EVERY_ROLE = ['customer', 'orderemployee', 'employee', 'admin', 'superadmin'] as const;

/** One new signed-in account per role (`emailOf(role)`, named `nameOf(role)`): their tokens by role. */
export async function tokensByRole(
  app: FastifyInstance,
  db: Db,
  roles: readonly string[],
  emailOf: (role: string) => string,
  nameOf?: (role: string) => string,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const role of roles) tokens[role] = (await signedInUser(app, db, emailOf(role), role, nameOf?.(role))).token;
  return tokens;
}

/** The demo accounts of every role (server/db/seed), by role. */
const DEMO_EMAILS = {
  superadmin: 'staff@example.com',
  admin: 'admin@example.com',
  employee: 'empleado@example.com',
  orderemployee: 'pedidos@example.com',
  customer: 'cliente@example.com',
  vip: 'vip@example.com',
} as const;

/** Signs in the demo accounts of `roles`: their tokens by role. */
export async function loginDemo(app: FastifyInstance, roles: readonly (keyof typeof DEMO_EMAILS)[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const role of roles) tokens[role] = await login(app, DEMO_EMAILS[role]);
  return tokens;
}

/**
 * The start of most order suites (call it in `before`): the shop's minimums (setMinimums), a fresh test
 * catalogue, and new customers by name (createCustomer, in order).
 */
export async function orderSuite<K extends string>(
  app: FastifyInstance,
  db: Db,
  emails: Record<K, string | { email: string; province?: string }>,
  minimums: [minOrderCents?: number, minLocalCents?: number] = [],
): Promise<{ cat: TestCatalogue; customers: Record<K, Customer> }> {
  await setMinimums(db, ...minimums);
  const cat = await insertTestCatalogue(db);
  const customers = {} as Record<K, Customer>;
  for (const [key, who] of Object.entries(emails) as [K, string | { email: string; province?: string }][]) {
    customers[key] = await createCustomer(app, db, typeof who === 'string' ? { email: who } : who);
  }
  return { cat, customers };
}

/* -------------------------------------------------------------- catalogue */

export interface TestCatalogue {
  /** $ 1.000,00; tiers: 50+ → $ 950 (all), 50+ → $ 850 (VIP only) */
  simple: number;
  /** $ 2.000,00, no tiers: exact minimums */
  exact: number;
  /** $ 10,05: half-centavo VAT */
  cheap: number;
  /** $ 500,00, min 12, steps 6, max 120 */
  step: number;
  /** a variable parent: variations varA ($ 2.000) and varB ($ 2.000, discount $ 1.800); tier 30+ → $ 1.700 */
  variable: number;
  varA: number;
  varB: number;
  hidden: number;
  invisible: number;
  noStock: number;
  /** a variation of a hidden parent / of a noStock parent */
  varOfHidden: number;
  varOfNoStock: number;
  slugs: Record<string, string>;
}

let seq = 0;
export async function insertTestCatalogue(db: Db): Promise<TestCatalogue> {
  const tag = `${process.pid}-${++seq}-${randomBytes(3).toString('hex')}`;
  const slugs: Record<string, string> = {};
  const add = async (key: string, v: Partial<typeof products.$inferInsert> & { priceCents: number }) => {
    const slug = `test-orders-${key}-${tag}`.toLowerCase();
    slugs[key] = slug;
    const [row] = await db
      .insert(products)
      .values({ sku: `TST-${key}-${tag}`, name: `Prueba ${key}`, slug, ...v })
      .returning({ id: products.id });
    return row!.id;
  };
  const simple = await add('simple', { priceCents: 100_000 });
  await db.insert(offers).values([
    { productId: simple, name: 'Caja x 50', units: 50, priceCents: 95_000 },
    { productId: simple, name: 'VIP x 50', units: 50, priceCents: 85_000, isVip: true },
  ]);
  const exact = await add('exact', { priceCents: 200_000 });
  const cheap = await add('cheap', { priceCents: 1_005 });
  const step = await add('step', { priceCents: 50_000, min: 12, steps: 6, max: 120 });
  const variable = await add('variable', { priceCents: 200_000, isVariable: true });
  await db.insert(offers).values({ productId: variable, name: 'Mayorista x 30', units: 30, priceCents: 170_000 });
  const varA = await add('vara', { priceCents: 200_000, isVariation: true, parentId: variable, name: 'Lavanda' });
  const varB = await add('varb', { priceCents: 200_000, discountCents: 180_000, isVariation: true, parentId: variable, name: 'Rosa' });
  const hidden = await add('hidden', { priceCents: 100_000, state: 'hidden' });
  const invisible = await add('invisible', { priceCents: 100_000, isVisible: false });
  const noStock = await add('nostock', { priceCents: 100_000, state: 'noStock' });
  const hiddenParent = await add('hparent', { priceCents: 100_000, isVariable: true, state: 'hidden' });
  const varOfHidden = await add('hvar', { priceCents: 100_000, isVariation: true, parentId: hiddenParent });
  const noStockParent = await add('nparent', { priceCents: 100_000, isVariable: true, state: 'noStock' });
  const varOfNoStock = await add('nvar', { priceCents: 100_000, isVariation: true, parentId: noStockParent });
  return { simple, exact, cheap, step, variable, varA, varB, hidden, invisible, noStock, varOfHidden, varOfNoStock, slugs };
}

export type TestCategory = { id: number; slug: string };

/**
 * Two categories of a staff suite, A and B, with these names (and `order`, `order + 1` when given); their
 * slugs are unique per call, as the suites share a database.
 */
async function insertTestCategories(db: Db, names: readonly [string, string], order?: number): Promise<[TestCategory, TestCategory]> {
  const tag = `${process.pid}-${++seq}-${randomBytes(3).toString('hex')}`;
  const rows = names.map((name, i) => ({ name, slug: `test-category-${'ab'[i]}-${tag}`, ...(order === undefined ? {} : { order: order + i }) }));
  return (await db.insert(categories).values(rows).returning({ id: categories.id, slug: categories.slug })) as [TestCategory, TestCategory];
}

/**
 * Where a staff catalogue suite starts: the demo superadmin's token, a new account of every role (`emailOf`)
 * and two categories of its own (insertTestCategories).
 */
export async function staffCatalogueStart(app: FastifyInstance, db: Db, emailOf: (role: string) => string, categoryNames: readonly [string, string], order?: number) {
  const staff = await login(app, 'staff@example.com');
  const tokens = await tokensByRole(app, db, EVERY_ROLE, emailOf);
  const [catA, catB] = await insertTestCategories(db, categoryNames, order);
  return { staff, tokens, catA, catB };
}

/** An order answer's money in the order it is computed, to check the whole chain in one assertion. */
export function totalsOf(order: { subtotal: number; net: number; vat: number; priceWithVat: number; iibb: number; finalTotal: number }) {
  const { subtotal, net, vat, priceWithVat, iibb, finalTotal } = order;
  return { subtotal, net, vat, priceWithVat, iibb, finalTotal };
}

export async function setMinimums(db: Db, minOrderCents = 10_000_000, minLocalCents = 5_000_000): Promise<void> {
  await db.update(config).set({ minOrderPriceCents: minOrderCents, minLocalPriceCents: minLocalCents }).where(eq(config.id, 1));
}

/** Puts an order straight into a state (to test moves FROM that state). */
export async function forceState(db: Db, orderId: number, state: typeof orders.$inferSelect.state): Promise<void> {
  await db.update(orders).set({ state, additionsCount: 0, additionsStage: null }).where(eq(orders.id, orderId));
}

/* -------------------------------------------------------------- multipart */

export function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string })[]) {
  const boundary = `----tienda${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
