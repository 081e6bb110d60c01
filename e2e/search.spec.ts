import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STAGING } from './support/fixtures';
import { signedInPage } from './support/session';

/**
 * Search as shoppers type (issue 28), in a real browser over the real API:
 * - the dropdown forgives a typo (sahumero → the sahumerios), at 1280 px in the header and at 390 px in the
 *   bottom bar's panel;
 * - a search that finds nothing says so on /products?query= and in the dropdown, offers "¿Quisiste decir …?"
 *   (which leads to results) and the categories;
 * - staff see the top searches and the ones without results at /admin/search, and add a synonym that the
 *   storefront's search uses at once.
 * Screenshots go to $SHOTS_DIR (default test-results/search).
 */

// Against a deployment only the first test runs (@staging): it needs no more than the shop's own word for
// its incense (sahumerio); the others expect demo products, categories and synonyms, and the last adds a
// synonym (a shared setting).
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/search';
const PASSWORD = 'tienda-demo';
mkdirSync(SHOTS, { recursive: true });

test.describe('search', () => {
  test('the dropdown forgives a typo (desktop header)', { tag: STAGING }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox');
    await box.fill('sahumero');
    const list = page.getByRole('listbox', { name: 'Sugerencias de productos' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('option').nth(1)).toContainText(/Sahumerio/);
    await page.screenshot({ path: `${SHOTS}/search-dropdown-typo-1280.png` });
  });

  test('pages ship the plain search form; the suggestions load on intent and keep what was typed (issue 25)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/products');
    const header = page.getByRole('banner');
    // Until the shopper shows intent, the box is the plain GET form (no suggestion code on the page).
    await expect(header.getByTestId('search-entry')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(header.getByTestId('search-entry')).toBeVisible();
    // Typed before the suggestions arrive: the text carries over and the dropdown opens.
    await header.getByRole('combobox').pressSequentially('sahumero', { delay: 30 });
    await expect(header.getByTestId('search-entry')).toHaveCount(0);
    await expect(header.getByRole('combobox')).toHaveValue('sahumero');
    await expect(page.getByRole('listbox', { name: 'Sugerencias de productos' }).getByRole('option').nth(1)).toContainText(/Sahumerio/);
    await expect(header.getByRole('combobox')).toBeFocused();
  });

  test('the dropdown forgives a typo (phone search panel)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('button').first().click();
    const box = page.getByRole('region', { name: 'Buscar productos' }).getByRole('combobox');
    await box.fill('velas de soja');
    const list = page.getByRole('listbox', { name: 'Sugerencias de productos' });
    await expect(list.getByRole('option').nth(1)).toContainText('Vela de Soja Aromática en Frasco 200 g');
    await page.screenshot({ path: `${SHOTS}/search-dropdown-typo-390.png` });
  });

  for (const width of [1280, 390]) {
    test(`nothing found: the page says so, suggests a term and the categories (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const res = await page.goto('/products?query=hornilllllo');
      expect(res?.status()).toBe(200);
      const empty = page.getByTestId('search-not-found');
      await expect(empty.getByRole('heading', { name: 'No encontramos productos para «hornilllllo»' })).toBeVisible();
      await expect(empty).toContainText('¿Quisiste decir hornillo?');
      const categories = empty.getByRole('navigation', { name: 'Explorá nuestras categorías' });
      await expect(categories.getByRole('link', { name: 'Hornillos', exact: true })).toHaveAttribute('href', '/hornillos');
      await page.screenshot({ path: `${SHOTS}/search-no-results-${width}.png`, fullPage: width === 390 });
      await empty.getByRole('link', { name: 'hornillo', exact: true }).click();
      await expect(page).toHaveURL(/\/products\?query=hornillo$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda para «hornillo»');
    });
  }

  test('nothing found in the dropdown: message, "¿Quisiste decir …?" and categories', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const box = header.getByRole('combobox');
    await box.fill('hornilllllo');
    // the visible message (the same text is also announced in the live region)
    await expect(header.getByText('No encontramos productos para «hornilllllo»').first()).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Explorá nuestras categorías' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/search-dropdown-no-results-1280.png` });
    await header.getByRole('button', { name: 'hornillo', exact: true }).click();
    await expect(box).toHaveValue('hornillo');
    await expect(header.getByRole('listbox', { name: 'Sugerencias de productos' }).getByRole('option').nth(1)).toContainText(/Hornillo/);
  });

  test('staff see the search report and add a synonym the shop uses at once', async ({ browser, page }) => {
    // searches to report: one with results, one without (the API logs them; the report flushes first)
    await page.goto('/products?query=velas');
    await page.goto('/products?query=pantuflas');

    for (const width of [1280, 390]) {
      const staff = await signedInPage(browser, { email: 'admin@example.com', password: PASSWORD }, '/', width);
      await staff.goto('/admin/search');
      await expect(staff.getByRole('heading', { level: 1, name: 'Búsqueda' })).toBeVisible();
      await expect(staff.getByTestId('search-top').getByRole('link', { name: 'velas', exact: true })).toBeVisible();
      const none = staff.getByTestId('search-no-results');
      await expect(none.getByRole('link', { name: 'pantuflas', exact: true })).toBeVisible();
      await expect(staff.getByTestId('synonyms-list').getByRole('textbox').first()).toHaveValue('incienso, sahumerio');
      await staff.screenshot({ path: `${SHOTS}/search-staff-report-${width}.png`, fullPage: true });
      if (width === 1280) {
        // the row without results offers a prefilled synonym
        await none.getByRole('row', { name: /pantuflas/ }).getByRole('link', { name: 'Agregar sinónimo' }).click();
        const add = staff.getByTestId('synonym-add');
        await expect(add.getByRole('textbox')).toHaveValue(/^pantuflas, $/);
        await add.getByRole('textbox').fill('pantuflas, atrapasueños');
        await add.getByRole('button', { name: 'Agregar' }).click();
        await expect(staff.getByTestId('synonyms-list').getByRole('textbox').last()).toHaveValue('pantuflas, atrapasuenos');
      }
      await staff.context().close();
    }

    await page.goto('/products?query=pantuflas');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda para «pantuflas»');
    await expect(page.getByRole('link', { name: /Atrapasueños/ }).first()).toBeVisible();
  });
});
