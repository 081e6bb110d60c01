import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import type { Product } from '../lib/contracts/catalogue';
import { endOfShopDay } from '../lib/orders/deadlines';
import { freePort, startApi, startStorefront, tempDir, type Proc } from './faults-processes';
import { throwawayDatabase, type ThrowawayDatabase } from '../server/test/throwaway-db';
import { fillLogin } from './support/session';

/**
 * Issue 24 §1, in the browser: the customer's budget says "Válido hasta {fecha}"; once it expired the accept
 * button is replaced by "Pedir un presupuesto actualizado", which tells the shop (staff's bell) and says it was
 * asked; the staff board flags "vence hoy", "presupuesto vencido" and "pago vencido" and filters by them; a new
 * budget makes it acceptable again. A budget's deadline is days away, so the test moves it in the database: this
 * spec runs its own API (on a throwaway PostgreSQL database, server/test/throwaway-db.ts) and storefront, like the
 * fault specs. Needs TEST_DATABASE_URL. Screenshots at 1280 and 390 px go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/budget-expiry';
const SECRET = 'budget-expiry-revalidate-secret';
const PASSWORD = 'tienda-demo';

test.describe('presupuestos que vencen', () => {
  const pgAdmin = process.env.TEST_DATABASE_URL;
  const procs: Proc[] = [];
  let db: ThrowawayDatabase | undefined;
  let data: ReturnType<typeof tempDir>;
  let logs: ReturnType<typeof tempDir>;
  let site = '';
  let api = '';

  test.beforeAll(async () => {
    test.skip(!pgAdmin, 'TEST_DATABASE_URL no está definida (el plazo se mueve en la base de datos)');
    test.setTimeout(600_000);
    db = await throwawayDatabase(pgAdmin!, 'shop_scaleout');
    data = tempDir('shop-budgets-data-');
    logs = tempDir('shop-budgets-logs-');
    const [apiPort, sitePort] = await Promise.all([freePort(), freePort()]);
    site = `http://localhost:${sitePort}`;
    api = `http://localhost:${apiPort}`;
    procs.push(
      await startApi({ port: apiPort, dataDir: data.dir, logDir: logs.dir, storefrontUrl: site, secret: SECRET, databaseUrl: db.url, jwtSecret: 'budget-expiry-jwt-secret-0123456789abcdef0123', env: { SCHEDULER: 'false' } }),
    );
    procs.push(await startStorefront({ port: sitePort, apiUrl: api, secret: SECRET, logDir: logs.dir }));
  });

  test.afterAll(async () => {
    for (const p of procs.reverse()) await p.kill();
    await db?.drop();
    data?.remove();
    logs?.remove();
  });

  /** Moves deadlines the way a few days passing would. */
  async function sql(text: string, values: unknown[]): Promise<void> {
    const client = new pg.Client({ connectionString: db!.url });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  async function token(request: APIRequestContext, email: string): Promise<Record<string, string>> {
    const res = await request.post(`${api}/auth/login`, { data: { email, password: PASSWORD } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return { authorization: `Bearer ${((await res.json()) as { data: { token: string } }).data.token}` };
  }

  // This spec's API stops with it: a context left open would poll it for the rest of the run.
  const opened: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  async function signedIn(browser: Browser, email: string, next: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: site, locale: 'es-AR', viewport: { width: 1280, height: 900 } });
    opened.push(context);
    const page = await context.newPage();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await fillLogin(page, { email, password: PASSWORD });
    await expect(page).not.toHaveURL(/\/login/);
    return page;
  }

  test('el presupuesto vencido no se acepta: se pide uno actualizado, el personal lo ve y manda otro', async ({ browser, request }) => {
    test.setTimeout(300_000);
    mkdirSync(SHOTS, { recursive: true });
    const customer = await token(request, 'cliente@example.com');
    const staff = await token(request, 'staff@example.com');

    // three pickup orders of the demo customer, each with a budget
    const items = ((await (await request.get(`${api}/api/products?rows=48&page=1`)).json()) as { data: { items: Product[] } }).data.items;
    const p = items.find((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500))!;
    const step = p.steps || 1;
    const units = Math.max(p.min || 1, Math.ceil(Math.ceil(150_000 / Math.min(p.discount ?? p.price, p.price)) / step) * step);
    const billing = ((await (await request.get(`${api}/api/user/myBillingData`, { headers: customer })).json()) as { data: { id: number }[] }).data;
    const budgeted = async () => {
      const created = await request.post(`${api}/api/order`, { headers: customer, data: { products: [{ id: p.id, quantity: units }], billingDataId: billing[0]!.id, toSucc: true } });
      expect(created.status(), await created.text()).toBe(201);
      const order = ((await created.json()) as { data: { id: number; number: number } }).data;
      const sent = await request.post(`${api}/api/staff/orders/${order.id}/budget`, { headers: staff, data: { items: [], bonus: 0 } });
      expect(sent.status(), await sent.text()).toBe(200);
      return order;
    };
    const order = await budgeted();
    const dueToday = await budgeted();
    const unpaid = await budgeted();
    expect((await request.post(`${api}/api/order/${unpaid.id}/accept`, { headers: customer })).status()).toBe(200);

    // the customer's budget, valid: "Válido hasta {fecha}" and the accept button
    const page = await signedIn(browser, 'cliente@example.com', `/order/${order.id}`);
    const budget = page.getByTestId('order-budget');
    await expect(budget.getByTestId('budget-valid-until')).toHaveText(/^Válido hasta \d{1,2} de [a-z]+ de \d{4}$/);
    await expect(budget.getByTestId('order-accept')).toBeVisible();
    await budget.screenshot({ path: `${SHOTS}/budget-valid-1280.png` });

    // a few days later: the budget expired
    await sql('update orders set budget_expires_at = now() - interval \'1 minute\' where id = $1', [order.id]);
    const refused = await request.post(`${api}/api/order/${order.id}/accept`, { headers: customer });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('BUDGET_EXPIRED');
    await page.reload();
    await expect(budget).toHaveAttribute('data-expired', 'true');
    await expect(budget.getByTestId('budget-expired')).toContainText('Este presupuesto venció el');
    await expect(budget.getByTestId('order-accept')).toHaveCount(0);
    const ask = budget.getByRole('button', { name: 'Pedir un presupuesto actualizado' });
    await expect(ask).toBeVisible();
    await budget.screenshot({ path: `${SHOTS}/budget-expired-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await budget.scrollIntoViewIfNeeded();
    const box = (await ask.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/budget-expired-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // the request: the shop is told (staff's bell), the page says it was asked, the order stays in review
    await ask.click();
    await expect(page.getByText('Le avisamos a la tienda: te van a mandar un presupuesto actualizado')).toBeVisible();
    await expect(budget.getByTestId('budget-requested')).toContainText('Pediste un presupuesto actualizado el');
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('order-detail')).toHaveAttribute('data-state', 'review');
    const bell = ((await (await request.get(`${api}/api/notifications/client`, { headers: staff })).json()) as { data: { title: string }[] }).data;
    expect(bell.map((n) => n.title)).toContain(`Piden presupuesto actualizado #${order.number}`);

    // the staff board: flags and the deadline filter
    await sql('update orders set budget_expires_at = $2 where id = $1', [dueToday.id, endOfShopDay(new Date())]);
    await sql('update orders set payment_due_at = now() - interval \'1 minute\' where id = $1', [unpaid.id]);
    const admin = await signedIn(browser, 'staff@example.com', '/admin');
    const rowOf = (id: number) => admin.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    await expect(rowOf(order.id).getByTestId('deadline-flag')).toHaveText(['presupuesto vencido']);
    await expect(rowOf(order.id).getByTestId('budget-requested')).toHaveText('pidió presupuesto actualizado');
    await expect(rowOf(dueToday.id).getByTestId('deadline-flag')).toHaveText(['vence hoy']);
    await expect(rowOf(unpaid.id).getByTestId('deadline-flag')).toHaveText(['pago vencido']);
    // the sign-in toast would cover the last row
    await expect(admin.getByText('Ingresaste correctamente')).toHaveCount(0, { timeout: 15_000 });
    await admin.getByTestId('orders-table').screenshot({ path: `${SHOTS}/board-flags-1280.png` });
    await admin.getByTestId('deadline-filter').selectOption('paymentOverdue');
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    await expect(admin).toHaveURL(/deadline=paymentOverdue/);
    await expect(admin.getByTestId('order-row')).toHaveCount(1);
    await expect(rowOf(unpaid.id)).toBeVisible();
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/admin?deadline=budgetDueToday');
    await expect(admin.getByTestId('order-row')).toHaveCount(1);
    await expect(admin.getByTestId('deadline-filter')).toHaveValue('budgetDueToday');
    await admin.getByTestId('orders-table').screenshot({ path: `${SHOTS}/board-flags-390.png` });

    // staff send a new budget (review → review): valid again, the customer can accept it
    const again = await request.post(`${api}/api/staff/orders/${order.id}/budget`, { headers: staff, data: { items: [], bonus: 0 } });
    expect(again.status(), await again.text()).toBe(200);
    await page.reload();
    await expect(budget.getByTestId('budget-valid-until')).toBeVisible();
    await budget.getByTestId('order-accept').click();
    await page.getByTestId('order-confirm-yes').click();
    await expect(page.getByTestId('order-detail')).toHaveAttribute('data-state', 'accepted');
  });
});
