import { test, type Page } from '@playwright/test';

/**
 * Screenshots of every page at 1280 and 390 px into test-results/screenshots (or $SHOTS_DIR), for
 * looking at the design. Not an assertion suite, so playwright.config.ts leaves it out unless SHOTS=1 (keeps `npm test` fast):
 *   SHOTS=1 npx playwright test e2e/screenshots.spec.ts
 *   SHOTS=1 SHOTS_PATHS=/,/faq SHOTS_DIR=/tmp/shots npx playwright test e2e/screenshots.spec.ts
 */
const DIR = process.env.SHOTS_DIR ?? 'test-results/screenshots';
const PATHS = (process.env.SHOTS_PATHS ?? '/,/products,/about-us,/faq,/terms-and-conditions,/cart,/login,/register,/no/such/page,/en,/br')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);

async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
}

for (const width of [1280, 390]) {
  test.describe(`screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });
    for (const path of PATHS) {
      test(path, async ({ page }) => {
        await page.goto(path, { waitUntil: 'networkidle' });
        await loadLazyImages(page);
        const name = `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/[/?=&]+/g, '_')}-${width}.png`;
        await page.screenshot({ path: `${DIR}/${name}`, fullPage: true });
      });
    }
  });
}
