import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { RUN_ID } from './support/env';
import { signedInPage } from './support/session';
import { STAGING, test } from './support/fixtures';
import { fullName, pickupOrder } from './support/shop';

/**
 * The staff orders board and order detail live (issue #9), with TWO browser contexts:
 * - staff has the board open; the customer sends an order and a chat message → the board shows the new
 *   order and its unread badge without a reload;
 * - staff opens the order, moves it to a new state and answers in the chat → the customer's order page
 *   shows the new state and the answer without a reload; the history names the staff member.
 * - the customer cancels the order from its page (which also leaves a shared database as it was).
 * Screenshots of the board and the detail at 1280 and 390 px go to SHOTS_DIR (default /tmp/shots-hboard).
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-hboard';

/** Marks the document; the mark survives client-side refreshes and disappears on a reload. */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
const stillNoReload = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);

test.describe('staff board live', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 150_000 });

  test('new order and unread badge appear live; state change and chat answer reach the customer live', async ({ browser, request, customer: customerAccount, staff: staffAccount }) => {
    mkdirSync(SHOTS, { recursive: true });

    // staff: the board is open (live indicator on) before anything happens
    const staff = await signedInPage(browser, staffAccount, '/admin');
    await staff.goto('/admin');
    await expect(staff.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await expect(staff.getByTestId('live-indicator')).toHaveText('En vivo');
    const receivedChip = staff.getByTestId('state-chips').locator('[data-state="received"]');
    const receivedBefore = Number(await receivedChip.locator('span').last().textContent());
    await markNoReload(staff);

    // the customer sends an order → it appears at the top of the board, and the count goes up
    const order = await pickupOrder(request, customerAccount);
    const row = staff.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await expect(row).toBeVisible();
    await expect(staff.getByTestId('order-row').first()).toHaveAttribute('data-order-id', String(order.id));
    await expect(row.getByTestId('order-state')).toHaveText('Recibido');
    await expect(receivedChip).toContainText(String(receivedBefore + 1));
    await expect(row.getByTestId('unread-badge')).toHaveCount(0);
    await stillNoReload(staff);

    // the customer writes in the order chat → the unread badge shows on the staff board
    const customer = await signedInPage(browser, customerAccount, `/order/${order.id}`);
    await customer.goto(`/order/${order.id}`);
    const customerChat = customer.getByTestId('order-chat');
    await expect(customerChat).toBeVisible();
    await markNoReload(customer);
    const question = `¿Tienen stock para el viernes? ${RUN_ID} ${Date.now()}`;
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
    // on the back-office the customer's message is named by the customer (issue 32, item 4)
    await expect(staffChat.getByTestId('chat-message').filter({ hasText: question }).getByTestId('chat-author')).toHaveText(fullName(customerAccount));
    await expect(customerChat.getByTestId('chat-status').last()).toHaveText('Leído');

    // staff moves it to 'En preparación' → the customer's page shows it without a reload
    const customerState = customer.getByTestId('order-detail').locator('header').getByTestId('order-state');
    await expect(customerState).toHaveText('Recibido');
    await staff.getByTestId('state-buttons').getByRole('button', { name: 'Pasar a En preparación' }).click();
    await expect(staff.getByRole('heading', { level: 1 }).locator('..').getByTestId('order-state')).toHaveText('En preparación');
    await expect(customerState).toHaveText('En preparación');
    await expect(customer.getByTestId('order-detail')).toHaveAttribute('data-state', 'started');

    // staff answers in the chat → the customer sees it live
    const answer = `Sí, lo preparamos hoy. ${RUN_ID} ${Date.now()}`;
    await staffChat.getByLabel('Tu mensaje').fill(answer);
    await staffChat.getByLabel('Tu mensaje').press('Enter');
    await expect(customerChat.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await stillNoReload(customer);

    // the history names who made each change
    const history = staff.getByTestId('order-history');
    const started = history.getByTestId('history-entry').filter({ has: staff.getByTestId('order-state').filter({ hasText: 'En preparación' }) });
    await expect(started.getByTestId('history-actor')).toHaveText(fullName(staffAccount));
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

    // the customer cancels it (allowed until it is prepared and notified); staff's page follows live
    await customer.getByTestId('order-cancel').click();
    await customer.getByTestId('order-confirm-yes').click();
    await expect(customer.getByTestId('order-detail')).toHaveAttribute('data-state', 'cancelled');
    await expect(customerState).toHaveText('Cancelado');
    await expect(staff.getByRole('heading', { level: 1 }).locator('..').getByTestId('order-state')).toHaveText('Cancelado');

    await customer.context().close();
    await staff.context().close();
  });
});
