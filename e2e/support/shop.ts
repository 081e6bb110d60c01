import { expect, type APIRequestContext } from '@playwright/test';
import type { Config, Product } from '../../lib/contracts/catalogue';
import { canTransition, isFinalState, type OrderState } from '../../lib/orders/states';
import { cuitCheckDigit } from '../../lib/validation/cuit';
import { API, RUN_ID, type Credentials, type Role } from './env';

/**
 * The shop API as the tests use it (issue 22): sign-in, the catalogue and configuration as the
 * deployment has them (never the demo's numbers), a customer's pickup order, and the ledger that puts
 * an account back as a test found it — on a shared, long-lived database, even when the test failed.
 */

export interface Account extends Credentials {
  role: Role;
  token: string;
  headers: { authorization: string };
  user: { id: number; email: string; name: string; lastname: string; role: string };
  permissions: string[];
}

export async function apiData<T>(request: APIRequestContext, path: string, headers?: Record<string, string>): Promise<T> {
  const res = await request.get(`${API}/${path.replace(/^\//, '')}`, { headers });
  expect(res.ok(), `GET ${path} → ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** `api`: another deployment's API (the multi-host topology); this run's by default. */
export async function signIn(request: APIRequestContext, role: Role, creds: Credentials, api = API): Promise<Account> {
  const res = await request.post(`${api}/auth/login`, { data: { email: creds.email, password: creds.password } });
  expect(res.ok(), `login of the ${role} test account ${creds.email}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const data = ((await res.json()) as { data: { token: string; user: Account['user']; permissions: string[] } }).data;
  return { ...creds, role, token: data.token, headers: { authorization: `Bearer ${data.token}` }, user: data.user, permissions: data.permissions };
}

/**
 * Empties the account's saved cart (issue 23 §4): the test accounts are shared by every test, and a cart one
 * test left in the account would otherwise come back, merged, at the next test's sign-in.
 */
export async function emptySavedCart(request: APIRequestContext, a: Account, api = API): Promise<void> {
  const read = await request.get(`${api}/api/cart`, { headers: a.headers });
  expect(read.ok(), `GET api/cart of ${a.email} → ${read.status()}`).toBeTruthy();
  const cart = ((await read.json()) as { data: { version: number; lines: { id: number }[] } }).data;
  if (!cart.lines.length) return;
  const res = await request.put(`${api}/api/cart`, { headers: a.headers, data: { baseVersion: cart.version, lines: cart.lines.map((l) => ({ id: l.id, units: 0 })) } });
  expect(res.status(), `emptying the saved cart of ${a.email}`).toBe(200);
}

export const fullName = (a: Account) => `${a.user.name} ${a.user.lastname}`.trim();

export async function shopConfig(request: APIRequestContext): Promise<Config> {
  return apiData<Config>(request, 'api/config');
}

/** Every listed product (all pages), in name order. */
export async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const first = await apiData<{ items: Product[]; totalPages: number }>(request, 'api/products?rows=48&page=1&sort=name');
  const out = [...first.items];
  for (let page = 2; page <= first.totalPages; page += 1) {
    out.push(...(await apiData<{ items: Product[] }>(request, `api/products?rows=48&page=${page}&sort=name`)).items);
  }
  return out;
}

/** A valid CUIT (prefix 20, random body, its check digit): billing numbers are unique shop-wide. */
export function randomCuit(): string {
  for (;;) {
    const base = `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const d = cuitCheckDigit(base);
    if (d !== null) return `${base}${d}`;
  }
}

/**
 * A simple, active product of the first catalogue page and the units that reach `target` pesos even at
 * its lowest regular tier, within its min/max/steps; `null` when the catalogue has none.
 */
export async function productFor(request: APIRequestContext, target: number): Promise<{ product: Product; units: number; path: string } | null> {
  const items = (await apiData<{ items: Product[] }>(request, 'api/products?rows=48&page=1')).items;
  for (const p of items) {
    if (p.isVariable || p.state !== 'active' || p.price <= 1000) continue;
    const lowest = Math.min(p.discount ?? p.price, p.price, ...p.Offers.filter((o) => !o.isVip && !o.isStrict).map((o) => o.price));
    const step = p.steps || 1;
    const units = Math.max(p.min || 1, Math.ceil(Math.ceil(Math.max(target, 1) / lowest) / step) * step);
    if (p.max && units > p.max) continue;
    return { product: p, units, path: `/${p.Categories[0]?.slug ?? 'products'}/${p.slug}` };
  }
  return null;
}

/** The account's billing data to order with: its first one, or a new one (the ledger deletes it if no order uses it). */
export async function billingId(request: APIRequestContext, a: Account): Promise<number> {
  const mine = await apiData<{ id: number }[]>(request, 'api/user/myBillingData', a.headers);
  if (mine.length) return mine[0]!.id;
  const res = await request.post(`${API}/api/billing`, { headers: a.headers, data: { taxCondition: 'Consumidor Final', documentType: 'CUIT', number: randomCuit() } });
  expect(res.status(), `POST api/billing: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** The customer sends a pickup order above the deployment's minimums, through the API. */
export async function pickupOrder(request: APIRequestContext, a: Account): Promise<{ id: number; number: number }> {
  const config = await shopConfig(request);
  // half again over the larger minimum: tiers and rounding never take it under
  const picked = await productFor(request, Math.max(config.minLocalPrice, config.minOrderPrice) * 1.5);
  expect(picked, 'a simple active product on the first catalogue page').toBeTruthy();
  const data = { products: [{ id: picked!.product.id, quantity: picked!.units }], billingDataId: await billingId(request, a), toSucc: true };
  const res = await request.post(`${API}/api/order`, { headers: a.headers, data });
  expect(res.status(), await res.text()).toBe(201);
  const order = ((await res.json()) as { data: { id: number; number: number } }).data;
  return { id: order.id, number: order.number };
}

const ids = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));

