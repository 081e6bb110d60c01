/**
 * "Volver a pedir" (issue 23 §1): a customer's order in which, afterwards, one product's price went up and
 * another product was hidden (both through the staff API) — the preview marks the first as "Subió" at
 * today's price and lists the second as not available; confirming adds the one addable line to the cart
 * and says so in a toast.
 */
import type { Product } from '../lib/contracts/catalogue';
import { formatPesos } from '../lib/money';
import { API } from './support/env';
import { apiData, billingId, shopConfig } from './support/shop';
import { signedInPage } from './support/session';
import { expect, need, test } from './support/fixtures';

/** Where the screenshots go (look at them; the good ones are copied to docs/screenshots). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

test('reorder: today’s price beside the one paid, a hidden product skipped, the rest added to the cart', async ({ request, browser, customer, staff }) => {
  const config = await shopConfig(request);
  const items = (await apiData<{ items: Product[] }>(request, 'api/products?rows=48&page=1')).items.filter(
    (p) => !p.isVariable && p.state === 'active' && p.price > 1000 && !p.discount && !(p.max && p.max < 200),
  );
  // the one whose price changes has no tiers, so today's unit price is its new list price
  const noTiers = items.find((p) => p.Offers.length === 0);
  const other = items.find((p) => p.id !== noTiers?.id);
  expect(noTiers && other, 'two simple active products, one without tiers').toBeTruthy();
  const [a, b] = [noTiers!, other!];
  const units = (p: Product, target: number) => {
    const step = p.steps || 1;
    return Math.max(p.min || 1, Math.ceil(Math.ceil(target / p.price) / step) * step);
  };
  const minimum = Math.max(config.minLocalPrice, config.minOrderPrice) * 1.5;
  const res = await request.post(`${API}/api/order`, {
    headers: customer.headers,
    data: {
      products: [
        { id: a.id, quantity: units(a, minimum) },
        { id: b.id, quantity: units(b, 1) },
      ],
      billingDataId: await billingId(request, customer),
      toSucc: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = ((await res.json()) as { data: { id: number; number: number; items: { productId: number; unitPrice: number }[] } }).data;
  const paid = order.items.find((i) => i.productId === a.id)!.unitPrice;

  const patch = (id: number, data: object) => request.patch(`${API}/api/staff/products/${id}`, { headers: staff.headers, data });
  const newPrice = Math.round(a.price * 1.1);
  try {
    expect((await patch(a.id, { price: newPrice })).status()).toBe(200);
    expect((await patch(b.id, { state: 'hidden' })).status()).toBe(200);

    const page = await signedInPage(browser, need('customer'), '/orders');
    await page.getByRole('button', { name: `Volver a pedir el pedido #${order.number}` }).click();
    const dialog = page.getByTestId('reorder-dialog');
    await expect(dialog.getByRole('heading', { name: `Volver a pedir el pedido #${order.number}` })).toBeVisible();
    const line = dialog.getByTestId('reorder-line');
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute('data-change', paid < newPrice ? 'up' : paid > newPrice ? 'down' : 'same');
    await expect(line).toContainText(a.name);
    await expect(line).toContainText(formatPesos(paid));
    await expect(line).toContainText(formatPesos(newPrice));
    await expect(line).toContainText('Subió');
    const skipped = dialog.getByTestId('reorder-skipped');
    await expect(skipped).toHaveCount(1);
    await expect(skipped).toHaveAttribute('data-reason', 'hidden');
    await expect(skipped).toContainText('No está disponible');

    await page.screenshot({ path: `${SHOTS}/reorder-preview-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/reorder-preview-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByTestId('reorder-confirm').click();
    await expect(page).toHaveURL(/\/cart\/?$/);
    await expect(page.getByText('Agregamos 1 línea al carrito; 1 no se pudo agregar.')).toBeVisible();
    const cartLine = page.getByTestId('cart-line');
    await expect(cartLine).toHaveCount(1);
    await expect(cartLine).toContainText(a.name);
    await page.context().close();
  } finally {
    await patch(a.id, { price: a.price });
    await patch(b.id, { state: b.state });
  }
});
