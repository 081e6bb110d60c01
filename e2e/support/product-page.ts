import { expect, type Page } from '@playwright/test';

/**
 * Types `units` into the product page's quantity selector of `productName` and presses Enter, until the cart
 * (localStorage `cartQuantity`) holds exactly that. An Enter typed before the selector hydrated is lost, so it
 * types again — but only while nothing reached the cart: a first add that is merely slow (a loaded machine)
 * must not be doubled by the retry (it was: 24 units became 72).
 */
export async function addUnitsFromProductPage(page: Page, productName: string, units: number): Promise<void> {
  const qty = page.getByLabel(`Cantidad de ${productName}`).first();
  const stored = () => page.evaluate(() => localStorage.getItem('cartQuantity'));
  const empty = (v: string | null) => v === null || v === '0';
  await expect(async () => {
    if (empty(await stored())) {
      await qty.fill(String(units));
      await qty.press('Enter');
      // on a loaded machine the add can land seconds later: give it time before typing again
      await expect.poll(async () => !empty(await stored()), { timeout: 10_000 }).toBe(true);
    }
    await expect.poll(stored, { timeout: 3000 }).toBe(String(units));
  }).toPass({ timeout: 45_000 });
}
