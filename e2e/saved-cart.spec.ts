/**
 * A cart that follows the customer (issue 23 §4): a guest's cart on browser A meets the account's saved cart
 * at sign-in (toast, both lines in the cart); browser B signs in and sees the same cart; an edit in B shows in
 * A after a reload. Screenshots of the merge toast and the cart at 1280 and 390 px.
 */
import type { Browser, Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';
import type { CartItem } from '../lib/cart/types';
import { API } from './support/env';
import { apiData, catalogue } from './support/shop';
import { fillLogin } from './support/session';
import { expect, need, test } from './support/fixtures';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** The cart item the product page would store for one unit-rule-free simple product. */
function itemOf(p: Product, units: number): CartItem {
  return {
    id: p.id,
    units,
    cartName: p.name,
    price: p.price,
    discount: p.discount,
    fatherId: p.id,
    cartFatherName: p.name,
    image: null,
    path: `/products/${p.slug}`,
    offers: p.Offers,
    state: 'active',
    min: p.min ?? 0,
    max: p.max ?? 0,
    steps: p.steps ?? 0,
  };
}

async function browserAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-AR', viewport: { width, height: 900 } });
  return context.newPage();
}

async function signInOn(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, need('customer'));
  await expect(page).not.toHaveURL(/\/login/);
}

type Saved = { version: number; lines: { id: number; units: number }[] };

test('the cart follows the customer: sign-in merge with a toast, the same cart on a second browser, an edit carried back', async ({ browser, request, customer }) => {
  const saved = () => apiData<Saved>(request, 'api/cart', customer.headers);
  const put = (body: object) => request.put(`${API}/api/cart`, { headers: customer.headers, data: body });
  const simple = (await catalogue(request)).filter((p) => !p.isVariable && p.state === 'active' && (p.min ?? 0) <= 1 && (p.steps ?? 1) <= 1 && (!p.max || p.max >= 10));
  expect(simple.length, 'three simple products without quantity rules').toBeGreaterThanOrEqual(3);
  const [fromDevice, fromAccount, both] = simple as [Product, Product, Product];

  // (the customer fixture empties the saved cart before and after the test)
  // the account already holds two lines (saved from another device)
  expect((await put({ baseVersion: 0, lines: [{ id: fromAccount.id, units: 2 }, { id: both.id, units: 5 }] })).status()).toBe(200);

  // browser A, as a guest: its own cart in localStorage
  const a = await browserAt(browser, 1280);
  await a.goto('/');
  await a.evaluate((items) => localStorage.setItem('cartItems', JSON.stringify(items)), [itemOf(fromDevice, 3), itemOf(both, 2)]);
  await signInOn(a);
  const toast = a.getByText('Unimos este carrito con el de tu cuenta: ahora tenés 3 artículos.', { exact: false });
  await expect(toast).toBeVisible();
  await a.screenshot({ path: `${SHOTS}/saved-cart-merge-toast-1280.png` });
  // the same line in both: the larger quantity (5, not 2 and not 7)
  await expect.poll(async () => Object.fromEntries((await saved()).lines.map((l) => [l.id, l.units]))).toEqual({
    [fromAccount.id]: 2,
    [both.id]: 5,
    [fromDevice.id]: 3,
  });
  await a.goto('/cart');
  await expect(a.getByTestId('cart-line')).toHaveCount(3);
  await a.screenshot({ path: `${SHOTS}/saved-cart-1280.png`, fullPage: true });

  // browser B (a phone), empty: signs in and finds the same cart
  const b = await browserAt(browser, 390);
  await signInOn(b);
  await expect(b.getByText('Recuperamos tu carrito guardado: 3 artículos.')).toBeVisible();
  await b.screenshot({ path: `${SHOTS}/saved-cart-restored-toast-390.png` });
  await b.goto('/cart');
  const lines = b.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  for (const p of [fromDevice, fromAccount, both]) await expect(b.getByTestId('cart-line').filter({ hasText: p.name })).toHaveCount(1);
  await b.screenshot({ path: `${SHOTS}/saved-cart-390.png`, fullPage: true });

  // edit in B: one line removed; A, reloaded, shows the edit
  await b.getByRole('button', { name: `Quitar ${fromAccount.name} del carrito` }).click();
  await expect(lines).toHaveCount(2);
  await expect.poll(async () => (await saved()).lines.map((l) => l.id).sort()).toEqual([fromDevice.id, both.id].sort());
  await a.reload();
  await expect(a.getByTestId('cart-line')).toHaveCount(2);
  await expect(a.getByTestId('cart-line').filter({ hasText: fromAccount.name })).toHaveCount(0);

  // sign-out on A: the device's copy goes, the saved cart stays
  await a.goto('/profile');
  await a.getByTestId('profile-logout').click();
  await expect.poll(() => a.evaluate(() => localStorage.getItem('cartItems'))).toBeNull();
  expect((await saved()).lines).toHaveLength(2);
  await a.context().close();
  await b.context().close();
});
