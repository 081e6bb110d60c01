/**
 * The visitor's cart as the storefront keeps it in the browser (localStorage: the lines, their unit count and
 * the "limited" flag), written and cleared directly so a spec starts from the cart it needs.
 */
import type { Page } from '@playwright/test';
import type { CartItem } from '../../lib/cart/types';

/** Opens /cart with exactly these lines (written, then the page reloaded to read them). */
export async function putCart(page: Page, items: CartItem[]): Promise<void> {
  await page.goto('/cart');
  await page.evaluate((list) => {
    localStorage.setItem('cartItems', JSON.stringify(list));
    localStorage.setItem('cartQuantity', String(list.reduce((n, i) => n + i.units, 0)));
    localStorage.setItem('limited', 'false');
  }, items);
  await page.reload();
}

/** Empties the cart of the page's origin (the next spec on this browser starts without it). */
export async function clearCart(page: Page): Promise<void> {
  await page.evaluate(() => ['cartItems', 'cartQuantity', 'limited'].forEach((k) => localStorage.removeItem(k)));
}
