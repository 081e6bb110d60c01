import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fillLogin } from './support/session';

/**
 * Staff catalogue management (issue 32, item 1), in the browser against the production build: staff creates
 * a category, then a product in it with a tier offer, typed the way the shop writes amounts ("21.500");
 * an anonymous visitor finds it on the category page and in the search. Staff duplicates it (the copy is
 * hidden), archives the original (with confirmation) and the visitor no longer sees it. Screenshots at
 * 1280 and 390 px go to SHOTS_DIR.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-catalog';
const PASSWORD = 'tienda-demo';
const pesos = (n: number) => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(n).replace(/\s+/g, ' ');

const login = (page: Page, email: string, password = PASSWORD) => fillLogin(page, { email, password });

/** The visitor's view of a storefront page, retried until `want` holds (on-demand revalidation is async). */
async function shopShows(page: Page, path: string, name: string, want: boolean) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return (await page.getByTestId('product-card').filter({ hasText: name }).count()) > 0;
      },
      { timeout: 15_000, intervals: [500, 1000] },
    )
    .toBe(want);
}

test.describe('admin catalogue', () => {
  test.describe.configure({ timeout: 180_000 });

  test('staff creates a category and a product in it, duplicates and archives it; the storefront follows', async ({ page, browser }) => {
    const tag = Date.now().toString(36);
    const categoryName = `Cuencos ${tag}`;
    const productName = `Cuenco Tibetano Ñandutí ${tag}`;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/categories');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fcategories/);
    await login(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(page.getByTestId('admin-nav').getByRole('link', { name: 'Categorías' })).toHaveAttribute('aria-current', 'page');

    // a new category: it goes to the end of the menu order
    await page.getByTestId('category-new-name').fill(categoryName);
    await page.getByTestId('category-create-submit').click();
    await expect(page.getByText('Categoría creada')).toBeVisible();
    const row = page.getByTestId('category-row').filter({ has: page.locator(`input[value="${categoryName}"]`) });
    await expect(row).toHaveCount(1);
    const slug = (await row.getAttribute('data-slug'))!;
    expect(slug).toBe(`cuencos-${tag}`);
    await expect(page.getByTestId('category-row').last()).toHaveAttribute('data-slug', slug);
    // its image: a real PNG, stored as WebP and shown
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#6b3fa0' } }).png().toBuffer();
    await row.getByTestId('category-image-input').setInputFiles({ name: 'cuencos.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Imagen guardada')).toBeVisible();
    const thumb = row.getByTestId('category-image');
    expect(await thumb.getAttribute('src')).toMatch(/\/uploads\/categories\/c\d+-[0-9a-f]{16}\.webp/);
    await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    // moved up one place in the menu order
    await row.getByRole('button', { name: `Subir ${categoryName}` }).click();
    await expect(page.getByText('Orden guardado')).toBeVisible();
    const rows = page.getByTestId('category-row');
    await expect(rows.nth((await rows.count()) - 2)).toHaveAttribute('data-slug', slug);
    // an empty category may be deleted: the button is there (and asks first)
    await expect(row.getByRole('button', { name: 'Borrar' })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/categories-1280.png`, fullPage: true });

    // a new product from the list's "Nuevo producto"
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Productos' }).click();
    await page.getByTestId('new-product').click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    const form = page.getByTestId('product-create-form');
    // nothing typed: the form says what is missing
    await form.getByTestId('create-product').click();
    await expect(form.getByRole('alert').first()).toHaveText('Poné un nombre (hasta 200 caracteres)');
    await form.getByTestId('create-name').fill(productName);
    await form.getByTestId('create-description').fill('Cuenco de **bronce** martillado a mano.');
    await form.getByTestId('create-price').fill('21.500');
    await expect(form.getByTestId('echo-price')).toHaveText(`Se guarda como ${pesos(21500)}`);
    await form.getByTestId(`create-category-${slug}`).check();
    await form.getByRole('button', { name: 'Agregar oferta' }).click();
    await form.getByLabel('Desde (unidades)').fill('6');
    await form.getByLabel('Precio c/u').fill('19.900');
    await form.getByLabel('Nombre', { exact: true }).last().fill('Pack x 6');
    await page.screenshot({ path: `${SHOTS}/new-product-1280.png`, fullPage: true });
    await form.getByTestId('create-product').click();
    await expect(page.getByText('Producto creado')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
    const productId = Number(page.url().split('/').pop());

    // the same name again is refused by the API with its Spanish message
    await page.goto('/admin/products/new');
    await page.getByTestId('create-name').fill(productName);
    await page.getByTestId('create-price').fill('100');
    await page.getByTestId('create-product').click();
    await expect(page.getByText('Ya existe un producto con esa dirección: cambiá el nombre o la dirección')).toBeVisible();

    // the visitor finds it on the category page and in the search
    const visitor = await browser.newContext();
    const shop = await visitor.newPage();
    await shopShows(shop, `/${slug}`, productName, true);
    await shop.screenshot({ path: `${SHOTS}/shop-category-1280.png` });
    await shopShows(shop, `/products?query=${encodeURIComponent(`cuenco nanduti ${tag}`)}`, productName, true);
    await expect(shop.getByTestId('product-card').filter({ hasText: productName })).toContainText(pesos(21500));

    // duplicate: the copy opens in the editor, hidden, and is not in the shop
    await page.goto(`/admin/products/${productId}`);
    await page.getByTestId('duplicate-product').click();
    await expect(page.getByText('Copia creada: queda oculta hasta que la actives')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${productName} (copia)`);
    await expect(page.getByTestId('product-state')).toHaveText('Oculto');
    expect(page.url()).not.toMatch(new RegExp(`/admin/products/${productId}$`));

    // archive the original, after confirming
    await page.goto(`/admin/products/${productId}`);
    await page.getByTestId('archive-product').click();
    await expect(page.getByTestId('confirm-action')).toContainText('Deja de verse en la tienda');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/archive-confirm-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByText('Producto archivado: ya no se ve en la tienda')).toBeVisible();
    await expect(page.getByTestId('product-archived')).toHaveText('Archivado');
    await expect(page.getByTestId('restore-product')).toBeVisible();

    // gone from the category page and from the search
    await shopShows(shop, `/${slug}`, productName, false);
    await shopShows(shop, `/products?query=${encodeURIComponent(`cuenco nanduti ${tag}`)}`, productName, false);

    // staff still list it, marked archived; the category cannot be deleted while it holds products
    await page.goto(`/admin/products?q=${encodeURIComponent(tag)}`);
    await expect(page.locator(`[data-testid="product-row"][data-product-id="${productId}"]`)).toHaveAttribute('data-archived', 'true');
    await page.screenshot({ path: `${SHOTS}/list-archived-1280.png`, fullPage: true });
    await page.goto('/admin/categories');
    const busyRow = page.getByTestId('category-row').filter({ has: page.locator(`input[value="${categoryName}"]`) });
    await expect(busyRow.getByRole('button', { name: 'Borrar' })).toBeDisabled();

    // phone: the pages fit 390 px
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/admin/categories', 'categories-390'],
      ['/admin/products/new', 'new-product-390'],
      [`/admin/products/${productId}`, 'product-390'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} no se desborda a 390 px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    }
    await visitor.close();
  });
});
