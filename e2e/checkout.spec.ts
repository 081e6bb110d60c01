import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, RUN_ID } from './support/env';
import { fillCordobaAddress } from './support/checkout';
import { SMOKE, STAGING, test } from './support/fixtures';
import { productFor, randomCuit, shopConfig, type Account } from './support/shop';
import { logIn } from './support/session';

/**
 * Checkout and orders (spec §2 Checkout, Orders list and order detail, Profile; §4 Order states; §5
 * Ordering): a customer fills a cart on a product page, walks the checkout steps (and back with the
 * browser), sends the order and lands on /order/{id}; staff answers with a budget through the staff API,
 * the customer accepts it and uploads a proof of transfer in the UI, staff ships and completes the order.
 * On a shared database the address it saves carries the run id and is deleted afterwards (the customer
 * fixture's ledger); the billing data stays with the completed order. Screenshots go to test-results/checkout/.
 */

const SHOTS = 'test-results/checkout';

// A 1×1 PNG (the proof of transfer).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function staffPost(request: APIRequestContext, staff: Account, path: string, data: unknown) {
  const res = await request.post(`${API}/api/staff/orders/${path}`, { data, headers: staff.headers });
  expect(res.ok(), `POST api/staff/orders/${path}: ${await res.text()}`).toBeTruthy();
}

async function shot(page: Page, name: string, widths: number[] = [1280]) {
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}


/** A simple, buyable product and the units that reach the interior minimum (minimum + IVA, with room) after tiers. */
async function pickProduct(request: APIRequestContext) {
  const { minOrderPrice } = await shopConfig(request);
  const picked = await productFor(request, Math.ceil(minOrderPrice * 1.3));
  expect(picked, 'a simple active product on the first catalogue page').toBeTruthy();
  return picked!;
}

