import { mkdirSync } from 'node:fs';
import { fillLogin } from './support/session';
import { expect, need, STAGING, test } from './support/fixtures';

/**
 * Where staff land (issue 32, item 7): signing in without a `next`, staff arrive on the order board, not the
 * shop's home; the top bar, the account menu and the phone's bottom bar show "Gestión" (/admin) where a
 * customer sees "Pedidos"; the storefront's /orders tells staff where the customers' orders are instead of
 * showing an empty list. A customer's links stay as they were. Screenshots go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/staff-landing';

test.describe('where staff land', { tag: STAGING }, () => {
  test('staff sign in to the board and find their way back to it from the shop', async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const creds = need('staff');
    const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await fillLogin(page, creds);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('admin-nav')).toBeVisible();

    // from the shop: the top bar's link and the account menu lead back to the board
    await page.goto('/products');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Gestión' })).toHaveAttribute('href', /\/admin$/);
    await expect(nav.getByRole('link', { name: 'Pedidos' })).toHaveCount(0);
    const menu = page.getByTestId('account-menu');
    await expect(menu).toHaveAttribute('data-hydrated', 'true');
    await menu.getByRole('button').first().click();
    await expect(menu.getByRole('link', { name: 'Gestión' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/staff-menu-1280.png` });

    // the storefront's /orders: no empty customer list, a way to the board
    await page.goto('/orders');
    const notice = page.getByTestId('orders-staff');
    await expect(notice).toContainText('Los pedidos de los clientes están en Gestión');
    await notice.getByRole('link', { name: 'Ir al tablero de pedidos' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // a phone: the bottom bar's fourth button is the board
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Accesos rápidos' });
    await expect(bar.getByRole('link', { name: 'Gestión' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/staff-home-390.png` });
    await bar.getByRole('link', { name: 'Gestión' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await context.close();
  });

  test('a customer still lands on the home page and sees "Pedidos"', async ({ browser }) => {
    const creds = need('customer');
    const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await fillLogin(page, creds);
    await expect(page).toHaveURL(/localhost:\d+\/$|\/$/);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Pedidos' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Gestión' })).toHaveCount(0);
    await context.close();
  });
});
