import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';
import { fillLogin } from './support/session';

/**
 * Bulk price change (issue 24 §2): staff previews a 10 % rise on a category (every product and variation old →
 * new), applies it; an anonymous visitor sees the new price on the category page and the product page within
 * 10 s (on-demand revalidation); the price CSV of that category exports through the storefront's link; the
 * audit log lists the change; undo puts the old prices back, on the public pages too. Screenshots of the
 * preview and the audit log at 1280 and 390 px go to SHOTS_DIR.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-prices';
const PASSWORD = 'tienda-demo';
const pesos = (n: number) => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(n);

const login = (page: Page, email: string, password = PASSWORD) => fillLogin(page, { email, password });

type Category = { id: number; name: string; slug: string; productCount?: number };

/** The smallest demo category that has an active simple product without a sale price. */
async function pickCategory(request: APIRequestContext): Promise<{ category: Category; product: Product; total: number }> {
  const categories = ((await (await request.get(`${API}/api/category/names`)).json()) as { data: Category[] }).data;
  const withLists = await Promise.all(
    categories.map(async (c) => ({ c, list: ((await (await request.get(`${API}/api/products?rows=48&page=1&Categories=${c.slug}`)).json()) as { data: { items: Product[]; total: number } }).data })),
  );
  const usable = withLists
    .filter(({ list }) => list.total > 0 && list.total <= 48)
    .map(({ c, list }) => ({ category: c, total: list.total, product: list.items.find((p) => !p.isVariable && p.state === 'active' && p.discount === null) }))
    .filter((x): x is { category: Category; product: Product; total: number } => Boolean(x.product))
    .sort((a, b) => a.total - b.total);
  expect(usable.length, 'a demo category with an active simple product').toBeGreaterThan(0);
  return usable[0]!;
}

/** 10 % more, in centavos, half away from zero (lib/money percentOf). */
const risen = (pesos_: number) => {
  const cents = Math.round(pesos_ * 100);
  return (cents + Math.round(cents / 10)) / 100;
};

test.describe('admin bulk prices', () => {
  test.describe.configure({ timeout: 180_000 });

  test('staff previews and applies a 10% rise on a category; the shop follows within 10 s; undo restores it', async ({ page, browser, request }) => {
    const { category, product } = await pickCategory(request);
    const oldPrice = product.price;
    const newPrice = risen(oldPrice);
    const productPath = `/${category.slug}/${product.slug}`;

    // the visitor has both pages cached before the change
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/${category.slug}`);
    await expect(visitor.getByText(pesos(oldPrice)).first()).toBeVisible();
    await visitor.goto(productPath);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(visitor.getByText(pesos(oldPrice)).first()).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/products/prices');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fproducts%2Fprices/);
    await login(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin\/products\/prices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cambio de precios masivo' })).toBeVisible();
    await expect(page.getByTestId('admin-nav').getByRole('link', { name: 'Precios' })).toHaveAttribute('aria-current', 'page');

    // a value that is not a number is refused before anything is sent
    await page.getByTestId('price-value').fill('diez');
    await page.getByTestId('price-preview').click();
    await expect(page.getByText('Ingresá un número mayor a 0 con hasta 2 decimales')).toBeVisible();

    await page.getByTestId('price-category').selectOption({ label: category.name });
    await page.getByTestId('price-value').fill('10');
    await page.getByTestId('price-preview').click();
    const panel = page.getByTestId('price-preview-panel');
    await expect(panel).toBeVisible();
    const count = Number(await page.getByTestId('price-preview-count').getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    const row = page.locator(`[data-testid="price-preview-row"][data-product-id="${product.id}"]`);
    await expect(row).toHaveAttribute('data-new-price', String(newPrice));
    await expect(row).toContainText(pesos(newPrice));
    await page.screenshot({ path: `${SHOTS}/preview-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/preview-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // nothing written by the preview
    const before = ((await (await request.get(`${API}/api/product/slug/${product.slug}`)).json()) as { data: Product }).data;
    expect(before.price).toBe(oldPrice);

    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('price-apply').click();
    await expect(page.getByText('Precios actualizados. El cambio quedó registrado en la auditoría.')).toBeVisible();
    await expect(page.getByTestId('price-undo')).toBeVisible();

    // the visitor sees the new price within 10 s on both pages
    const seen = async (path: string, price: number) =>
      expect
        .poll(
          async () => {
            await visitor.goto(path);
            return visitor.getByText(pesos(price)).count();
          },
          { timeout: 10_000, intervals: [500, 1000] },
        )
        .toBeGreaterThan(0);
    const t0 = Date.now();
    await seen(productPath, newPrice);
    await seen(`/${category.slug}`, newPrice);
    console.log(`new prices visible after ${Date.now() - t0} ms`);

    // the CSV of the category, through the storefront's link with the page's cookies
    const href = await page.getByTestId('price-export').getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.startsWith('\uFEFFSKU;Nombre;Precio;Descuento')).toBe(true);
    expect(text).toContain(`;${newPrice.toFixed(2).replace('.', ',')}`);

    // the audit log lists it
    await page.goto('/admin/audit');
    const entry = page.getByTestId('audit-row').first();
    await expect(entry).toHaveAttribute('data-action', 'prices.bulk');
    await expect(entry).toContainText(category.name);
    await entry.getByTestId('audit-see').click();
    await expect(page.getByTestId('audit-entry')).toContainText(product.name);
    await page.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // undo: the old prices come back, in the shop too
    await page.goto('/admin/products/prices');
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('price-undo').click();
    await expect(page.getByText('Cambio deshecho.')).toBeVisible();
    await seen(productPath, oldPrice);
    await seen(`/${category.slug}`, oldPrice);
    await visitor.context().close();
    const after = ((await (await request.get(`${API}/api/product/slug/${product.slug}`)).json()) as { data: Product }).data;
    expect(after.price).toBe(oldPrice);

    // the filter by what: only undos
    await page.goto('/admin/audit?action=prices.undo');
    await expect(page.getByTestId('audit-row').first()).toHaveAttribute('data-action', 'prices.undo');
  });
});
