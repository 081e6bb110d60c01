import { mkdirSync } from 'node:fs';
import type { Product } from '../lib/contracts/catalogue';
import { formatAmountInput } from '../lib/money/parse';
import { API } from './support/env';
import { expect, need, needData, STAGING, test } from './support/fixtures';
import { signedInPage } from './support/session';
import { apiData, billingId } from './support/shop';

/**
 * The budget editor and the tiers (issue 32, item 8): a customer orders a simple product at its tier
 * quantity; staff lower the units below the tier in the budget editor — the unit price on screen goes back
 * to the list price (the cart's engine, the API's rule), the preview follows, and what is stored after
 * sending is that price, not the old tier price. On a phone the editor's price and "Falta" fields are
 * on screen. Screenshots go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-budget';
// amounts in the editor's inputs are written the way the shop types them ("21.500", "15.682,50")
const ars = formatAmountInput;

test.describe('budget editor follows the tiers', { tag: STAGING }, () => {
  test.describe.configure({ timeout: 150_000 });

  test('fewer units than the tier: the list price on screen and stored', async ({ browser, request, customer, staff }) => {
    mkdirSync(SHOTS, { recursive: true });
    // a simple active product with a general tier (min 1, step 1 so that tier − 1 units is a valid quantity)
    const items = (await apiData<{ items: Product[] }>(request, 'api/products?rows=48&page=1')).items;
    const found = items
      .filter((p) => !p.isVariable && p.state === 'active' && p.discount === null && (p.steps || 1) === 1 && (p.min || 1) <= 2 && !p.max)
      .map((p) => ({ p, tier: p.Offers.filter((o) => !o.isVip && !o.isStrict && o.units > 2 && o.price < p.price).sort((a, b) => a.units - b.units)[0] }))
      .find((x) => x.tier);
    const { p, tier } = needData(found, 'a simple product with a quantity tier');
    const res = await request.post(`${API}/api/order`, {
      headers: customer.headers,
      data: { products: [{ id: p.id, quantity: tier!.units }], billingDataId: await billingId(request, customer), toSucc: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    const order = ((await res.json()) as { data: { id: number; items: { unitPrice: number }[] } }).data;
    expect(order.items[0]!.unitPrice).toBe(tier!.price);

    const page = await signedInPage(browser, need('staff'), `/admin/orders/${order.id}`);
    const editor = page.getByTestId('budget-editor');
    const units = editor.getByLabel(/^Unidades de /);
    const price = editor.getByLabel(/^Precio unitario de /);
    await expect(price).toHaveValue(ars(tier!.price));
    await units.fill(String(tier!.units - 1));
    await expect(price).toHaveValue(ars(p.price));
    await units.fill(String(tier!.units));
    await expect(price).toHaveValue(ars(tier!.price));
    await units.fill(String(tier!.units - 1));

    // a phone: the price and the missing box are on screen
    await page.setViewportSize({ width: 390, height: 844 });
    await editor.scrollIntoViewIfNeeded();
    for (const field of [price, editor.getByLabel(/^Falta /)]) {
      const box = (await field.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await editor.screenshot({ path: `${SHOTS}/budget-editor-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    await editor.getByRole('button', { name: 'Enviar presupuesto' }).click();
    await expect(page.getByText('Presupuesto enviado').first()).toBeVisible();
    const stored = await apiData<{ items: { quantity: number; unitPrice: number; priceAdjusted: boolean }[] }>(request, `api/staff/orders/${order.id}`, staff.headers);
    expect(stored.items[0]).toMatchObject({ quantity: tier!.units - 1, unitPrice: p.price, priceAdjusted: false });
    await page.context().close();
  });
});
