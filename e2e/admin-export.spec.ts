import { API } from './support/env';
import { expect, need, STAGING, test } from './support/fixtures';
import { signedInPage } from './support/session';
import { pickupOrder } from './support/shop';

/**
 * The board's sort and CSV export (issue 32, item 6): staff sort by total (the URL keeps it, pages and state
 * chips keep it too), then fetch the CSV the board's link points at — through the storefront's handler
 * with the page's session cookie, read back: Excel's BOM and ";" header, one row per order the API counts, in the
 * board's order. A guest following the export link lands on the login page.
 */
test.describe('board sort and export', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 120_000 });

  test('sort by total and export the board as CSV', async ({ browser, request, staff, customer }) => {
    // at least two orders on the board
    await pickupOrder(request, customer);
    await pickupOrder(request, customer);
    const page = await signedInPage(browser, need('staff'), '/admin');
    await page.getByTestId('sort-totalDesc').click();
    await expect(page).toHaveURL(/sort=totalDesc/);
    await expect(page.getByTestId('sort-totalDesc')).toHaveAttribute('aria-current', 'true');
    const numbers = await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));
    const api = (await (await request.get(`${API}/api/staff/orders?sort=totalDesc&rows=100`, { headers: staff.headers })).json()).data as {
      total: number;
      items: { id: number; number: number; finalTotal: number }[];
    };
    expect(numbers.slice(0, 5)).toEqual(api.items.slice(0, 5).map((o) => String(o.id)));
    // a state chip keeps the order
    await expect(page.getByTestId('state-chips').getByRole('link').first()).toHaveAttribute('href', /sort=totalDesc/);

    // the link, fetched with the page's own cookies (Playwright's download of this Chromium build never
    // reports the file finished, so the bytes are read through the page's request context instead)
    const link = page.getByTestId('board-export');
    await expect(link).toHaveAttribute('download', '');
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    expect(text.startsWith('\uFEFFNúmero;Fecha;Cliente;')).toBe(true);
    const rows = text.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBe(Math.min(api.total, 5000));
    expect(rows[0]!.split(';')[0]).toBe(String(api.items[0]!.number));
    await page.context().close();
  });

  test('a guest following the export link is sent to log in', async ({ page }) => {
    await page.goto('/api/staff-export/orders?sort=totalDesc');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin/);
  });
});
