import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { API } from './support/env';
import { expect, need, STAGING, test } from './support/fixtures';
import { signedInPage } from './support/session';
import { pickupOrder } from './support/shop';

/**
 * Issue 32, items 2 and 6, as staff and the customer see them:
 * - staff record a payment on the order page (the amount typed "21.500,50" the shop's way, echoed back) and
 *   the customer's order page says "Pagado" with the payment;
 * - staff reject an order: confirmation and a required reason, which the customer reads on their page;
 * - staff select two orders on the board and move both to "En preparación" in one confirmed bulk change.
 * Screenshots at 1280 and 390 px go to SHOTS_DIR (default test-results/admin-payments).
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-payments';

/** An amount as staff type it: "21.500,50" (es-AR, no "$"). */
const typed = (pesos: number) => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(pesos);

/** The viewport at 1280 and at 390 px, each scrolled to `focus`. */
async function shots(page: Page, name: string, focus: Locator) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await focus.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('staff payments, reasons and bulk changes', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 150_000 });

  test('staff mark an order paid; the customer sees "Pagado"', async ({ browser, request, customer, staff }) => {
    mkdirSync(SHOTS, { recursive: true });
    const order = await pickupOrder(request, customer);
    const { finalTotal } = (await (await request.get(`${API}/api/staff/orders/${order.id}`, { headers: staff.headers })).json()).data as { finalTotal: number };

    const page = await signedInPage(browser, need('staff'), `/admin/orders/${order.id}`);
    const panel = page.getByTestId('order-payments');
    await expect(panel).toHaveAttribute('data-payment', 'unpaid');
    await expect(panel.getByTestId('payment-state')).toHaveText('Pendiente de pago');

    // a typo is refused before it reaches the API
    const amount = panel.getByLabel(/^Monto/);
    await amount.fill('1e3');
    await panel.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Ingresá un monto válido, por ejemplo 21.500 o 21.500,50');

    await amount.fill(typed(finalTotal));
    await expect(panel.getByTestId('amount-echo')).toContainText(typed(finalTotal));
    await panel.getByLabel('Método').selectOption('transfer');
    await panel.getByLabel('Nota interna (opcional)').fill('Comprobante revisado');
    await panel.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(panel).toHaveAttribute('data-payment', 'paid');
    await expect(panel.getByTestId('payment-state')).toHaveText('Pagado');
    const row = panel.getByTestId('payment-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Transferencia bancaria');
    await expect(row).toContainText('Comprobante revisado');
    await expect(panel.getByTestId('payment-form')).toHaveCount(0);
    await shots(page, 'staff-payment', panel);

    const mine = await signedInPage(browser, need('customer'), `/order/${order.id}`);
    await expect(mine.getByTestId('order-detail').locator('dl').first().getByTestId('payment-state')).toHaveText('Pagado');
    const box = mine.getByTestId('order-payment');
    await expect(box).toHaveAttribute('data-payment', 'paid');
    await expect(box.getByTestId('payment-state')).toHaveText('Pagado');
    await expect(box.getByTestId('payment-list')).toContainText('Transferencia bancaria');
    await expect(box).not.toContainText('Comprobante revisado');
    await shots(mine, 'customer-paid', box);
    await mine.context().close();
    await page.context().close();
  });

  test('staff reject with a reason; the customer reads it', async ({ browser, request, customer }) => {
    mkdirSync(SHOTS, { recursive: true });
    const order = await pickupOrder(request, customer);
    const reason = `No tenemos stock de esta temporada (${Date.now()})`;

    const page = await signedInPage(browser, need('staff'), `/admin/orders/${order.id}`);
    await page.getByTestId('state-buttons').getByRole('button', { name: 'Pasar a Rechazado' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Pasar el pedido a Rechazado?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Pasar a Rechazado' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Escribí el motivo: el cliente lo va a leer');
    await dialog.getByLabel('Motivo (lo lee el cliente)').fill(reason);
    await shots(page, 'staff-reject-reason', dialog);
    await dialog.getByRole('button', { name: 'Pasar a Rechazado' }).click();
    await expect(page.locator('header').getByTestId('order-state').first()).toHaveText('Rechazado');
    await expect(page.getByTestId('order-history').getByTestId('history-reason')).toHaveText(`“${reason}”`);

    const mine = await signedInPage(browser, need('customer'), `/order/${order.id}`);
    await expect(mine.getByTestId('order-detail')).toHaveAttribute('data-state', 'rejected');
    const box = mine.getByTestId('order-reason');
    await expect(box).toContainText('Lo que nos dijo la tienda al pasar tu pedido a Rechazado:');
    await expect(box).toContainText(reason);
    await shots(mine, 'customer-reason', box);
    await mine.context().close();
    await page.context().close();
  });

  test('staff move two orders at once from the board, with confirmation', async ({ browser, request, customer, staff }) => {
    mkdirSync(SHOTS, { recursive: true });
    const a = await pickupOrder(request, customer);
    const b = await pickupOrder(request, customer);

    const page = await signedInPage(browser, need('staff'), '/admin?state=received');
    await page.goto('/admin?state=received');
    await page.getByLabel(`Seleccionar el pedido ${a.number}`).check();
    await page.getByLabel(`Seleccionar el pedido ${b.number}`).check();
    const bar = page.getByTestId('bulk-bar');
    await expect(bar.getByTestId('bulk-count')).toHaveText('2 pedidos seleccionados');
    await bar.getByLabel('Pasar a').selectOption('started');
    await bar.getByTestId('bulk-apply').click();
    const dialog = page.getByRole('alertdialog', { name: 'Cambiar 2 pedidos a En preparación' });
    await expect(dialog.getByTestId('bulk-will-change')).toHaveText('Van a cambiar 2 pedidos.');
    await shots(page, 'board-bulk-confirm', dialog);
    await dialog.getByRole('button', { name: 'Confirmar cambio' }).click();
    await expect(page.getByTestId('bulk-result')).toContainText('Cambiaron 2 pedidos');
    for (const o of [a, b]) {
      const state = ((await (await request.get(`${API}/api/staff/orders/${o.id}`, { headers: staff.headers })).json()).data as { state: string }).state;
      expect(state).toBe('started');
    }
    await expect(page.locator(`[data-testid="order-row"][data-order-id="${a.id}"]`)).toHaveCount(0);
    await expect(page.getByTestId('bulk-result')).toContainText('Cambiaron 2 pedidos');
    await shots(page, 'board-bulk-result', page.getByTestId('bulk-result'));
    await page.context().close();
  });
});
