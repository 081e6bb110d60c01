import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../lib/contracts/catalogue';

/**
 * Keyboard only (issue #8): home → catalogue → product → quantity → cart → login → checkout steps →
 * order sent, with Tab / Shift+Tab / Enter / Space / arrow keys and typing — no clicks. Every element that
 * takes focus on the way shows a visible focus indicator (an outline or a ring on itself, its ::after, or
 * a :focus-within ancestor), and the focus never gets stuck.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
const MAX_TABS = 120;

type Focused = {
  tag: string;
  href: string | null;
  label: string;
  testid: string | null;
  type: string | null;
  checked: boolean;
  visible: boolean;
  indicator: boolean;
  desc: string;
};

/** What has the focus, and whether it is visibly marked. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const drawn = (cs: CSSStyleDeclaration) =>
      (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
    let indicator = drawn(getComputedStyle(el)) || drawn(getComputedStyle(el, '::after')) || drawn(getComputedStyle(el, '::before'));
    // A card whose whole surface is the link marks focus on the card (:focus-within).
    for (let a = el.parentElement, i = 0; !indicator && a && i < 4; a = a.parentElement, i++) indicator = drawn(getComputedStyle(a));
    const r = el.getBoundingClientRect();
    const label = (el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
    return {
      tag: el.tagName.toLowerCase(),
      href: el.getAttribute('href'),
      label,
      testid: el.getAttribute('data-testid'),
      type: el.getAttribute('type'),
      checked: (el as HTMLInputElement).checked === true,
      visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden',
      indicator,
      desc: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('href') ? `[href=${el.getAttribute('href')}]` : ''} "${label.slice(0, 40)}"`,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches. Each element on the way must be visible
 * and show its focus; hitting the same element twice in a row means a trap.
 */
async function tabTo(page: Page, match: (f: Focused) => boolean, what: string, back = false): Promise<Focused> {
  let previous = '';
  const seen: string[] = [];
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (!f) continue;
    seen.push(f.desc);
    expect(f.visible, `focused element is on screen: ${f.desc}`).toBe(true);
    expect(f.indicator, `visible focus on ${f.desc}`).toBe(true);
    expect(f.desc === previous && f.tag !== 'iframe', `focus stuck on ${f.desc}`).toBe(false);
    previous = f.desc;
    if (match(f)) return f;
  }
  throw new Error(`${what} not reachable with ${back ? 'Shift+Tab' : 'Tab'}; visited:\n${seen.slice(-30).join('\n')}`);
}

/** Simple, buyable products of the demo catalogue, by the path of their page. */
async function buyable(request: APIRequestContext): Promise<Map<string, Product>> {
  const res = await request.get(`${API}/api/products?rows=48&page=1`);
  const items = ((await res.json()) as { data: { items: Product[] } }).data.items;
  const ok = items.filter((x) => !x.isVariable && x.state === 'active' && x.price > 1000 && (!x.max || x.max >= 500));
  expect(ok.length, 'simple active products').toBeGreaterThan(0);
  return new Map(ok.map((p) => [`/${p.Categories[0]?.slug ?? 'products'}/${p.slug}`, p]));
}

function unitsFor(p: Product): number {
  const lowest = Math.min(p.discount ?? p.price, ...p.Offers.filter((o) => !o.isVip && !o.isStrict).map((o) => o.price));
  const step = p.steps || 1;
  // enough for the pick-up minimum
  return Math.min(p.max || Infinity, Math.ceil(Math.ceil(450000 / lowest) / step) * step);
}

test('keyboard only: home → catalogue → product → cart → login → checkout → order sent', async ({ page, request }) => {
  test.setTimeout(240_000);
  const products = await buyable(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');

  // The first Tab reaches the skip link, which moves focus into <main>.
  const skip = await tabTo(page, () => true, 'skip link');
  expect(skip.label).toBe('Saltar al contenido');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null || document.activeElement?.id === 'main')).toBe(true);

  // Back up to the header's catalogue link (Shift+Tab) and open it.
  await tabTo(page, (f) => f.tag === 'a' && f.href === '/products', 'catalogue link', true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The first buyable product of the list, by its card link.
  const card = await tabTo(page, (f) => f.tag === 'a' && products.has(f.href ?? ''), 'a product card');
  const product = products.get(card.href!)!;
  const units = unitsFor(product);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${product.slug}$`));

  // Quantity: typed into the quantity box and confirmed with Enter.
  await tabTo(page, (f) => f.tag === 'input' && f.label.includes(`Cantidad de ${product.name}`), 'quantity box');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(units));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cartQuantity'))).toBe(String(units));

  // The cart, from the header.
  await tabTo(page, (f) => f.tag === 'a' && f.href === '/cart', 'cart link', true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart')).toBeVisible();

  // Signed out: the guest prompt's log-in link keeps the way to checkout.
  await tabTo(page, (f) => f.tag === 'a' && !!f.href?.startsWith('/login?next='), 'log-in link of the guest prompt');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?next=/);
  await tabTo(page, (f) => f.tag === 'input' && f.type === 'email', 'email');
  await page.keyboard.type('cliente@example.com');
  await tabTo(page, (f) => f.tag === 'input' && f.type === 'password', 'password');
  await page.keyboard.type('tienda-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\?step=delivery$/, { timeout: 15_000 });

  // Delivery: arrow keys move within the radio group; pick-up.
  await expect(page.getByRole('heading', { name: '¿Cómo querés recibir tu pedido?' })).toBeVisible();
  const pickup = page.getByRole('radio', { name: /Retiro en el local/ });
  await tabTo(page, (f) => f.tag === 'input' && f.type === 'radio', 'delivery options');
  for (let i = 0; i < 5 && !(await pickup.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(pickup).toBeChecked();
  await expect(pickup).toBeFocused();
  await tabTo(page, (f) => f.testid === 'checkout-continue', 'continue');
  await page.keyboard.press('Enter');

  // Billing: focus moves to the step heading; choose the saved billing data (Space) or keep the checked one.
  await expect(page).toHaveURL(/step=billing/);
  await expect(page.getByRole('heading', { name: 'Datos de facturación' })).toBeFocused();
  const billing = page.getByTestId('billing-options').getByRole('radio');
  if ((await page.getByTestId('billing-options').getByRole('radio', { checked: true }).count()) === 0) {
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'radio', 'billing option');
    await page.keyboard.press('Space');
    await expect(billing.first()).toBeChecked();
  }
  await tabTo(page, (f) => f.testid === 'checkout-continue', 'continue');
  await page.keyboard.press('Enter');

  // Summary → back with the keyboard (Back button), forward again, then send with Space.
  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByTestId('checkout-summary')).toContainText(product.name);
  await tabTo(page, (f) => f.testid === 'checkout-back', 'back button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/step=billing/);
  await tabTo(page, (f) => f.testid === 'checkout-continue', 'continue');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/step=summary/);
  await tabTo(page, (f) => f.testid === 'checkout-send', 'send order');
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-state', 'received');
});

test('menus and dialogs: Escape closes them and focus returns to the opener', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // the mobile menu button
  const opener = await tabTo(page, (f) => f.tag === 'button' && /men[uú]/i.test(f.label), 'menu button');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog').or(page.getByRole('navigation', { name: /men[uú]/i })).first();
  await expect(menu).toBeVisible();
  // Tab stays usable inside, Escape closes and gives the focus back
  await page.keyboard.press('Tab');
  expect((await focused(page))?.indicator).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect((await focused(page))?.desc).toBe(opener.desc);
});
