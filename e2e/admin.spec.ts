import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../lib/api/types';

/**
 * Staff back-office (/admin): a customer's order (created through the API) appears on the board under
 * 'Recibido'; staff opens it, starts it, sends a budget with an adjusted unit price and the customer's
 * order API then shows state review. A customer is sent away from /admin and the staff API refuses them.
 * Screenshots at 1280 and 390 px go to test-results/admin/.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const SHOTS = 'test-results/admin';
const PASSWORD = 'tienda-demo';

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email}`).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A pickup order of the demo customer, created through the API: its id and number. */
async function createOrder(request: APIRequestContext, token: string): Promise<{ id: number; number: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const products = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
  const p = products.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500))!;
  const step = p.steps || 1;
  const units = Math.max(p.min || 1, Math.ceil(Math.ceil(150000 / Math.min(p.discount ?? p.price, p.price)) / step) * step);
  const billing = ((await (await request.get(`${API}/api/user/myBillingData`, { headers })).json()) as { data: { id: number }[] }).data;
  const res = await request.post(`${API}/api/order`, { headers, data: { products: [{ id: p.id, quantity: units }], billingDataId: billing[0]!.id, toSucc: true } });
  expect(res.status(), await res.text()).toBe(201);
  const data = ((await res.json()) as { data: { id: number; number: number } }).data;
  return { id: data.id, number: data.number };
}

async function login(page: Page, email: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Ingresar', exact: true }) }).first();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

test.describe('admin back-office', () => {
  test.describe.configure({ timeout: 120_000 });

  test('staff handles a new order: board, start, budget with an adjusted price', async ({ page, request }) => {
    const customerToken = await apiLogin(request, 'cliente@example.com');
    const order = await createOrder(request, customerToken);

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
    await expect.poll(async () => ((await (await request.get(`${API}/api/config`)).json()) as { data: { minOrderPrice: number } }).data.minOrderPrice).toBe(Number(original));
  });

  test('a customer is sent away from /admin and the staff API refuses them', async ({ page, request }) => {
    const token = await apiLogin(request, 'cliente@example.com');
    const refused = await request.get(`${API}/api/staff/orders`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    const noToken = await request.get(`${API}/api/staff/orders`);
    expect(noToken.status()).toBe(401);

    await page.goto('/login?next=%2Fadmin');
    await login(page, 'cliente@example.com');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/config');
    await expect(page).toHaveURL(/\/$/);
  });
});
