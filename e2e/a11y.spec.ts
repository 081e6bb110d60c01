import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';
import { fillCordobaAddress } from './support/checkout';

/**
 * Accessibility and Content-Security-Policy, page by page (issue #8): every page of the storefront and
 * the back-office, at 1280 and 390 px, has no serious or critical axe violation (WCAG 2.1 A/AA rules and
 * axe best practices), and no page logs a CSP violation — scripts, styles, images, the socket.io
 * connection of signed-in pages included. Pages rendered per request carry a nonce policy; they must
 * still hydrate (an interaction is checked on them).
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const PASSWORD = 'tienda-demo';
const WIDTHS = [1280, 390] as const;

type Session = { token: string; user: unknown; permissions: string[] };

async function apiSession(request: APIRequestContext, email: string): Promise<Session> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email}`).toBeTruthy();
  return ((await res.json()) as { data: Session }).data;
}

/** Signs the context in the way lib/session stores a session: cookie + localStorage. */
async function injectSession(context: BrowserContext, page: Page, session: Session) {
  const origin = new URL(page.url().startsWith('http') ? page.url() : test.info().project.use.baseURL!).origin;
  await context.addCookies([{ name: 'userToken', value: session.token, url: origin, sameSite: 'Lax' }]);
  if (!page.url().startsWith('http')) await page.goto('/cart');
  await page.evaluate((s) => {
    localStorage.setItem('userInfo', JSON.stringify(s.user));
    localStorage.setItem('permissions', JSON.stringify(s.permissions));
  }, session);
}

