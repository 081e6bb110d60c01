import { parsePesosInput } from '../lib/money/parse';
import { expect, type Page } from '@playwright/test';
import { API } from './support/env';
import { STAGING, test } from './support/fixtures';
import { pickupOrder } from './support/shop';
import { fillLogin } from './support/session';

/**
 * Staff back-office (/admin): a customer's order (created through the API) appears on the board under
 * 'Recibido'; staff opens it, starts it, sends a budget with an adjusted unit price and the customer's
 * order API then shows state review. A customer is sent away from /admin and the staff API refuses them.
 * Screenshots at 1280 and 390 px go to test-results/admin/. The first test is local-only: it edits the
 * shop's minimum order (a shared setting), restored at the end; e2e/admin-board.spec.ts moves orders on staging.
 */

const SHOTS = 'test-results/admin';
const PASSWORD = 'tienda-demo';

const login = (page: Page, email: string, password = PASSWORD) => fillLogin(page, { email, password });

test.describe('admin back-office', () => {
  test.describe.configure({ timeout: 120_000 });

  test('staff handles a new order: board, start, budget with an adjusted price', async ({ page, request, customer }) => {
    const customerToken = customer.token;
    const order = await pickupOrder(request, customer);

    // without a session /admin goes to the login page, which comes back to /admin
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin/);
    await login(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin$/);

    // the board, filtered by 'Recibido'
    await page.getByTestId('state-chips').getByRole('link', { name: /^Recibido/ }).click();
    await expect(page).toHaveURL(/\/admin\?state=received/);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('order-state')).toHaveText('Recibido');

    // search by order number keeps the state filter
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(String(order.number));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/board-1280.png`, fullPage: true });

    await row.getByRole('link', { name: String(order.number) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido N° ${order.number}`);

    // exactly the staff moves from 'received' (start, reject); budget also allowed
    const buttons = page.getByTestId('state-buttons').getByRole('button');
    await expect(buttons).toHaveText(['Pasar a En preparación', 'Pasar a Rechazado']);
    await buttons.first().click();
    await expect(page.getByRole('heading', { level: 1 }).locator('..').getByTestId('order-state')).toHaveText('En preparación');
    await expect(page.getByTestId('state-buttons').getByRole('button')).toHaveText(['Pasar a Rechazado', 'Pasar a Desarmado']);

    // the budget with an adjusted unit price: the preview follows, then it is sent
    const editor = page.getByTestId('budget-editor');
    const price = editor.getByRole('textbox', { name: /^Precio unitario de/ }).first();
    const units = Number(await editor.getByRole('textbox', { name: /^Unidades de/ }).first().inputValue());
    await price.fill('1000');
    const preview = page.getByTestId('budget-preview');
    const subtotal = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(units * 1000);
    await expect(preview).toContainText(subtotal);
    await page.screenshot({ path: `${SHOTS}/order-1280.png`, fullPage: true });
    await editor.getByRole('button', { name: 'Enviar presupuesto' }).click();
    await expect(page.getByRole('heading', { level: 1 }).locator('..').getByTestId('order-state')).toHaveText('Presupuesto enviado');

    const mine = await request.get(`${API}/api/order/${order.id}`, { headers: { authorization: `Bearer ${customerToken}` } });
    const body = (await mine.json()) as { data: { state: string; items: { unitPrice: number; priceAdjusted: boolean }[] } };
    expect(body.data.state).toBe('review');
    expect(body.data.items[0]!.unitPrice).toBe(1000);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/order-390.png` });
    await page.getByTestId('budget-editor').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/order-budget-390.png` });
    await page.goto('/admin');
    await page.screenshot({ path: `${SHOTS}/board-390.png`, fullPage: true });
    await page.goto('/admin/config');
    await expect(page.getByTestId('config-form')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/config-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/config-1280.png`, fullPage: true });

    // configuration: a bad amount is refused in the form; a good one is saved, then restored
    const form = page.getByTestId('config-form');
    const minOrder = form.getByLabel('Compra mínima ($)');
    const original = await minOrder.inputValue();
    await minOrder.fill('12,345');
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(form.getByRole('alert')).toHaveText('Ingresá un importe válido (hasta 2 decimales).');
    await minOrder.fill('123456,5');
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect.poll(async () => ((await (await request.get(`${API}/api/config`)).json()) as { data: { minOrderPrice: number } }).data.minOrderPrice).toBe(123456.5);
    await minOrder.fill(original);
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect.poll(async () => ((await (await request.get(`${API}/api/config`)).json()) as { data: { minOrderPrice: number } }).data.minOrderPrice).toBe(parsePesosInput(original)); // shown as the shop writes it: "100.000"
  });

  test('a customer is sent away from /admin and the staff API refuses them', { tag: STAGING }, async ({ page, request, customer }) => {
    const token = customer.token;
    const refused = await request.get(`${API}/api/staff/orders`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    const noToken = await request.get(`${API}/api/staff/orders`);
    expect(noToken.status()).toBe(401);

    await page.goto('/login?next=%2Fadmin');
    await login(page, customer.email, customer.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/config');
    await expect(page).toHaveURL(/\/$/);
  });
});
