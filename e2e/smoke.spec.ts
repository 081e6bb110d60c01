import { expect, test } from '@playwright/test';
import { API, EXTERNAL } from './support/env';
import { SMOKE, STAGING } from './support/fixtures';

test('home page answers 200 in Spanish with products from the API; both health routes name their version and commit', { tag: [SMOKE, STAGING] }, async ({ page, request }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('listitem').first()).toBeVisible();

  // what a QA report names as tested (issue 22): the API's /health and the storefront's /api/health
  const commits = new Set<string>();
  for (const url of [`${API}/health`, '/api/health']) {
    const health = await request.get(url);
    expect(health.status(), url).toBe(200);
    expect(health.headers()['cache-control'], url).toContain('no-store');
    const { data } = (await health.json()) as { data: { status: string; version: string; commit: string } };
    expect(data.status, url).toBe('ok');
    expect(data.version, url).toMatch(/^\d+\.\d+\.\d+/);
    // a deploy without .git names its commit in SHOP_COMMIT, in any form; this checkout's is git's
    expect(data.commit, url).toMatch(EXTERNAL ? /\S/ : /^[0-9a-f]{12}$/);
    commits.add(data.commit);
  }
  if (!EXTERNAL) expect(commits.size, 'the API and the build come from the same commit').toBe(1);
});
