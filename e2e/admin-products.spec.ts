import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Product } from '../lib/contracts/catalogue';
import { fillLogin } from './support/session';

/**
 * Staff products tools (/admin/products): staff searches a product by SKU, changes its price and puts it
 * in 'Pocas unidades', uploads an image; an anonymous visitor (a second browser context) sees the new
 * price and the low-stock label on the public product page within seconds (on-demand revalidation).
 * Hidden → the public page sends the visitor home. Screenshots at 1280 and 390 px go to SHOTS_DIR.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-products';
const PASSWORD = 'tienda-demo';
const pesos = (n: number) => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(n);

const login = (page: Page, email: string, password = PASSWORD) => fillLogin(page, { email, password });

/** An active simple product without a sale price, with a category (its public URL). */
async function pickProduct(request: APIRequestContext): Promise<Product & { sku: string; path: string }> {
  const items = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
  const p = items.find((x) => !x.isVariable && x.state === 'active' && x.discount === null && (x.Categories?.length ?? 0) > 0);
  expect(p, 'the demo catalogue has an active simple product in a category').toBeTruthy();
  const detail = ((await (await request.get(`${API}/api/product/slug/${p!.slug}`)).json()) as { data: Product & { SKU: string } }).data;
  return { ...p!, sku: detail.SKU, path: `/${p!.Categories![0]!.slug}/${p!.slug}` };
}

test.describe('admin products', () => {
  test.describe.configure({ timeout: 150_000 });

  test('staff edits price, state and images; the public page follows at once', async ({ page, browser, request }) => {
    const product = await pickProduct(request);
    const newPrice = Math.round(product.price) + 1234.5;

    // the visitor has the page cached before the change
    const visitor = await browser.newContext();
    const shop = await visitor.newPage();
    await shop.goto(product.path);
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(shop.getByText('Pocas unidades')).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/products');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fproducts/);
    await login(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/list-1280.png`, fullPage: true });

    // search by SKU (keyboard: type and Enter)
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill(product.sku);
    await search.press('Enter');
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await page.getByRole('link', { name: product.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

    // a bad price is refused in the form
    const form = page.getByTestId('product-form');
    const price = form.getByLabel('Precio (pesos)');
    await price.fill('12,345');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(form.getByRole('alert').first()).toHaveText('Ingresá un precio válido (hasta 2 decimales)');

    // a price typed the way the shop writes it ("1.234,50") is read as such and said back before saving;
    // the same digits with the thousands dot typed as a decimal point cut the price: the editor warns (issue 32)
    const typed = pesos(newPrice).replace(/^\$\s*/, '');
    const typo = `${Math.floor(newPrice / 1000)}.${String(Math.floor(newPrice % 1000)).padStart(3, '0').slice(0, 2)}`;
    await price.fill(typo);
    await expect(form.getByTestId('price-warnings')).toContainText('el precio baja de');
    await price.fill(typed);
    await expect(form.getByTestId('echo-price')).toHaveText(`Se guarda como ${pesos(newPrice)}`); // whitespace (NBSP) normalised
    await expect(form.getByTestId('price-warnings')).toHaveCount(0);

    // price + state 'Pocas unidades', saved with the keyboard shortcut
    await form.getByTestId('state-limited').check();
    await expect(page.getByText('Hay cambios sin guardar')).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Producto guardado')).toBeVisible();
    await expect(page.getByTestId('product-state')).toHaveText('Pocas unidades');

    // an image: a real PNG, stored as WebP
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5b2a4e' } }).png().toBuffer();
    const before = await page.getByTestId('product-image').count();
    await page.getByTestId('image-input').setInputFiles({ name: 'nueva.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Imagen subida')).toBeVisible();
    await expect(page.getByTestId('product-image')).toHaveCount(before + 1);
    const uploaded = page.getByTestId('product-image').last().locator('img');
    expect(await uploaded.getAttribute('src')).toMatch(/\/uploads\/products\/p\d+-[0-9a-f]{16}\.webp/);
    // the browser really shows it (served through the storefront's /uploads proxy)
    await expect.poll(() => uploaded.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/edit-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/edit-390.png` });
    await page.getByTestId('image-manager').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/edit-images-390.png` });
    await page.goto('/admin/products');
    await page.screenshot({ path: `${SHOTS}/list-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // the visitor sees the new price and the low-stock label within a few seconds
    await expect
      .poll(
        async () => {
          await shop.reload();
          const main = (await shop.locator('main').innerText()).replace(/\s+/g, ' ');
          return main.includes(pesos(newPrice).replace(/\s+/g, ' ')) && main.includes('Pocas unidades');
        },
        { timeout: 10_000, intervals: [500, 1000] },
      )
      .toBe(true);

    // hidden: the public page sends the visitor home
    await page.goto(`/admin/products/${product.id}`);
    await page.getByTestId('product-form').getByTestId('state-hidden').check();
    await page.getByTestId('save-product').click();
    await expect(page.getByTestId('product-state')).toHaveText('Oculto');
    await expect
      .poll(
        async () => {
          await shop.goto(product.path);
          return new URL(shop.url()).pathname;
        },
        { timeout: 10_000, intervals: [500, 1000] },
      )
      .toBe('/');

    // back to how it was
    await page.getByTestId('product-form').getByLabel('Precio (pesos)').fill(String(product.price).replace('.', ','));
    await page.getByTestId('product-form').getByTestId('state-active').check();
    await page.getByTestId('save-product').click();
    await expect(page.getByTestId('product-state')).toHaveText('Activo');
    await visitor.close();
  });

  test('the staff products API refuses customers (403) and guests (401)', async ({ request }) => {
    const res = await request.post(`${API}/auth/login`, { data: { email: 'cliente@example.com', password: PASSWORD } });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    expect((await request.get(`${API}/api/staff/products`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    expect((await request.get(`${API}/api/staff/products`)).status()).toBe(401);
  });
});
