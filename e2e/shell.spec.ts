import { expect, test } from '@playwright/test';
import { SMOKE, STAGING } from './support/fixtures';
import { shopConfig } from './support/shop';

/** Whole pesos as the footer writes them ("$ 100.000"). */
const wholePesos = (n: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(n).replace(/\u00a0/g, ' ');

test.describe('app shell', { tag: STAGING }, () => {
  test('home answers 200 in Spanish with the shell landmarks', { tag: SMOKE }, async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    // the first Tab reaches the skip link, which targets <main>
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#main-content');
  });

  test('/en and /br have their lang and translated navigation', { tag: SMOKE }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await page.goto('/en'))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' })).toBeVisible();
    expect((await page.goto('/br'))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Produtos' })).toBeVisible();
  });

  test('the language switcher keeps the current page', { tag: SMOKE }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/faq');
    await page.locator('summary', { hasText: 'Español' }).filter({ visible: true }).click();
    await page.getByRole('link', { name: 'English' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unmatched path answers 404 with the 404 screen and the footer', { tag: SMOKE }, async ({ page }) => {
    for (const path of ['/esto/no/existe', '/en/nothing/here/at-all']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
    }
    await page.goto('/esto/no/existe');
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
    const illustration = page.getByRole('img', { name: /sahumerio/ });
    await expect(illustration).toBeVisible();
    // a static file (not inline in every page's payload): it must actually load
    await expect.poll(() => illustration.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('footer shows the minimums with 0 decimals, contact links, hours and search tags', { tag: SMOKE }, async ({ page, request }) => {
    // the deployment's minimums (the demo's are $ 100.000 and $ 50.000)
    const config = await shopConfig(request);
    await page.goto('/about-us');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`Compra mínima: ${wholePesos(config.minOrderPrice)}`, { exact: true })).toBeVisible();
    await expect(footer.getByText(`Compra mínima retirando en el local: ${wholePesos(config.minLocalPrice)}`, { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
    await expect(footer.getByRole('link', { name: /@/ }).first()).toBeVisible();
    await expect(footer.getByText('Lunes a viernes: 8 a 17 h')).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Búsquedas populares' })).toBeVisible();
    expect(await footer.getByRole('heading', { name: 'Búsquedas populares' }).locator('xpath=..').getByRole('link').count()).toBeGreaterThan(0);
    // the search keywords are visible copy, never hidden text (docs/adr/0006-hidden-keywords.md)
    const keywords = footer.getByText(/^Vendemos al por mayor: sahumerios por mayor/);
    await expect(keywords).toBeVisible();
    await expect(footer.locator('.visually-hidden', { hasText: 'sahumerios por mayor' })).toHaveCount(0);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /^sahumerios por mayor, /);
  });

  test('search dropdown: type, wait, ArrowDown, Enter → /products?query=…', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Buscar productos' });
    await box.click();
    await box.pressSequentially('sahumerio', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Sugerencias de productos' });
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole('option').nth(1)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('status')).toHaveText(/\d+ resultados?/);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?query=sahumerio$/);
  });

  test('search: a match leads to its product page; unknown terms say so; Escape clears', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Buscar productos' });
    await box.fill('zzzzqqq');
    await expect(page.getByRole('banner').getByText('No encontramos productos para «zzzzqqq»').first()).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await box.fill('vela');
    const firstMatch = page.getByRole('listbox').getByRole('option').nth(1);
    await expect(firstMatch).toBeVisible();
    await firstMatch.click();
    await expect(page).toHaveURL(/\/[a-z0-9-]+\/[a-z0-9-]+$/);
    expect(new URL(page.url()).pathname.split('/')).toHaveLength(3);
  });

  test('mobile: bottom bar visible at 390 px, hidden at 1280 px; drawer menu opens and closes', { tag: SMOKE }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Accesos rápidos' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Productos' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    // search button toggles the search panel
    await bar.getByRole('button', { name: 'Buscar' }).click();
    const panelBox = page.getByRole('region', { name: 'Buscar productos' }).getByRole('combobox');
    await expect(panelBox).toBeFocused();
    await bar.getByRole('button', { name: 'Buscar' }).click();
    await expect(panelBox).toBeHidden();
    // left drawer menu: a modal dialog, Escape closes it
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Nosotros' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(bar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
  });

  test('cart link shows the stored total and unit count', { tag: SMOKE }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/faq');
    await page.evaluate(() => {
      localStorage.setItem('cartTotal', '15300.5');
      localStorage.setItem('cartQuantity', '24');
      window.dispatchEvent(new Event('shop:cart-change'));
    });
    const cart = page.getByRole('banner').getByRole('link', { name: /^Carrito:/ });
    await expect(cart).toHaveAccessibleName('Carrito: $ 15.300,50, 24 artículos');
    await expect(cart).toContainText('24');
  });

  test('maintenance is off: pages are served normally (the 503 branch is unit-tested)', { tag: SMOKE }, async ({ request }) => {
    const res = await request.get('/faq');
    expect(res.status()).toBe(200);
    expect(res.headers()['retry-after']).toBeUndefined();
  });

  test('/uploads proxies API images with a long cache and passes 404 through', { tag: SMOKE }, async ({ page, request }) => {
    await page.goto('/');
    const src = await page.locator('main img[src^="/uploads/"]').first().getAttribute('src');
    expect(src).toBeTruthy();
    const img = await request.get(src!);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toMatch(/^image\//);
    expect(img.headers()['cache-control']).toContain('immutable');
    expect((await request.get('/uploads/products/does-not-exist.webp')).status()).toBe(404);
  });

  test('favicon, icons and manifest exist', { tag: SMOKE }, async ({ request }) => {
    for (const path of ['/favicon.ico', '/icon.png', '/apple-icon.png', '/manifest.webmanifest']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});
