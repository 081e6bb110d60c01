import { expect, type Page } from '@playwright/test';
import { API, RUN_ID } from './support/env';
import { signedInPage } from './support/session';
import { STAGING, test } from './support/fixtures';
import { pickupOrder } from './support/shop';

/**
 * Realtime (spec §2 Notification popup and order chat, §4, §7): two browser contexts — a customer and
 * a staff member — on the same /order/{id}. A message typed by one appears for the other without a
 * reload; the customer's bell count rises on a staff action and falls on 'Marcar como visto'.
 * Screenshots go to test-results/realtime/.
 */

const SHOTS = 'test-results/realtime';

const badge = (page: Page) => page.getByTestId('notification-count');
async function badgeCount(page: Page): Promise<number> {
  // the count arrives after the bell is on screen: read it once the bell has loaded (an account with earlier
  // notifications read 0 too early, then saw its real count + 1)
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-loaded', 'true');
  return (await badge(page).count()) ? Number(await badge(page).textContent()) : 0;
}

test.describe('realtime', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 120_000 });

  test('order chat between two contexts and the bell on a staff action', async ({ browser, request, customer: customerAccount, staff: staffAccount }) => {
    const orderId = (await pickupOrder(request, customerAccount)).id;

    const customer = await signedInPage(browser, customerAccount);
    const staff = await signedInPage(browser, staffAccount);

    // the bell: guests never see it; signed in it does
    await customer.goto(`/order/${orderId}`);
    const before = await badgeCount(customer);

    // a staff action (state change) raises the customer's count without a reload
    const moved = await request.post(`${API}/api/staff/orders/${orderId}/state`, { headers: staffAccount.headers, data: { to: 'started' } });
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

    const question = `¿Lo puedo retirar el viernes? <b>${RUN_ID} ${Date.now()}</b>`;
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
