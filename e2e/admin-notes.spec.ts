import ExcelJS from 'exceljs';
import { API } from './support/env';
import { expect, need, STAGING, test } from './support/fixtures';
import { signedInPage } from './support/session';
import { pickupOrder } from './support/shop';

/**
 * Staff working together on an order (issue 32 item 4) and the board's XLSX export (item 6), as staff would:
 * write a staff-only note on an order (a second tab of the order sees it arrive live; the customer's own
 * order page never shows it), assign the order to oneself, find it on the board with "Asignados a mí", and
 * download the board's XLSX through the storefront's link and read it back with exceljs. Leaves nothing
 * behind: the note is deleted, the order unassigned (and cancelled by the customer's ledger).
 */
test.describe('staff notes, assignment and XLSX export', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 150_000 });

  test('a note, the order assigned to me, the board filtered by it, and the XLSX read back', async ({ browser, request, staff, customer }, testInfo) => {
    const order = await pickupOrder(request, customer);
    const text = `Revisar stock antes de armar · ${testInfo.testId.slice(0, 8)}`;
    const page = await signedInPage(browser, need('staff'), `/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Pedido N° ${order.number}` })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');
    // a second tab on the same order: the note must arrive there without a reload
    const other = await page.context().newPage();
    await other.goto(`/admin/orders/${order.id}`);
    await expect(other.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true');

    const notes = page.getByTestId('order-notes');
    await expect(notes.getByRole('heading', { name: 'Notas internas' })).toBeVisible();
    await notes.getByLabel('Nueva nota').fill(text);
    await notes.getByRole('button', { name: 'Agregar nota' }).click();
    const mine = notes.getByTestId('note').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('note-author')).toHaveText(`${staff.user.name} ${staff.user.lastname}`.trim());
    await expect(mine.locator('time')).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}$/);
    await expect(other.getByTestId('order-notes').getByTestId('note').filter({ hasText: text })).toBeVisible();
    await other.close();

    // assign it to myself
    const assignee = page.getByTestId('order-assignee');
    await assignee.getByTestId('assign-me').click();
    await expect(assignee.getByTestId('assignee-name')).toHaveText(`${staff.user.name} ${staff.user.lastname}`.trim());

    await page.setViewportSize({ width: 1280, height: 900 });
    await assignee.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('admin-notes-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await notes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('admin-notes-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // the customer never sees it
    const customerPage = await signedInPage(browser, need('customer'), `/order/${order.id}`);
    await expect(customerPage.getByText(`#${order.number}`).first()).toBeVisible();
    await expect(customerPage.getByText(text)).toHaveCount(0);
    expect(await customerPage.content()).not.toContain(text);
    const customerOrder = await request.get(`${API}/api/order/${order.id}`, { headers: customer.headers });
    expect(await customerOrder.text()).not.toContain(text);
    expect((await request.get(`${API}/api/staff/orders/${order.id}/notes`, { headers: customer.headers })).status()).toBe(403);
    await customerPage.context().close();

    // the board: "Asignados a mí" shows it, with my name on the card
    await page.goto('/admin');
    await page.getByTestId('board-mine').click();
    await expect(page).toHaveURL(/assignee=me/);
    const row = page.getByTestId('order-row').filter({ has: page.locator(`a[href$="/admin/orders/${order.id}"]`) });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('card-assignee')).toHaveText(`Asignado: ${staff.user.name} ${staff.user.lastname}`.trim());
    await expect(page.getByTestId('assignee-filter')).toHaveValue('me');
    const mineApi = (await (await request.get(`${API}/api/staff/orders?assignee=me&rows=100`, { headers: staff.headers })).json()).data as {
      total: number;
      items: { id: number }[];
    };
    await expect(page.getByTestId('order-row')).toHaveCount(Math.min(mineApi.total, 20));
    await page.screenshot({ path: testInfo.outputPath('admin-board-mine-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('admin-board-mine-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // the XLSX of that view, through the storefront's link with the page's session cookie, read back
    const link = page.getByTestId('board-export-xlsx');
    await expect(link).toHaveAttribute('href', /assignee=me.*format=xlsx|format=xlsx.*assignee=me/);
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Número');
    expect(sheet.getRow(1).getCell(14).value).toBe('Total final');
    expect(sheet.rowCount).toBe(mineApi.total + 1);
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r, n) => {
      if (n > 1 && r.getCell(1).value === order.number) found = r;
    });
    expect(found, `order ${order.number} in the XLSX`).toBeTruthy();
    expect(found!.getCell(4).value).toBe(customer.user.email);
    expect(found!.getCell(6).value).toBe('Recibido');
    expect(typeof found!.getCell(14).value).toBe('number');
    expect(found!.getCell(2).value).toBeInstanceOf(Date);

    // leave nothing behind: delete the note, unassign
    await page.goto(`/admin/orders/${order.id}`);
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('order-notes').getByTestId('note').filter({ hasText: text }).getByTestId('note-delete').click();
    await expect(page.getByTestId('order-notes').getByText(text)).toHaveCount(0);
    const unassign = await request.put(`${API}/api/staff/orders/${order.id}/assignee`, { headers: staff.headers, data: { userId: null } });
    expect(unassign.status()).toBe(200);
    await page.context().close();
  });
});

test.describe('customers list: sort, accent-free search and export', { tag: STAGING }, () => {
  test('sorted by last name, searched without accents, exported as XLSX with the same filters', async ({ browser, staff }, testInfo) => {
    const page = await signedInPage(browser, need('staff'), '/admin/customers');
    const filters = page.getByTestId('customer-filters');
    await filters.getByLabel('Ordenar').selectOption('name');
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/sort=name/);
    const api = (await (await page.request.get(`${API}/api/staff/customers?sort=name&rows=20`, { headers: staff.headers })).json()).data as {
      total: number;
      items: { id: number; lastname: string }[];
    };
    const ids = await page.getByTestId('customer-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-customer-id'))));
    expect(ids).toEqual(api.items.map((c) => c.id));
    await expect(page.getByTestId('customers-export-xlsx')).toHaveAttribute('href', /sort=name/);
    await page.screenshot({ path: testInfo.outputPath('admin-customers-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('admin-customers-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // a name typed without its accent finds the accented one (the first customer's last name, folded)
    const accented = api.items.find((c) => /[áéíóúñ]/i.test(c.lastname));
    if (accented) {
      const plain = accented.lastname.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      await filters.getByLabel('Buscar').fill(plain);
      await filters.getByRole('button', { name: 'Filtrar' }).click();
      await expect(page.locator(`[data-customer-id="${accented.id}"]`)).toBeVisible();
    }

    const res = await page.request.get((await page.getByTestId('customers-export-xlsx').getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nombre', 'Apellido', 'Email', 'Teléfono', 'Documentos', 'VIP', 'Pedidos', 'Último pedido', 'Alta']);
    expect(sheet.rowCount).toBeGreaterThan(1);
    await page.context().close();
  });
});
