import { clearCart, putCart } from './support/cart';
import { addUnitsFromProductPage } from './support/product-page';
import { signedInPage } from './support/session';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';

/**
 * Back-office customers and configuration, with the storefront in a second browser context:
 * - admin marks the demo customer VIP → on their next page load the customer's cart applies the VIP tier
 *   and their profile says so; then admin takes VIP away again;
 * - admin disables a transport → the customer's checkout offers it only as disabled;
 * - the orders employee sees only "Pedidos" and is sent away from /admin/customers and /admin/config;
 * - maintenance on → an anonymous visitor gets the 503 screen, staff still get in; off at the end.
 * Screenshots (customers list, customer page, configuration at 1280 and 390) go to test-results/admin-settings/.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const SHOTS = 'test-results/admin-settings';
const PASSWORD = 'tienda-demo';
const TIERED = 'conos-de-sahumerio-x-10-unidades';

const normalize = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const ars = (pesos: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2 }).format(pesos).replace(/\u00a0/g, ' ');

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email}`).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function product(request: APIRequestContext, slug: string): Promise<Product> {
  const res = await request.get(`${API}/api/product/slug/${slug}`);
  expect(res.ok(), `GET api/product/slug/${slug}`).toBeTruthy();
  return ((await res.json()) as { data: Product }).data;
}

/** Through the staff API: the demo customer back to a regular customer (also after a failed attempt, so a retry starts clean). */
async function resetCustomerVip(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiLogin(request, 'admin@example.com')}` };
  const found = await request.get(`${API}/api/staff/customers?q=cliente%40example.com`, { headers });
  expect(found.ok(), 'GET api/staff/customers').toBeTruthy();
  const id = ((await found.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id;
  expect(id, 'the demo customer exists').toBeTruthy();
  const res = await request.patch(`${API}/api/staff/customers/${id}/vip`, { headers, data: { vip: false } });
  expect(res.ok(), 'PATCH vip false').toBeTruthy();
}

/** Through the staff API: a transport enabled again (after a failed attempt, so a retry starts clean). */
async function enableTransport(request: APIRequestContext, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${await apiLogin(request, 'admin@example.com')}` };
  const list = ((await (await request.get(`${API}/api/transport/names`)).json()) as { data: { id: number; name: string }[] }).data;
  const id = list.find((t) => t.name === name)?.id;
  expect(id, `transport ${name} exists`).toBeTruthy();
  const res = await request.patch(`${API}/api/staff/transports/${id}`, { headers, data: { isAble: true } });
  expect(res.ok(), `PATCH transport ${name} isAble`).toBeTruthy();
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('admin: customers, configuration and roles', () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
  // A failed VIP or transport test must not leave the shared demo data changed for the retry and the other specs.
  test.afterEach(async ({ request }, info) => {
    if (info.title.startsWith('admin marks a customer VIP') && info.status !== info.expectedStatus) await resetCustomerVip(request);
    if (info.title.startsWith('admin disables a transport') && info.status !== info.expectedStatus) await enableTransport(request, 'Correo Argentino');
  });

  test('admin marks a customer VIP: the customer gets VIP tier prices on their next page load', async ({ browser, request }) => {
    await resetCustomerVip(request);
    // a cart of the demo tiered product big enough for its VIP tier (as the product page stores it)
    const tiered = await product(request, TIERED);
    const vipTier = tiered.Offers.find((o) => o.isVip);
    expect(vipTier, 'the demo tiered product has a VIP tier').toBeTruthy();
    const units = Math.ceil(50000 / vipTier!.price / vipTier!.units) * vipTier!.units;
    const variations = tiered.Variations.filter((v) => v.state === 'active').slice(0, 2);
    const half = units / 2;
    const items = variations.map((v) => ({
      fatherId: tiered.id,
      cartFatherName: tiered.name,
      image: tiered.ProductImages[0]?.name ?? null,
      path: `/${tiered.Categories[0]?.slug ?? 'products'}/${tiered.slug}`,
      offers: tiered.Offers,
      id: v.id,
      units: half,
      cartName: v.name,
      price: v.price,
      discount: v.discount,
      state: v.state,
      min: v.min || tiered.min,
      max: v.max || tiered.max,
      steps: v.steps || tiered.steps,
    }));

    const customer = await signedInPage(browser, { email: 'cliente@example.com', password: PASSWORD });
    await putCart(customer, items);
    const unitPrice = customer.getByTestId('unit-price').first();
    await expect.poll(async () => normalize(await unitPrice.textContent())).not.toContain(`${ars(vipTier!.price)} c/u`);

    // admin: customers list → search → the customer's page → VIP
    const admin = await signedInPage(browser, { email: 'admin@example.com', password: PASSWORD });
    await admin.goto('/admin/customers');
    const nav = admin.getByTestId('admin-nav');
    await expect(nav.getByRole('link')).toHaveText(['Pedidos', 'Productos', 'Precios', 'Categorías', 'Búsqueda', 'Clientes', 'Auditoría', 'Configuración']);
    await expect(nav.getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Pedidos' })).not.toHaveAttribute('aria-current', 'page');
    await expect(admin.getByTestId('customer-row').first()).toBeVisible();
    await shots(admin, 'customers');
    await admin.getByTestId('customer-filters').getByLabel('Buscar').fill('cliente@example.com');
    await admin.getByTestId('customer-filters').getByRole('button', { name: 'Filtrar' }).click();
    await expect(admin).toHaveURL(/q=cliente%40example\.com/);
    const rows = admin.getByTestId('customer-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('vip-mark')).toHaveCount(0);
    await rows.getByRole('link', { name: 'Lucía Fernández' }).click();
    await expect(admin).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Lucía Fernández' })).toBeVisible();
    await expect(admin.getByTestId('role-form')).toHaveCount(0); // roles are for the superadmin only
    await shots(admin, 'customer');
    await admin.getByRole('button', { name: 'Marcar como VIP' }).click();
    await expect(admin.getByTestId('customer-view').getByTestId('vip-mark')).toBeVisible();
    await expect(admin.getByTestId('customer-role')).toHaveText('Cliente VIP');
    await expect(admin.getByRole('button', { name: 'Quitar VIP' })).toBeVisible();

    // the customer, same session, next page load: VIP tier price in the cart and the VIP note on the profile
    // (the page first shows the stored permissions, then those of the session check GET auth)
    await customer.reload();
    await expect
      .poll(
        async () => {
          // the session's permissions ride along, so a failure says whether the session or the cart lagged
          const perms = await customer.evaluate(() => localStorage.getItem('permissions'));
          return `${normalize(await customer.getByTestId('unit-price').first().textContent())} | permissions ${perms}`;
        },
        { timeout: 20_000 },
      )
      .toContain(`${ars(vipTier!.price)} c/u`);
    await customer.goto('/profile');
    await customer.getByRole('tab', { name: 'Mis datos' }).click();
    await expect(customer.getByText('Tenés acceso a precios VIP.')).toBeVisible();
    // …and the VIP filter of the list finds them
    await admin.goto('/admin/customers?vip=true&q=cliente%40example.com');
    await expect(admin.getByTestId('customer-row').getByTestId('vip-mark')).toBeVisible();

    // back to a regular customer
    await admin.getByTestId('customer-row').getByRole('link').first().click();
    await admin.getByRole('button', { name: 'Quitar VIP' }).click();
    await expect(admin.getByRole('button', { name: 'Marcar como VIP' })).toBeVisible();
    await customer.goto('/cart');
    await expect.poll(async () => normalize(await customer.getByTestId('unit-price').first().textContent()), { timeout: 20_000 }).not.toContain(`${ars(vipTier!.price)} c/u`);
    await clearCart(customer);
    await customer.context().close();
    await admin.context().close();
  });

  test('admin disables a transport: the customer checkout no longer offers it', async ({ browser, request }) => {
    const admin = await signedInPage(browser, { email: 'admin@example.com', password: PASSWORD });
    await admin.goto('/admin/config');
    await expect(admin.getByTestId('admin-nav').getByRole('link', { name: 'Configuración' })).toHaveAttribute('aria-current', 'page');
    await expect(admin.getByTestId('carousel-item').first()).toBeVisible();
    await shots(admin, 'config');
    const section = admin.getByTestId('transports-section');
    // a click on the server HTML does nothing: wait for the manager's hydration signal (lib/hydration)
    await expect(section.getByTestId('transports-manager')).toHaveAttribute('data-hydrated', 'true');
    await section.getByRole('button', { name: 'Deshabilitar Correo Argentino' }).click();
    await expect(section.getByRole('button', { name: 'Habilitar Correo Argentino' })).toBeVisible();
    const names = async () => ((await (await request.get(`${API}/api/transport/names`)).json()) as { data: { name: string; isAble: boolean }[] }).data;
    expect((await names()).find((t) => t.name === 'Correo Argentino')?.isAble).toBe(false);

    // the customer goes through the checkout to the transport step
    const customer = await signedInPage(browser, { email: 'cliente@example.com', password: PASSWORD });
    const list = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
    const p = list.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500))!;
    const lowest = Math.min(p.discount ?? p.price, ...p.Offers.filter((o) => !o.isVip && !o.isStrict).map((o) => o.price));
    const step = p.steps || 1;
    const units = Math.ceil(Math.ceil(130000 / lowest) / step) * step;
    await customer.goto(`/${p.Categories[0]?.slug ?? 'products'}/${p.slug}`);
    await addUnitsFromProductPage(customer, p.name, units);
    await customer.goto('/checkout');
    await customer.getByRole('radio', { name: /Envío a domicilio por transporte/ }).check();
    await customer.getByTestId('checkout-continue').click();
    await expect(customer).toHaveURL(/step=transport/);
    const options = customer.getByTestId('transport-options');
    await expect(options.getByRole('radio', { name: /Cruz del Sur/ })).toBeEnabled();
    await expect(options.getByRole('radio', { name: /Correo Argentino/ })).toBeDisabled();
    await expect(options.locator('li').filter({ hasText: 'Correo Argentino' })).toContainText('Transporte deshabilitado');

    // enabled again: offered again
    await section.getByRole('button', { name: 'Habilitar Correo Argentino' }).click();
    await expect(section.getByRole('button', { name: 'Deshabilitar Correo Argentino' })).toBeVisible();
    expect((await names()).find((t) => t.name === 'Correo Argentino')?.isAble).toBe(true);
    await clearCart(customer);
    await customer.context().close();
    await admin.context().close();
  });

  test('the orders employee sees only Pedidos; customers and configuration are refused', async ({ browser, request }) => {
    const oe = await signedInPage(browser, { email: 'pedidos@example.com', password: PASSWORD });
    await oe.goto('/admin');
    const nav = oe.getByTestId('admin-nav');
    await expect(nav.getByRole('link')).toHaveText(['Pedidos']);
    await expect(nav.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page');
    for (const path of ['/admin/customers', '/admin/config']) {
      await oe.goto(path);
      await expect(oe).toHaveURL(/localhost:\d+\/$/);
    }
    // the API refuses regardless of the screens
    const token = await apiLogin(request, 'pedidos@example.com');
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get(`${API}/api/staff/customers`, { headers })).status()).toBe(403);
    expect((await request.get(`${API}/api/staff/settings`, { headers })).status()).toBe(403);
    expect((await request.patch(`${API}/api/staff/config`, { headers, data: { maintaince: true } })).status()).toBe(403);
    await oe.context().close();
  });

  test('maintenance on: anonymous visitors get the 503 screen, staff still get in; off at the end', async ({ browser, request }) => {
    const admin = await signedInPage(browser, { email: 'admin@example.com', password: PASSWORD });
    const anonymous = await browser.newContext({ locale: 'es-AR' });
    const visitor = await anonymous.newPage();
    const setMaintenance = async (on: boolean) => {
      await admin.goto('/admin/config');
      const form = admin.getByTestId('config-form');
      const box = form.getByRole('checkbox', { name: /Modo mantenimiento/ });
      if (on) await box.check();
      else await box.uncheck();
      await form.getByRole('button', { name: 'Guardar configuración' }).click();
      await expect
        .poll(async () => ((await (await request.get(`${API}/api/config`)).json()) as { data: { maintaince: boolean } }).data.maintaince)
        .toBe(on);
    };
    try {
      await setMaintenance(true);
      // the storefront re-reads the flag within its cache lifetime (lib/maintenance: 20 s)
      await expect.poll(async () => (await visitor.goto('/'))?.status(), { timeout: 40_000, intervals: [1000] }).toBe(503);
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      const staffHome = await admin.goto('/');
      expect(staffHome?.status()).toBe(200);
      expect((await admin.goto('/admin'))?.status()).toBe(200);
    } finally {
      await setMaintenance(false);
    }
    await expect.poll(async () => (await visitor.goto('/'))?.status(), { timeout: 40_000, intervals: [1000] }).toBe(200);
    await anonymous.close();
    await admin.context().close();
  });
});
