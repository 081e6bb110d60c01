import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, RUN_ID } from './support/env';
import { signedInPage } from './support/session';

/**
 * Back-in-stock alerts (issue 24 §3): on a product made for the test (one variation without stock), a guest's
 * "Avisame cuando haya stock" leads to the sign-in page and back to the product; the signed-in customer
 * subscribes to the variation (pressing again would cancel), staff see "1 espera" in the editor and put the
 * variation back in stock there; the customer's bell gets "Volvió el stock" without a reload, linking the
 * product. Screenshots of the product page with the button (1280 and 390 px) go to SHOTS_DIR.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/stock-alerts';
const PASSWORD = 'tienda-demo';

async function token(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const badge = (page: Page) => page.getByTestId('notification-count');
async function badgeCount(page: Page): Promise<number> {
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-loaded', 'true');
  return (await badge(page).count()) ? Number(await badge(page).textContent()) : 0;
}

test.describe('stock alerts', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a customer waits for a variation without stock; staff put it back in the editor; the bell rings', async ({ browser, page, request }) => {
    const staffToken = await token(request, 'staff@example.com');
    const auth = { authorization: `Bearer ${staffToken}` };
    const name = `Vela Aviso ${RUN_ID} ${Date.now().toString(36)}`;
    const created = await request.post(`${API}/api/staff/products`, {
      headers: auth,
      data: {
        name,
        price: 2500,
        variable: 'Aroma',
        variations: [
          { name: 'Lavanda', price: 2500 },
          { name: 'Vainilla', price: 2500, state: 'noStock' },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = ((await created.json()) as { data: { id: number; slug: string; variations: { id: number; name: string }[] } }).data;
    const vainilla = product.variations.find((v) => v.name === 'Vainilla')!;
    const path = `/products/${product.slug}`;

    try {
      // a guest: the button is a way to sign in that comes back to the product
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      const guestRow = page.getByTestId('variation-row').filter({ hasText: 'Vainilla' });
      const guestLink = guestRow.getByRole('link', { name: `Avisame cuando haya stock: ${name} – Vainilla` });
      await expect(guestLink).toBeVisible();
      await expect(page.getByTestId('variation-row').filter({ hasText: 'Lavanda' }).getByTestId('stock-alert')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/product-guest-1280.png` });
      await guestLink.click();
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await page.context().close();

      // the customer, signed in through that same way back
      const customer = await signedInPage(browser, { email: 'cliente@example.com', password: PASSWORD }, path);
      await expect(customer).toHaveURL(new RegExp(`${path}$`));
      const row = customer.getByTestId('variation-row').filter({ hasText: 'Vainilla' });
      const subscribe = row.getByRole('button', { name: `Avisame cuando haya stock: ${name} – Vainilla` });
      await expect(subscribe).toBeEnabled();
      await subscribe.click();
      const cancel = row.getByRole('button', { name: `Cancelar aviso: ${name} – Vainilla` });
      await expect(cancel).toBeVisible();
      await expect(row.getByRole('status')).toHaveText('Ya te vamos a avisar por mail y en la campanita cuando vuelva el stock.');
      await customer.screenshot({ path: `${SHOTS}/product-stock-alert-1280.png` });
      // pressing again cancels; once more subscribes again (the state survives a reload)
      await cancel.click();
      await expect(subscribe).toBeVisible();
      await subscribe.click();
      await expect(cancel).toBeVisible();
      await customer.reload();
      await expect(cancel).toBeEnabled();
      await customer.setViewportSize({ width: 390, height: 844 });
      await customer.getByTestId('buy-box').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await customer.screenshot({ path: `${SHOTS}/product-stock-alert-390.png` });
      await customer.setViewportSize({ width: 1280, height: 900 });
      const before = await badgeCount(customer);

      // staff: the product list and the editor show who waits; the variation goes back in stock in the editor
      const staff = await signedInPage(browser, { email: 'staff@example.com', password: PASSWORD }, `/admin/products?q=${encodeURIComponent(name)}`);
      const listRow = staff.getByTestId('product-row').filter({ hasText: name });
      await expect(listRow.getByTestId('waiting-count')).toHaveText('1 espera');
      await expect(listRow.getByTestId('waiting-count')).toHaveAttribute('title', '1 cliente espera stock');
      await staff.goto(`/admin/products/${product.id}`);
      await expect(staff.getByTestId('product-waiting')).toHaveText('1 cliente espera stock');
      const staffRow = staff.getByTestId('variation-row').filter({ hasText: 'Vainilla' });
      await expect(staffRow.getByTestId('waiting-count')).toHaveText('1 espera');
      await staff.screenshot({ path: `${SHOTS}/backoffice-stock-waiting-1280.png`, fullPage: true });
      await staffRow.getByLabel('Estado Vainilla').selectOption('active');
      await staffRow.getByRole('button', { name: 'Guardar Vainilla' }).click();
      await expect(staff.getByText('Variante guardada')).toBeVisible();
      await expect(staff.getByTestId('product-waiting')).toHaveCount(0);

      // the customer's bell, live
      await expect(badge(customer)).toHaveText(String(before + 1));
      await customer.getByTestId('notification-bell').click();
      const item = customer.getByTestId('notification-popup').getByTestId('notification-item').filter({ hasText: 'Volvió el stock' }).filter({ hasText: name });
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('link', { name: /^Ir/ })).toHaveAttribute('href', path);
      await customer.screenshot({ path: `${SHOTS}/bell-1280.png` });
      await item.getByRole('button', { name: /Marcar como visto/ }).click();
      await expect(item).toHaveCount(0);
      await customer.keyboard.press('Escape');

      // the subscription ended, and the page now sells the variation
      const mine = await request.get(`${API}/api/stock-alerts?productId=${product.id}`, { headers: { authorization: `Bearer ${await token(request, 'cliente@example.com')}` } });
      expect(((await mine.json()) as { data: unknown[] }).data).toEqual([]);
      await expect(async () => {
        await customer.reload();
        await expect(customer.getByTestId('variation-row').filter({ hasText: 'Vainilla' }).getByTestId('quantity-selector')).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      expect(vainilla.id).toBeGreaterThan(0);

      await customer.context().close();
      await staff.context().close();
    } finally {
      await request.delete(`${API}/api/staff/products/${product.id}`, { headers: auth });
    }
  });
});
