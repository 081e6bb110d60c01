import { clearCart } from './support/cart';
import { fillCordobaAddress } from './support/checkout';
import { addUnitsFromProductPage } from './support/product-page';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';
import { API, uniqueEmail } from './support/env';
import { readMail } from './support/mailbox';
import { logIn } from './support/session';

/**
 * A customer's whole visit on a phone (issue 31, issue 18 items 3–4): log out from the menu, the
 * interior minimum with IVA named on the cart before the checkout, a checkout that saves what was typed
 * and survives a reload, the order page's requested / delivered / missing lines, the order mails, resend
 * verification. Real browser, real API, mails read from $E2E_DATA_DIR/outbox. Screenshots (390 and
 * 1280 px) go to $VISIT_SHOTS_DIR (default test-results/visit) as visit-*.png.
 */

const SHOTS = process.env.VISIT_SHOTS_DIR ?? 'test-results/visit';
const DEMO_PASSWORD = 'tienda-demo';
const PASSWORD = 'clave-segura-1';
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-AR' });

const normalize = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

async function registerVerified(request: APIRequestContext, email: string) {
  const reg = await request.post(`${API}/auth/register`, {
    data: { name: 'Lucía', lastname: 'Visita', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(reg.status()).toBe(201);
  const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(await readMail(email, 'verify'))![1];
  expect((await request.post(`${API}/auth/verify`, { data: { token } })).status()).toBe(200);
}


async function shot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/visit-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/**
 * A simple active product and its units: at least `target` pesos after tiers ('atLeast'), or at most
 * `target` at the list price ('atMost': tiers only lower it).
 */
async function pickProduct(request: APIRequestContext, target: number, mode: 'atLeast' | 'atMost' = 'atLeast') {
  const items = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
  const p = items.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && x.price < 20000 && (!x.max || x.max >= 500) && !(x.min > 1))!;
  expect(p, 'a simple active product').toBeTruthy();
  const lowest = Math.min(p.discount ?? p.price, ...p.Offers.filter((o) => !o.isVip && !o.isStrict).map((o) => o.price));
  const step = p.steps || 1;
  const units =
    mode === 'atLeast' ? Math.ceil(Math.ceil(target / lowest) / step) * step : Math.floor(Math.floor(target / (p.discount ?? p.price)) / step) * step;
  return { product: p, units, path: `/${p.Categories[0]?.slug ?? 'products'}/${p.slug}` };
}

async function fillCart(page: Page, request: APIRequestContext, target: number, mode: 'atLeast' | 'atMost' = 'atLeast') {
  const { product, units, path: where } = await pickProduct(request, target, mode);
  await page.goto(where);
  await clearCart(page);
  await page.reload();
  await expect(page.getByLabel(`Cantidad de ${product.name}`).first()).toBeVisible();
  await addUnitsFromProductPage(page, product.name, units);
  return { product, units };
}

test.describe('a customer visit on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('log out from the mobile menu, the desktop account menu and the profile: the token is gone', async ({ page }) => {
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'userToken');
    await logIn(page, { email: 'cliente@example.com', password: DEMO_PASSWORD });
    expect(await cookie()).toBeTruthy();
    const trigger = page.getByRole('button', { name: 'Abrir menú' });
    await expect(trigger).toHaveAttribute('data-hydrated', 'true');
    await trigger.click();
    const logout = page.getByTestId('menu-logout');
    await expect(logout).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/visit-menu-logout-390.png` });
    await logout.click();
    await expect(page.getByText('Cerraste sesion correctamente')).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    expect(await cookie()).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();

    // desktop: the account menu in the top bar
    await logIn(page, { email: 'cliente@example.com', password: DEMO_PASSWORD });
    await page.setViewportSize({ width: 1280, height: 900 });
    const menu = page.getByTestId('account-menu');
    await expect(menu).toHaveAttribute('data-hydrated', 'true');
    await menu.getByRole('button').first().click();
    await expect(page.getByTestId('account-logout')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/visit-menu-logout-1280.png` });
    await page.getByTestId('account-logout').click();
    await expect(page.getByText('Cerraste sesion correctamente')).toBeVisible();
    expect(await cookie()).toBeUndefined();
    await page.setViewportSize(PHONE);

    // the profile
    await logIn(page, { email: 'cliente@example.com', password: DEMO_PASSWORD });
    await page.goto('/profile');
    await expect(page.getByTestId('profile')).toHaveAttribute('data-hydrated', 'true');
    // the three tabs fit a phone (none cut)
    for (const tab of await page.getByRole('tab').all()) {
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    }
    await page.getByTestId('profile-logout').click();
    await expect(page.getByText('Cerraste sesion correctamente')).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    expect(await cookie()).toBeUndefined();
  });

  test('the interior minimum with IVA is named on the cart; typed address and billing go through "Continuar" and survive a reload; mails and order page agree', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('visita');
    await registerVerified(request, email);
    await logIn(page, { email: email, password: PASSWORD });

    // below the interior minimum ($ 121.000 with IVA)
    await fillCart(page, request, 115_000, 'atMost');
    await page.goto('/cart');
    const cart = page.getByTestId('cart');
    await expect(cart).toHaveAttribute('data-hydrated', 'true');
    const summary = page.getByTestId('cart-summary');
    await summary.getByRole('radio', { name: 'Envío al interior' }).check();
    const notice = summary.getByTestId('minimum-notice');
    await expect(notice).toHaveAttribute('data-zone', 'interior');
    await expect(notice).toContainText(/Envío al interior: compra mínima \$\s121\.000 con IVA — te faltan \$/);
    await expect(summary.getByRole('button', { name: 'Enviar pedido' })).toBeDisabled();
    await expect(page.getByTestId('cart-mobile-bar')).toContainText('Te faltan');
    await shot(page, 'cart-interior-minimum');

    // enough for the interior
    await fillCart(page, request, 130_000);
    await page.goto('/cart');
    await expect(page.getByTestId('cart')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByTestId('cart-summary').getByTestId('minimum-notice')).toHaveAttribute('data-ok', 'true');
    await page.getByTestId('cart-summary').getByRole('link', { name: 'Enviar pedido' }).click();

    // step 1: the interior minimum is shown from the first step, with IVA
    await expect(page).toHaveURL(/step=delivery/);
    await expect(page.getByTestId('checkout')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByTestId('checkout-minimum')).toContainText('con IVA');
    await page.getByRole('radio', { name: /Envío a domicilio por transporte/ }).check();
    await shot(page, 'checkout-1-delivery');
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/step=transport/);
    await page.getByTestId('transport-options').getByRole('radio', { disabled: false }).first().check();
    await shot(page, 'checkout-2-transport');
    await page.getByTestId('checkout-continue').click();

    // step 3: a new customer types an address and presses "Continuar": saved and chosen
    await expect(page).toHaveURL(/step=address/);
    const form = page.getByTestId('address-form');
    await fillCordobaAddress(form, 'Bv. San Juan');
    await shot(page, 'checkout-3-address');
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/step=billing/);
    await expect(page.getByTestId('checkout-minimum')).toHaveAttribute('data-zone', 'interior');

    // a reload keeps the step and the choices
    await page.reload();
    await expect(page).toHaveURL(/step=billing/);
    await expect(page.getByRole('heading', { name: 'Datos de facturación', exact: true })).toBeVisible();

    // step 4: a typed CUIT goes through on "Continuar"
    const billing = page.getByTestId('billing-form');
    await billing.getByLabel('Condición frente al IVA').selectOption('Monotributista');
    const cuit = (() => {
      const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
      for (;;) {
        const base = `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
        const d = 11 - ([...base].reduce((s, c, i) => s + Number(c) * w[i]!, 0) % 11);
        if (d !== 10) return `${base}${d === 11 ? 0 : d}`;
      }
    })();
    await billing.getByLabel('Número').fill(cuit);
    await shot(page, 'checkout-4-billing');
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/step=summary/);
    await page.reload();
    await expect(page).toHaveURL(/step=summary/);
    await expect(page.getByTestId('checkout-summary')).toContainText('Bv. San Juan 850');
    await shot(page, 'checkout-5-summary');
    await expect(page.getByTestId('checkout-send')).toBeEnabled();
    await page.getByTestId('checkout-send').click();
    await expect(page).toHaveURL(/\/order\/\d+$/);
    const orderId = Number(/\/order\/(\d+)$/.exec(page.url())![1]);

    // the mails carry the page's lines and totals, and a link to the order
    const pageTotal = normalize(await page.getByTestId('order-final-total').textContent());
    const mail = normalize(await readMail(email, 'order-received'));
    expect(mail).toContain(`Total final: ${pageTotal}`);
    expect(mail).toContain(`/order/${orderId}`);
    const shopMail = normalize(await readMail('ventas@aromasdelalma.example', 'order-new'));
    expect(shopMail).toContain(email);
    expect(shopMail).toContain(`Total final: ${pageTotal}`);

    // staff cut a line: the page shows requested, delivered and missing, and the lines add up
    const staff = ((await (await request.post(`${API}/auth/login`, { data: { email: 'staff@example.com', password: DEMO_PASSWORD } })).json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${staff}` };
    const detail = (await (await request.get(`${API}/api/staff/orders/${orderId}`, { headers })).json()).data as {
      items: { id: number; quantity: number; unitPrice: number }[];
    };
    const line = detail.items[0]!;
    expect((await request.post(`${API}/api/staff/orders/${orderId}/state`, { headers, data: { to: 'started' } })).ok()).toBeTruthy();
    const budget = await request.post(`${API}/api/staff/orders/${orderId}/budget`, {
      headers,
      data: { items: [{ itemId: line.id, quantity: line.quantity - 5, unitPrice: line.unitPrice, missing: false }], bonus: 0 },
    });
    expect(budget.ok(), await budget.text()).toBeTruthy();
    await page.reload();
    const row = page.getByTestId('order-item').first();
    await expect(row).toHaveAttribute('data-requested', String(line.quantity));
    await expect(row).toHaveAttribute('data-delivered', String(line.quantity - 5));
    await expect(row).toHaveAttribute('data-missing', '5');
    const lineTotals = await page.getByTestId('order-item-total').allTextContents();
    const pesos = (s: string) => Number(normalize(s).replace(/[^\d,]/g, '').replace(',', '.'));
    const sum = lineTotals.reduce((s, t) => s + pesos(t), 0);
    expect(Math.round(sum * 100)).toBe(Math.round(pesos(normalize(await page.getByTestId('order-subtotal').textContent())) * 100));
    await page.screenshot({ path: `${SHOTS}/visit-order-missing-390.png`, fullPage: true });
  });

  test('addresses and billing data managed from the profile: list, edit, default, delete', async ({ page, request }) => {
    const email = uniqueEmail('perfil');
    await registerVerified(request, email);
    const token = ((await (await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } })).json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    for (const street of ['Colón', 'Belgrano']) {
      const r = await request.post(`${API}/api/address`, { headers, data: { province: 'Córdoba', city: 'Córdoba', street, number: '10', postalCode: 'X5000' } });
      expect(r.status()).toBe(201);
    }
    await logIn(page, { email: email, password: PASSWORD });
    await page.goto('/profile?tab=data');
    await expect(page.getByTestId('profile')).toHaveAttribute('data-hydrated', 'true');
    const list = page.getByTestId('profile-addresses');
    await expect(list.getByTestId('profile-address')).toHaveCount(2);
    await list.getByRole('button', { name: /Usar como predeterminada Belgrano/ }).click();
    await expect(list.getByTestId('profile-address').filter({ hasText: 'Belgrano' })).toContainText('Predeterminada');
    await list.getByRole('button', { name: /Editar Colón/ }).click();
    await page.getByTestId('profile-address-form').getByLabel('Número').fill('99');
    await page.getByTestId('profile-address-form').getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(list.getByTestId('profile-address').filter({ hasText: 'Colón 99' })).toBeVisible();
    await shot(page, 'profile-addresses');
    page.once('dialog', (d) => void d.accept());
    await list.getByRole('button', { name: /Borrar Colón/ }).click();
    await expect(list.getByTestId('profile-address')).toHaveCount(1);
    // the API agrees: the default is the one the checkout will preselect
    const saved = (await (await request.get(`${API}/api/address/myAddresses`, { headers })).json()).data as { street: string; isDefault: boolean }[];
    expect(saved.map((a) => [a.street, a.isDefault])).toEqual([['Belgrano', true]]);
  });

  test('register on a phone (the terms label ticks the box), resend the verification mail; a used link opened signed in goes to the account', async ({
    page,
  }) => {
    const email = uniqueEmail('reenvio');
    await page.goto('/register');
    await page.getByLabel('Nombre').fill('Marta');
    await page.getByLabel('Apellido').fill('Reenvío');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repetir contraseña').fill(PASSWORD);
    const box = page.getByLabel('Acepto los términos y condiciones');
    const size = await box.boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(24);
    await page.locator('label[for="register-terms"]').tap();
    await expect(box).toBeChecked();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByTestId('register-sent')).toBeVisible();
    await page.getByRole('button', { name: 'Reenviar el correo' }).click();
    await expect(page.getByText('Si hay una cuenta sin verificar con ese email, te enviamos el correo de nuevo.').first()).toBeVisible();

    const link = /https?:\/\/\S+\/verify\/[A-Za-z0-9_-]+/.exec(await readMail(email, 'verify'))![0];
    const local = new URL(link).pathname;
    await page.goto(local);
    await expect(page.getByText('Se ha verificado la cuenta con exito')).toBeVisible();
    // the same link again, signed in: the account, not "Token invalido"
    await page.goto(local);
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByText('Tu cuenta ya está verificada')).toBeVisible();
    await expect(page.getByText('Token invalido')).toHaveCount(0);
  });
});
