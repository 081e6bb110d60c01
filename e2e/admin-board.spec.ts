import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Product } from '../lib/api/types';

/**
 * The staff orders board and order detail live (issue #9), with TWO browser contexts:
 * - staff has the board open; the customer sends an order and a chat message → the board shows the new
 *   order and its unread badge without a reload;
 * - staff opens the order, moves it to a new state and answers in the chat → the customer's order page
 *   shows the new state and the answer without a reload; the history names the staff member.
 * Screenshots of the board and the detail at 1280 and 390 px go to SHOTS_DIR (default /tmp/shots-hboard).
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-hboard';
const PASSWORD = 'tienda-demo';
/** the demo staff account (server/db/seed/data.ts) */
const STAFF_NAME = 'Carla Ruiz';

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email}`).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The customer sends a pickup order (through the API, with the customer's own session). */
async function sendOrder(request: APIRequestContext, token: string): Promise<{ id: number; number: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const products = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
  const p = products.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500));
  expect(p, 'a simple active product in the demo catalogue').toBeTruthy();
  const step = p!.steps || 1;
  const units = Math.max(p!.min || 1, Math.ceil(Math.ceil(150000 / Math.min(p!.discount ?? p!.price, p!.price)) / step) * step);
  const billing = ((await (await request.get(`${API}/api/user/myBillingData`, { headers })).json()) as { data: { id: number }[] }).data;
  expect(billing.length, 'the demo customer has billing data').toBeGreaterThan(0);
  const res = await request.post(`${API}/api/order`, { headers, data: { products: [{ id: p!.id, quantity: units }], billingDataId: billing[0]!.id, toSucc: true } });
  expect(res.status(), await res.text()).toBe(201);
  const data = ((await res.json()) as { data: { id: number; number: number } }).data;
  return { id: data.id, number: data.number };
}

async function signedInPage(browser: Browser, email: string, next = '/'): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Ingresar', exact: true }) }).first();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** Marks the document; the mark survives client-side refreshes and disappears on a reload. */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
const stillNoReload = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);

test.describe('staff board live', () => {
  test.describe.configure({ timeout: 150_000 });

  test('new order and unread badge appear live; state change and chat answer reach the customer live', async ({ browser, request }) => {
    mkdirSync(SHOTS, { recursive: true });
    const customerToken = await apiLogin(request, 'cliente@example.com');

    // staff: the board is open (live indicator on) before anything happens
    const staff = await signedInPage(browser, 'staff@example.com', '/admin');
    await staff.goto('/admin');
    await expect(staff.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await expect(staff.getByTestId('live-indicator')).toHaveText('En vivo');
    const receivedChip = staff.getByTestId('state-chips').locator('[data-state="received"]');
    const receivedBefore = Number(await receivedChip.locator('span').last().textContent());
    await markNoReload(staff);

    // the customer sends an order → it appears at the top of the board, and the count goes up
    const order = await sendOrder(request, customerToken);
    const row = staff.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await expect(row).toBeVisible();
    await expect(staff.getByTestId('order-row').first()).toHaveAttribute('data-order-id', String(order.id));
    await expect(row.getByTestId('order-state')).toHaveText('Recibido');
    await expect(receivedChip).toContainText(String(receivedBefore + 1));
    await expect(row.getByTestId('unread-badge')).toHaveCount(0);
    await stillNoReload(staff);

    // the customer writes in the order chat → the unread badge shows on the staff board
    const customer = await signedInPage(browser, 'cliente@example.com', `/order/${order.id}`);
    await customer.goto(`/order/${order.id}`);
    const customerChat = customer.getByTestId('order-chat');
    await expect(customerChat).toBeVisible();
    await markNoReload(customer);
    const question = `¿Tienen stock para el viernes? ${Date.now()}`;
    await customerChat.getByLabel('Tu mensaje').fill(question);
    await customerChat.getByLabel('Tu mensaje').press('Enter');
    await expect(customerChat.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    await expect(row.getByTestId('unread-badge')).toHaveText(/^1/);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await stillNoReload(staff);

    await staff.screenshot({ path: `${SHOTS}/board-1280.png`, fullPage: false });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.screenshot({ path: `${SHOTS}/board-390.png`, fullPage: false });
    await staff.setViewportSize({ width: 1280, height: 900 });

    // staff opens the order: the chat holds the question and opening it marks it read
    await row.getByRole('link', { name: String(order.number) }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
    const staffChat = staff.getByTestId('order-chat');
    await expect(staffChat.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    await expect(customerChat.getByTestId('chat-status').last()).toHaveText('Leído');

    // staff moves it to 'En preparación' → the customer's page shows it without a reload
    const customerState = customer.getByTestId('order-detail').locator('header').getByTestId('order-state');
    await expect(customerState).toHaveText('Recibido');
    await staff.getByTestId('state-buttons').getByRole('button', { name: 'Pasar a En preparación' }).click();
    await expect(staff.getByRole('heading', { level: 1 }).locator('..').getByTestId('order-state')).toHaveText('En preparación');
    await expect(customerState).toHaveText('En preparación');
    await expect(customer.getByTestId('order-detail')).toHaveAttribute('data-state', 'started');

    // staff answers in the chat → the customer sees it live
    const answer = `Sí, lo preparamos hoy. ${Date.now()}`;
    await staffChat.getByLabel('Tu mensaje').fill(answer);
    await staffChat.getByLabel('Tu mensaje').press('Enter');
    await expect(customerChat.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await stillNoReload(customer);

    // the history names who made each change
    const history = staff.getByTestId('order-history');
    const started = history.getByTestId('history-entry').filter({ has: staff.getByTestId('order-state').filter({ hasText: 'En preparación' }) });
    await expect(started.getByTestId('history-actor')).toHaveText(STAFF_NAME);
    const received = history.getByTestId('history-entry').filter({ has: staff.getByTestId('order-state').filter({ hasText: 'Recibido' }) });
    await expect(received.getByTestId('history-actor')).toHaveText('Cliente');

    // back on the board, the badge is gone (read when staff opened the chat)
    await staff.goto('/admin');
    await expect(staff.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`).getByTestId('unread-badge')).toHaveCount(0);

    await staff.goto(`/admin/orders/${order.id}`);
    await expect(staff.getByTestId('order-history')).toBeVisible();
    await expect(staff.getByTestId('live-indicator')).toHaveText('En vivo');
    await staff.screenshot({ path: `${SHOTS}/detail-1280.png`, fullPage: true });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.screenshot({ path: `${SHOTS}/detail-390.png`, fullPage: true });
    await customer.screenshot({ path: `${SHOTS}/customer-order-1280.png`, fullPage: false });

    await customer.context().close();
    await staff.context().close();
  });
});
