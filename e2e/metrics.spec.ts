/**
 * Metrics of both real processes (issue 27): browsing the storefront moves the API's request series
 * (by route template) and both processes' process metrics, scraped from their own token-protected
 * listeners; the public ports do not serve /metrics.
 */
import { expect, test } from '@playwright/test';
import { E2E_METRICS } from '../playwright.config';

const sum = (text: string, name: string, match: (labels: string) => boolean = () => true) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(name))
    .map((l) => /^([\w:]+)(\{[^}]*\})? (\S+)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m && m[1] === name && match(m[2] ?? ''))
    .reduce((s, m) => s + Number(m[3]), 0);

async function scrape(url: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${E2E_METRICS.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

test('browsing moves the counters of both processes; /metrics is not public', async ({ page, request, baseURL }) => {
  expect((await fetch(E2E_METRICS.api)).status).toBe(401);
  expect((await fetch(E2E_METRICS.storefront)).status).toBe(401);
  expect((await request.get('/metrics', { failOnStatusCode: false })).status()).not.toBe(200);

  const [apiBefore, webBefore] = await Promise.all([scrape(E2E_METRICS.api), scrape(E2E_METRICS.storefront)]);
  // a search no earlier test made: its read cannot come from the storefront's data cache, so it reaches the API
  for (const path of ['/', '/products?sort=name', `/products?query=sahumerio+${Date.now()}`]) {
    const res = await page.goto(`${baseURL}${path}`);
    expect(res?.status()).toBe(200);
  }
  const [apiAfter, webAfter] = await Promise.all([scrape(E2E_METRICS.api), scrape(E2E_METRICS.storefront)]);

  const apiOk = (t: string) => sum(t, 'http_request_duration_seconds_count', (l) => l.includes('status_code="200"') && l.includes('route="/api/'));
  expect(apiOk(apiAfter)).toBeGreaterThan(apiOk(apiBefore));
  expect(apiAfter).not.toMatch(/route="\/api\/[^"]*\d{3,}/); // templates (":id"), not raw ids
  expect(sum(webAfter, 'process_cpu_seconds_total')).toBeGreaterThan(sum(webBefore, 'process_cpu_seconds_total'));
  expect(webAfter).toContain('# TYPE storefront_request_errors_total counter');
  expect(sum(apiAfter, 'process_resident_memory_bytes')).toBeGreaterThan(0);
});