/** Collects CSP violations (console errors and securitypolicyviolation events) for the whole test. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

async function audit(page: Page, name: string) {
  // Let client islands render (the cart and checkout read storage after mount).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) => `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n    ')}`,
  );
  expect(report, `${name} @ ${page.viewportSize()?.width}px`).toEqual([]);
}

async function visit(page: Page, path: string, name = path, status?: number) {
  const res = await page.goto(path);
  if (status) expect(res?.status(), path).toBe(status);
  else expect(res?.ok(), `${path} → ${res?.status()}`).toBeTruthy();
  await audit(page, name);
}

async function catalogue(request: APIRequestContext) {
  const res = await request.get(`${API}/api/products?rows=48&page=1`);
  expect(res.ok()).toBeTruthy();
  const items = ((await res.json()) as { data: { items: Product[] } }).data.items;
  const simple = items.find((p) => !p.isVariable && p.state === 'active' && p.price > 1000 && (!p.max || p.max >= 500));
  const variable = items.find((p) => p.isVariable && p.state === 'active');
  expect(simple, 'a simple active product in the demo catalogue').toBeTruthy();
  const p = simple!;
  const lowest = Math.min(p.discount ?? p.price, ...p.Offers.filter((o) => !o.isVip && !o.isStrict).map((o) => o.price));
  const step = p.steps || 1;
  return {
    simple: p,
    variable,
    units: Math.ceil(Math.ceil(130000 / lowest) / step) * step,
    category: p.Categories[0]!.slug,
    path: (x: Product) => `/${x.Categories[0]?.slug ?? 'products'}/${x.slug}`,
  };
}

/** A pickup order of the demo customer through the API: its id. */
async function createOrder(request: APIRequestContext, token: string, product: Product, units: number): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const billing = ((await (await request.get(`${API}/api/user/myBillingData`, { headers })).json()) as { data: { id: number }[] }).data;
  const res = await request.post(`${API}/api/order`, {
    headers,
    data: { products: [{ id: product.id, quantity: Math.max(units, 200) }], billingDataId: billing[0]!.id, toSucc: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

for (const width of WIDTHS) {
  test.describe(`accessibility and CSP at ${width}px`, () => {
    test.describe.configure({ timeout: 240_000 });
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    test('public pages', async ({ page, request }) => {
      const csp = watchCsp(page);
      const { simple, variable, category, path } = await catalogue(request);
      await visit(page, '/', 'home');
      await visit(page, '/products');
      await visit(page, '/products?q=sahumerio', 'search');
      await visit(page, `/${category}`, 'category');
      await visit(page, path(simple), 'product');
      if (variable) await visit(page, path(variable), 'variable product');
      await visit(page, '/cart', 'empty cart');
      await visit(page, '/login');
      await visit(page, '/register');
      await visit(page, '/forgot');
      await visit(page, '/about-us');
      await visit(page, '/faq');
      await visit(page, '/terms-and-conditions');
      await visit(page, '/esto/no/existe', '404', 404);
      await visit(page, '/en', 'home (en)');
      await visit(page, '/br/products', 'products (pt-BR)');
      expect(csp).toEqual([]);
    });

    test('customer pages: cart with items, checkout steps, orders, order, profile', async ({ page, context, request }) => {
      const csp = watchCsp(page);
      const { simple, units, path } = await catalogue(request);
      const session = await apiSession(request, 'cliente@example.com');
      await injectSession(context, page, session);

      await page.goto(path(simple));
      const qty = page.getByLabel(`Cantidad de ${simple.name}`).first();
      await qty.fill(String(units));
      await qty.press('Enter');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('cartQuantity'))).toBe(String(units));
      await audit(page, 'product with quantity');
      await visit(page, '/cart', 'cart with items');

      await page.goto('/checkout');
      await expect(page).toHaveURL(/step=delivery/, { timeout: 15_000 });
      await audit(page, 'checkout: delivery');
      await page.getByTestId('checkout-continue').click();
      await expect(page.getByText('Elegí una forma de entrega')).toBeVisible();
      await audit(page, 'checkout: delivery with error');
      await page.getByRole('radio', { name: /Envío a domicilio por transporte/ }).check();
      await page.getByTestId('checkout-continue').click();
      await expect(page).toHaveURL(/step=transport/);
      await audit(page, 'checkout: transport');
      await page.getByTestId('transport-options').getByRole('radio', { disabled: false }).first().check();
      await page.getByTestId('checkout-continue').click();
      await expect(page).toHaveURL(/step=address/);
      if ((await page.getByTestId('address-form').count()) === 0) await page.getByRole('button', { name: 'Agregar otra dirección' }).click();
      await page.getByTestId('address-form').getByRole('button', { name: 'Guardar dirección' }).click();
      await expect(page.getByTestId('address-form').getByText('Completa este campo').first()).toBeVisible();
      await audit(page, 'checkout: address with errors');
      const address = page.getByTestId('address-form');
      await fillCordobaAddress(address, 'Av. Colón');
      await address.getByRole('button', { name: 'Guardar dirección' }).click();
      // (an earlier run may have saved the same address: the new one is the checked one)
      await expect(page.getByRole('radio', { name: /Av\. Colón 850/, checked: true })).toHaveCount(1);
      await page.getByTestId('checkout-continue').click();
      await expect(page).toHaveURL(/step=billing/);
      await audit(page, 'checkout: billing');
      if ((await page.getByTestId('billing-options').getByRole('radio', { checked: true }).count()) === 0) {
        await page.getByTestId('billing-options').getByRole('radio').first().check();
      }
      await page.getByTestId('checkout-continue').click();
      await expect(page).toHaveURL(/step=summary/);
      await audit(page, 'checkout: summary');

      const orderId = await createOrder(request, session.token, simple, units);
      await visit(page, '/orders');
      await visit(page, `/order/${orderId}`, 'order');
      // nonce page hydrated: the chat box takes input
      const chat = page.getByRole('textbox').last();
      await chat.fill('Hola');
      await expect(chat).toHaveValue('Hola');
      await visit(page, '/profile');
      await visit(page, '/profile?tab=finished', 'profile: finished tab');
      expect(csp).toEqual([]);
    });

    test('back-office pages', async ({ page, context, request }) => {
      const csp = watchCsp(page);
      const { simple, variable, units } = await catalogue(request);
      const customer = await apiSession(request, 'cliente@example.com');
      const orderId = await createOrder(request, customer.token, simple, units);
      await injectSession(context, page, await apiSession(request, 'staff@example.com'));

      await visit(page, '/admin', 'admin board');
      // nonce page hydrated: a client-side filter click navigates
      await page.getByTestId('state-chips').getByRole('link', { name: /^Recibido/ }).click();
      await expect(page).toHaveURL(/state=received/);
      await audit(page, 'admin board filtered');
      await visit(page, `/admin/orders/${orderId}`, 'admin order');
      await visit(page, '/admin/config', 'admin config');
      await visit(page, '/admin/products', 'admin products');
      await visit(page, `/admin/products/${simple.id}`, 'admin product editor');
      if (variable) await visit(page, `/admin/products/${variable.id}`, 'admin variable product editor');
      await visit(page, '/admin/products/new', 'admin new product');
      await visit(page, '/admin/categories', 'admin categories');
      await visit(page, '/admin/customers', 'admin customers');
      await visit(page, `/admin/customers/${(customer.user as { id: number }).id}`, 'admin customer');
      await visit(page, `/order/${orderId}`, 'order seen by staff');
      expect(csp).toEqual([]);
    });
  });
}

test('security headers: nonce policy on per-request pages, nonce-less on cached ones, the rest everywhere', async ({ page, request }) => {
  const cached = await request.get('/products');
  const policy = cached.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'unsafe-inline'");
  expect(policy).not.toContain('nonce-');
  for (const d of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(policy).toContain(d);
  expect(cached.headers()['x-content-type-options']).toBe('nosniff');
  expect(cached.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(cached.headers()['x-frame-options']).toBe('DENY');
  expect(cached.headers()['permissions-policy']).toContain('camera=()');

  // A per-request page: a fresh nonce each time, on the header and on every script Next renders.
  const first = await page.goto('/login');
  const nonce = /'nonce-([^']+)'/.exec((await first!.allHeaders())['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const scripts = await page.locator('script:not([type="application/ld+json"])').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([nonce]));
  const second = await request.get('/login');
  expect(second.headers()['content-security-policy']).not.toContain(nonce!);

  // Assets get the static headers too.
  const asset = await request.get(await page.locator('script[src]').first().getAttribute('src').then((s) => s!));
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');

  // The API (helmet): JSON only, nothing may frame or run it.
  const api = await request.get(`${API}/api/config`);
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['x-frame-options']).toBeTruthy();
  expect(api.headers()['x-powered-by']).toBeUndefined();
});