test.describe('checkout and orders', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 150_000 });

  test('cart → checkout steps (browser Back) → order → budget accepted → proof → completed', async ({ page, request, browser, customer, staff, vip }) => {
    await logIn(page, customer);

    // Fill the cart on the product page, above the minimum.
    const { product, units, path } = await pickProduct(request);
    await page.goto(path);
    const qty = page.getByLabel(`Cantidad de ${product.name}`).first();
    await qty.fill(String(units));
    await qty.press('Enter');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cartQuantity'))).toBe(String(units));

    // Step 1: delivery type (the URL gets ?step=delivery).
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\?step=delivery$/);
    await expect(page.getByRole('heading', { name: '¿Cómo querés recibir tu pedido?' })).toBeVisible();
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByText('Elegí una forma de entrega')).toBeVisible();
    await shot(page, '1-delivery', [1280, 390]);
    await page.getByRole('radio', { name: /Envío a domicilio por transporte/ }).check();
    await page.getByTestId('checkout-continue').click();

    // Step 2: transport — search, no results, disabled companies, choose one.
    await expect(page).toHaveURL(/step=transport/);
    const search = page.getByLabel('Buscar transporte');
    await search.fill('zzzz');
    await expect(page.getByText('No se encontraron resultados')).toBeVisible();
    await shot(page, '2-transport-no-results');
    await search.fill('');
    const options = page.getByTestId('transport-options');
    if ((await options.getByText('Transporte deshabilitado').count()) > 0) {
      const disabled = options.locator('li').filter({ hasText: 'Transporte deshabilitado' }).first().getByRole('radio');
      await expect(disabled).toBeDisabled();
    }
    await shot(page, '2-transport', [1280, 390]);
    const firstEnabled = options.getByRole('radio', { disabled: false }).first();
    await firstEnabled.check();
    await page.getByTestId('checkout-continue').click();

    // Step 3: address — typing is not enough, it must be saved.
    await expect(page).toHaveURL(/step=address/);
    await expect(page.getByRole('heading', { name: 'Dirección de envío' })).toBeVisible();
    if ((await page.getByTestId('address-form').count()) === 0) await page.getByRole('button', { name: 'Agregar otra dirección' }).click();
    const address = page.getByTestId('address-form');
    await address.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(address.getByText('Completa este campo').first()).toBeVisible();
    await expect(page.getByText('Completa bien los campos')).toBeVisible();
    await fillCordobaAddress(address, `Bv. San Juan ${RUN_ID}`);
    await shot(page, '3-address', [1280, 390]);
    await address.getByRole('button', { name: 'Guardar dirección' }).click();
    // A retry saves the same address again: the new one is the checked one.
    await expect(page.getByRole('radio', { name: new RegExp(`Bv\\. San Juan ${RUN_ID} 850`), checked: true })).toHaveCount(1);
    await page.getByTestId('checkout-continue').click();

    // Step 4: billing data with a CUIT check digit.
    await expect(page).toHaveURL(/step=billing/);
    if ((await page.getByTestId('billing-form').count()) === 0) await page.getByRole('button', { name: 'Agregar otros datos' }).click();
    const billing = page.getByTestId('billing-form');
    const cuit = randomCuit();
    const wrong = `${cuit.slice(0, 10)}${(Number(cuit[10]) + 1) % 10}`;
    await billing.getByLabel('Condición frente al IVA').selectOption('Responsable Inscripto');
    await billing.getByLabel('Número').fill(wrong);
    await billing.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(billing.getByText('El CUIT no es válido')).toBeVisible();
    await shot(page, '4-billing', [1280, 390]);
    await billing.getByLabel('Número').fill(cuit);
    await billing.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(page.getByTestId('billing-options').getByRole('radio', { checked: true })).toHaveCount(1);
    await page.getByTestId('checkout-continue').click();

    // Summary: tier-applied lines, VAT for an interior shipment.
    await expect(page).toHaveURL(/step=summary/);
    await expect(page.getByTestId('summary-vat')).toBeVisible();
    await expect(page.getByTestId('checkout-summary')).toContainText(product.name);
    await shot(page, '5-summary', [1280, 390]);

    // The browser's Back walks the steps; Forward returns.
    await page.goBack();
    await expect(page).toHaveURL(/step=billing/);
    await expect(page.getByRole('heading', { name: 'Datos de facturación' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/step=address/);
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/step=summary/);
    // …and so does the Back button.
    await page.getByTestId('checkout-back').click();
    await expect(page).toHaveURL(/step=billing/);
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/step=summary/);

    // Send.
    await page.getByTestId('checkout-send').click();
    await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 15_000 });
    const orderId = Number(/\/order\/(\d+)$/.exec(page.url())![1]);
    const detail = page.getByTestId('order-detail');
    await expect(detail).toHaveAttribute('data-state', 'received');
    await expect(page.getByTestId('order-state').first()).toHaveText('Recibido');
    await expect(page.getByTestId('order-item')).toHaveCount(1);
    await expect(page.getByTestId('bank-data')).toContainText('CBU');
    expect(await page.evaluate(() => localStorage.getItem('cartQuantity'))).toBe('0');
    await shot(page, '6-order-received', [1280, 390]);

    // The orders list shows it with its badge.
    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ has: page.locator(`a[href$="/order/${orderId}"]`) });
    await expect(card.getByTestId('order-state')).toHaveText('Recibido');
    await shot(page, '7-orders', [1280, 390]);

    // Staff sends a budget (API); the customer accepts it in the UI.
    await staffPost(request, staff, `${orderId}/budget`, { boxes: 2, bonus: 500 });
    await page.goto(`/order/${orderId}`);
    await expect(detail).toHaveAttribute('data-state', 'review');
    await expect(page.getByTestId('order-budget')).toBeVisible();
    await shot(page, '8-order-review', [1280, 390]);
    await page.getByTestId('order-accept').click();
    await page.getByTestId('order-confirm-yes').click();
    await expect(detail).toHaveAttribute('data-state', 'accepted');
    await expect(page.getByTestId('order-state').first()).toHaveText('Aceptado');

    // Proof of transfer: no file → message; then a PNG.
    await page.getByTestId('proof-submit').click();
    await expect(page.getByTestId('proof-form').getByRole('alert')).toHaveText('No seleccionaste un archivo');
    await page.getByLabel('Archivo del comprobante').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('proof-submit').click();
    await expect(page.getByTestId('proof-list')).toContainText('comprobante.png');
    await shot(page, '9-order-accepted-proof', [1280, 390]);

    // Staff loads the remit, ships and completes the order.
    await staffPost(request, staff, `${orderId}/remit`, { trackingNumber: 'VC-123456' });
    // a shipment without a recorded payment is dispatched only when staff confirm it (issue 32, item 2)
    await staffPost(request, staff, `${orderId}/state`, { to: 'shipped', confirmUnpaid: true });
    await staffPost(request, staff, `${orderId}/state`, { to: 'completed' });
    await page.reload();
    await expect(detail).toHaveAttribute('data-state', 'completed');
    await expect(page.getByTestId('order-remit')).toContainText('VC-123456');
    await expect(page.getByTestId('order-history').getByTestId('order-state')).toHaveText([
      'Recibido',
      'Presupuesto enviado',
      'Aceptado',
      'Despachado',
      'Completado',
    ]);
    await shot(page, '10-order-completed', [1280, 390]);

    // Finished orders: the /orders filter and the profile tab.
    await page.goto('/orders?filter=finished');
    await expect(page.getByRole('button', { name: /Finalizados/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('order-card').filter({ has: page.locator(`a[href$="/order/${orderId}"]`) })).toBeVisible();
    await page.goto('/profile?tab=finished');
    await expect(page.getByRole('tabpanel').getByTestId('order-card').filter({ has: page.locator(`a[href$="/order/${orderId}"]`) })).toBeVisible();

    // Another customer gets the 404 page for this order.
    const other = await browser.newContext({ locale: 'es-AR', baseURL: new URL(page.url()).origin });
    await other.addCookies([{ name: 'userToken', value: vip.token, url: new URL(page.url()).origin }]);
    const otherPage = await other.newPage();
    const res = await otherPage.goto(`/order/${orderId}`);
    expect(res?.status()).toBe(404);
    await expect(otherPage.getByText('No encontramos esta página')).toBeVisible();
    await other.close();
  });

  test('checkout with an empty cart points to the products', async ({ page, customer }) => {
    await logIn(page, customer);
    await page.evaluate(() => localStorage.removeItem('cartItems'));
    await page.goto('/checkout');
    await expect(page.getByTestId('checkout-empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver productos' }).first()).toHaveAttribute('href', '/products');
  });

  test('signed out, /checkout and /order/{id} go to the login', { tag: SMOKE }, async ({ page }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.goto('/order/1');
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});
