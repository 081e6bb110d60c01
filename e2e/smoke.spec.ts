import { expect, test } from '@playwright/test';

test('home page answers 200 in Spanish with products from the API', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('listitem').first()).toBeVisible();
});
