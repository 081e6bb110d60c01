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
  await expect(async () => {
    const now = await stored();
    if (now === null || now === '0') {
      await qty.fill(String(units));
      await qty.press('Enter');
    }
    await expect.poll(stored, { timeout: 3000 }).toBe(String(units));
  }).toPass({ timeout: 30_000 });
}
