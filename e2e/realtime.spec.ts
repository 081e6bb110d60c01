import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Product } from '../lib/api/types';

/**
 * Realtime (spec §2 Notification popup and order chat, §4, §7): two browser contexts — a customer and
 * a staff member — on the same /order/{id}. A message typed by one appears for the other without a
 * reload; the customer's bell count rises on a staff action and falls on 'Marcar como visto'.
 * Screenshots go to test-results/realtime/.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const SHOTS = 'test-results/realtime';
const PASSWORD = 'tienda-demo';

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `login ${email}`).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A pickup order of the demo customer, created through the API. */
async function createOrder(request: APIRequestContext, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const products = ((await (await request.get(`${API}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
  const p = products.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500))!;
  const step = p.steps || 1;
  const units = Math.max(p.min || 1, Math.ceil(Math.ceil(150000 / Math.min(p.discount ?? p.price, p.price)) / step) * step);
  const billing = ((await (await request.get(`${API}/api/user/myBillingData`, { headers })).json()) as { data: { id: number }[] }).data;
  const res = await request.post(`${API}/api/order`, { headers, data: { products: [{ id: p.id, quantity: units }], billingDataId: billing[0]!.id, toSucc: true } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Ingresar', exact: true }) }).first();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const badge = (page: Page) => page.getByTestId('notification-count');
async function badgeCount(page: Page): Promise<number> {
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  return (await badge(page).count()) ? Number(await badge(page).textContent()) : 0;
}

test.describe('realtime', () => {
  test.describe.configure({ timeout: 120_000 });

  test('order chat between two contexts and the bell on a staff action', async ({ browser, request }) => {
    const customerToken = await apiLogin(request, 'cliente@example.com');
    const staffToken = await apiLogin(request, 'staff@example.com');
    const orderId = await createOrder(request, customerToken);

    const customer = await signedInPage(browser, 'cliente@example.com');
    const staff = await signedInPage(browser, 'staff@example.com');

    // the bell: guests never see it; signed in it does
    await customer.goto(`/order/${orderId}`);
    const before = await badgeCount(customer);

    // a staff action (state change) raises the customer's count without a reload
    const moved = await request.post(`${API}/api/staff/orders/${orderId}/state`, { headers: { authorization: `Bearer ${staffToken}` }, data: { to: 'started' } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
    await expect(badge(customer)).toHaveText(String(before + 1));
    await customer.getByTestId('notification-bell').click();
    const popup = customer.getByTestId('notification-popup');
    await expect(popup).toBeVisible();
    // This order's notification (earlier specs may have left other unseen ones for the same customer).
    const item = popup
      .getByTestId('notification-item')
      .filter({ hasText: 'Pedido actualizado' })
      .filter({ has: customer.locator(`a[href$="/order/${orderId}"]`) });
    await expect(item).toContainText(/\d{2}-\d{2}-\d{2}\/\d{2}:\d{2}/);
    await expect(item.getByRole('link', { name: /^Ir/ })).toHaveAttribute('href', `/order/${orderId}`);
    await customer.screenshot({ path: `${SHOTS}/bell-popup-1280.png` });
    await item.getByRole('button', { name: /Marcar como visto/ }).click();
    await expect(item).toHaveCount(0);
    await expect(async () => expect(await badgeCount(customer)).toBe(before)).toPass();
    await customer.keyboard.press('Escape');

    // chat: the customer writes, staff sees it live; staff answers, the customer sees it live
    await staff.goto(`/order/${orderId}`);
    const customerChat = customer.getByTestId('order-chat');
    const staffChat = staff.getByTestId('order-chat');
    // typed into the server HTML, Enter would be lost: wait until both chats are hydrated (lib/hydration)
    await expect(customerChat).toHaveAttribute('data-hydrated', 'true');
    await expect(staffChat).toHaveAttribute('data-hydrated', 'true');
    await expect(staffChat.getByText(/Todavía no hay mensajes/)).toBeVisible();

    const question = `¿Lo puedo retirar el viernes? <b>${Date.now()}</b>`;
    await customerChat.getByLabel('Tu mensaje').fill(question);
    await customerChat.getByLabel('Tu mensaje').press('Enter');
    await expect(customerChat.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    await expect(customerChat.getByTestId('chat-status').last()).toHaveText(/Enviado|Leído/);
    await expect(staffChat.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();

    await staffChat.getByLabel('Tu mensaje').fill('Sí, te esperamos.');
    await staffChat.getByLabel('Tu mensaje').press('Shift+Enter');
    await staffChat.getByLabel('Tu mensaje').pressSequentially('Abrimos a las 9.');
    await staffChat.getByLabel('Tu mensaje').press('Enter');
    const answer = customerChat.getByTestId('chat-message').filter({ hasText: 'Sí, te esperamos.' });
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('Abrimos a las 9.');
    await expect(answer).toContainText('Aromas del Alma');
    // the customer has the chat open: the shop's message is read and the customer's own shows read receipts
    await expect(staffChat.getByTestId('chat-status').last()).toHaveText('Leído');

    await customerChat.scrollIntoViewIfNeeded();
    await customer.screenshot({ path: `${SHOTS}/order-chat-1280.png`, fullPage: true });
    await customer.setViewportSize({ width: 390, height: 844 });
    await customerChat.scrollIntoViewIfNeeded();
    await customer.screenshot({ path: `${SHOTS}/order-chat-390.png`, fullPage: true });
    await customer.getByTestId('notification-bell').click();
    await customer.screenshot({ path: `${SHOTS}/bell-popup-390.png` });

    await customer.context().close();
    await staff.context().close();
  });
});
