/**
 * The quick order pad (issue 23 §2): three columns pasted from a spreadsheet (SKU, description, quantity)
 * with two bad lines (an unknown SKU, a quantity above the maximum); the results table prices the good line
 * at the tier its quantity reaches, the errors are per line, and "add all valid lines" fills the cart with
 * the same tier price.
 */
import type { Product } from '../lib/contracts/catalogue';
import { formatPesos } from '../lib/money';
import { apiData } from './support/shop';
import { signedInPage } from './support/session';
import { expect, need, test } from './support/fixtures';

/** Where the screenshots go (look at them; the good ones are copied to docs/screenshots). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

test('quick order: a 3-column paste with two bad lines, tier prices in the results and in the cart', async ({ request, browser, customer }) => {
  void customer; // the ledger puts the account back
  const items = (await apiData<{ items: Product[] }>(request, 'api/products?rows=48&page=1')).items;
  // a simple active product with a regular (non-VIP, non-strict) tier below its price
  const withTier = items.find(
    (p) => !p.isVariable && p.state === 'active' && p.Offers.some((o) => !o.isVip && !o.isStrict && o.price < (p.discount ?? p.price)),
  );
  expect(withTier, 'a product with a regular tier on the first page').toBeTruthy();
  const p = withTier!;
  const tier = p.Offers.filter((o) => !o.isVip && !o.isStrict).sort((x, y) => x.units - y.units)[0]!;
  const step = p.steps || 1;
  const units = Math.max(p.min || 1, Math.ceil(tier.units / step) * step);
  const best = Math.min(...p.Offers.filter((o) => !o.isVip && !o.isStrict && o.units <= units).map((o) => o.price), p.discount ?? p.price);
  const other = items.find((x) => x.id !== p.id && !x.isVariable && x.state === 'active')!;
  const tooMany = (other.max || 5000) + (other.steps || 1) * 7;

  const page = await signedInPage(browser, need('customer'), '/quick-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const paste = [`${p.SKU}\t${p.name}\t${units}`, `NO-EXISTE-999\tAlgo que no está\t3`, `${other.SKU}\t${other.name}\t${tooMany}`].join('\n');
  const box = page.getByTestId('quick-order-text');
  await box.fill(paste);
  await box.press('Control+Enter');

  const results = page.getByTestId('quick-order-results');
  await expect(results.getByRole('status')).toHaveText('1 línea válida · 2 con errores');
  const lines = results.getByTestId('quick-order-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(formatPesos(best));
  await expect(lines.nth(0)).toContainText('Lista');
  await expect(lines.nth(1)).toHaveAttribute('data-problem', 'unknownSku');
  await expect(lines.nth(1)).toContainText('No encontramos ese SKU');
  await expect(lines.nth(2)).toHaveAttribute('data-problem', 'aboveMax');

  await page.screenshot({ path: `${SHOTS}/quick-order-errors-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/quick-order-errors-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('quick-order-add').click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByText(/Agregamos 1 línea al carrito; 2 no se pudieron agregar\./)).toBeVisible();
  const cartLine = page.getByTestId('cart-line').filter({ hasText: p.name });
  await expect(cartLine.getByTestId('unit-price')).toContainText(formatPesos(best));
  await page.context().close();
});

test('quick order is reachable at /en and /br, and from the cart', async ({ page }) => {
  await page.goto('/en/quick-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
  await page.goto('/br/quick-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();
  await page.goto('/cart');
  await page.getByTestId('cart-quick-order').click();
  await expect(page).toHaveURL(/\/quick-order\/?$/);
});