/**
 * What an account had when a test began; `settle()` closes every order the test left open (the customer
 * cancels; past the customer's reach staff dismantles or completes it), deletes the addresses it added and
 * the billing data it added that no order uses (an order keeps its billing data: 409 by design).
 */
export class Ledger {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly account: Account,
    private readonly staff: () => Promise<Account>,
    private readonly before: { orders: Set<number>; addresses: Set<number>; billing: Set<number> },
  ) {}

  static async open(request: APIRequestContext, account: Account, staff: () => Promise<Account>): Promise<Ledger> {
    return new Ledger(request, account, staff, await Ledger.snapshot(request, account));
  }

  private static async snapshot(request: APIRequestContext, a: Account) {
    const [orders, addresses, billing] = await Promise.all([
      apiData<{ id: number }[]>(request, 'api/order/myOrders', a.headers),
      apiData<{ id: number }[]>(request, 'api/address/myAddresses', a.headers),
      apiData<{ id: number }[]>(request, 'api/user/myBillingData', a.headers),
    ]);
    return { orders: ids(orders), addresses: ids(addresses), billing: ids(billing) };
  }

  async settle(): Promise<void> {
    const { request, account: a } = this;
    const now = await Ledger.snapshot(request, a);
    const problems: string[] = [];
    const check = async (what: string, res: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>, allowed: number[] = []) => {
      const r = await res;
      if (!r.ok() && !allowed.includes(r.status())) problems.push(`${what}: ${r.status()} ${await r.text()}`);
    };
    for (const id of now.orders) {
      if (this.before.orders.has(id)) continue;
      const { state } = await apiData<{ state: OrderState }>(request, `api/order/${id}`, a.headers);
      if (isFinalState(state)) continue;
      if (canTransition(state, 'cancelled', 'customer', 'cancel')) {
        await check(`cancel order ${id}`, request.post(`${API}/api/order/${id}/cancel`, { headers: a.headers }));
      } else {
        const to: OrderState = canTransition(state, 'disarm', 'staff', 'state') ? 'disarm' : 'completed';
        const staff = await this.staff();
        // dismantling needs the reason the customer reads (issue 32, item 6)
        const data = to === 'disarm' ? { to, reason: `Limpieza de la prueba automática (${RUN_ID})` } : { to };
        await check(`order ${id} → ${to}`, request.post(`${API}/api/staff/orders/${id}/state`, { headers: staff.headers, data }));
      }
    }
    for (const id of now.addresses) {
      if (!this.before.addresses.has(id)) await check(`delete address ${id}`, request.delete(`${API}/api/address/${id}`, { headers: a.headers }));
    }
    for (const id of now.billing) {
      if (!this.before.billing.has(id)) await check(`delete billing ${id}`, request.delete(`${API}/api/billing/${id}`, { headers: a.headers }), [409]);
    }
    expect(problems, `cleanup of ${a.email} (run ${RUN_ID})`).toEqual([]);
  }
}

/** A product in state 'hidden' (the public API does not serve it) as staff sees it, or null when there is none. */
export async function hiddenProduct(request: APIRequestContext, staff: Account): Promise<{ slug: string; categorySlug: string } | null> {
  const list = await apiData<{ items: { slug: string; categorySlug: string | null; isVariable: boolean }[] }>(
    request,
    'api/staff/products?state=hidden&rows=48&page=1',
    staff.headers,
  );
  const p = list.items.find((i) => i.categorySlug);
  return p ? { slug: p.slug, categorySlug: p.categorySlug! } : null;
}
