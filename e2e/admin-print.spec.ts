import { mkdirSync, writeFileSync } from 'node:fs';
import { API } from './support/env';
import { expect, need, STAGING, test } from './support/fixtures';
import { signedInPage } from './support/session';
import { pickupOrder } from './support/shop';

/**
 * Printing (issue 32, item 3): staff print a packing list for two orders at once — one sheet per order, the
 * delivered units, a line cut short showing requested and delivered —, then the budget (with prices and the
 * final total) and the remito (no prices); on paper (print media, and a real PDF from Chromium) there is no
 * shop chrome, toolbar, chat or form. From an order's page, the print links lead there. Screenshots and the
 * PDF go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-print';
const pesos = (n: number) => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(n).replace(/\s/g, ' ');

test.describe('staff print orders', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 150_000 });

  test('packing lists for two orders, then budget and remito; paper carries only the sheets', async ({ browser, request, customer, staff }) => {
    mkdirSync(SHOTS, { recursive: true });
    const first = await pickupOrder(request, customer);
    const second = await pickupOrder(request, customer);
    // staff cut the first order's line by one unit (the budget): requested and delivered differ
    const detail = (await (await request.get(`${API}/api/staff/orders/${first.id}`, { headers: staff.headers })).json()).data as {
      items: { id: number; quantity: number; unitPrice: number; sku: string | null }[];
    };
    const line = detail.items[0]!;
    expect((await request.post(`${API}/api/staff/orders/${first.id}/state`, { headers: staff.headers, data: { to: 'started' } })).ok()).toBeTruthy();
    const budget = await request.post(`${API}/api/staff/orders/${first.id}/budget`, {
      headers: staff.headers,
      data: { items: [{ itemId: line.id, quantity: line.quantity - 1, unitPrice: line.unitPrice, missing: false }], bonus: 0 },
    });
    expect(budget.ok(), await budget.text()).toBeTruthy();
    const cut = (await (await request.get(`${API}/api/staff/orders/${first.id}`, { headers: staff.headers })).json()).data as { finalTotal: number };

    const page = await signedInPage(browser, need('staff'), `/admin/orders/${first.id}`);
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${first.id}$`));
    const links = page.getByTestId('order-print');
    await expect(links.getByRole('link', { name: 'Lista de empaque' })).toHaveAttribute('href', new RegExp(`/admin/print\\?doc=packing&orders=${first.id}$`));
    // printing the order page itself (Ctrl+P) leaves out the chat, forms and the shop's header
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByTestId('order-history')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`/admin/print?doc=packing&orders=${first.id},${second.id}`);
    const sheets = page.getByTestId('print-sheet');
    await expect(sheets).toHaveCount(2);
    await expect(sheets.nth(0)).toHaveAttribute('data-order', String(first.number));
    await expect(sheets.nth(1)).toHaveAttribute('data-order', String(second.number));
    await expect(sheets.nth(0).getByRole('heading', { level: 1 })).toHaveText(`Lista de empaque Pedido N° ${first.number}`);
    const row = sheets.nth(0).getByTestId('print-line').first();
    await expect(row).toContainText(line.sku ?? '—');
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(line.quantity));
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(line.quantity - 1));
    await expect(sheets.nth(0).getByTestId('print-summary')).toContainText(`${line.quantity - 1} unidades a entregar`);
    await expect(sheets.nth(0)).toContainText('Retira en el local');
    await expect(sheets.nth(0)).not.toContainText('$');
    await page.screenshot({ path: `${SHOTS}/packing-1280.png`, fullPage: true });

    // paper: no toolbar, two pages (one per order)
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-button')).toBeHidden();
    const pdf = await page.pdf({ format: 'A4' });
    writeFileSync(`${SHOTS}/packing.pdf`, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(2);
    await page.emulateMedia({ media: 'screen' });

    // the budget has prices and the final total; the remito has none
    await page.getByRole('link', { name: 'Presupuesto', exact: true }).click();
    await expect(page).toHaveURL(/doc=budget/);
    await expect(page.getByTestId('print-sheet').first()).toContainText(pesos(cut.finalTotal));
    await page.getByRole('link', { name: 'Remito', exact: true }).click();
    await expect(page).toHaveURL(/doc=remit/);
    await expect(page.getByTestId('print-sheet').first()).toContainText('Recibí conforme');
    await expect(page.getByTestId('print-sheet').first()).not.toContainText('$');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/remit-390.png` });

    // an order that does not exist is named, the others still print; a bad request is a 404
    await page.goto(`/admin/print?doc=packing&orders=${first.id},999999999`);
    await expect(page.getByTestId('print-sheet')).toHaveCount(1);
    await expect(page.getByTestId('print-missing')).toContainText('#999999999');
    const bad = await page.goto('/admin/print?doc=invoice&orders=1');
    expect(bad?.status()).toBe(404);
    await page.context().close();
  });

  test('a customer cannot print anyone\'s order', async ({ browser, request, customer }) => {
    const order = await pickupOrder(request, customer);
    const page = await signedInPage(browser, need('customer'));
    await page.goto(`/admin/print?doc=packing&orders=${order.id}`);
    await expect(page).not.toHaveURL(/\/admin\/print/);
    await expect(page.getByTestId('print-sheet')).toHaveCount(0);
    await page.context().close();
  });
});
