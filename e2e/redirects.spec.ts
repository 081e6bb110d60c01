import http from 'node:http';
import https from 'node:https';
import { expect } from '@playwright/test';
import { API, SITE } from './support/env';
import { needData, STAGING, test } from './support/fixtures';
import { hiddenProduct } from './support/shop';

/**
 * Every server redirect carries exactly ONE `Location` header, read raw with node:http (fetch and
 * Playwright's request join repeated headers and hide the defect). Next 16.4.6 appended the cached
 * headers on top of the ones the render had just set, so a redirect rendered on a cache miss went out
 * with two identical `Location`s, which proxies join into `/a, /a` (vercel/next.js#82117; fixed here by
 * patches/next+16.4.6.patch, applied by `npm install`). Each kind is asked in every locale, first (a URL
 * nobody asked before: a cache miss) and again (served from the page cache).
 */

const LOCALES = ['', '/en', '/br'] as const;

interface Raw {
  status: number;
  locations: string[];
  cache: string | undefined;
}

function rawGet(path: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // raw headers: node's own client (https for a deployment behind TLS)
    (SITE.startsWith('https:') ? https : http)
      .get(`${SITE}${path}`, (res) => {
        res.resume();
        res.on('end', () => {
          const locations: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]!.toLowerCase() === 'location') locations.push(res.rawHeaders[i + 1]!);
          }
          resolve({ status: res.statusCode ?? 0, locations, cache: res.headers['x-nextjs-cache'] as string | undefined });
        });
      })
      .on('error', reject);
  });
}

interface ApiProduct {
  slug: string;
  state: string;
  Categories?: { slug: string }[];
}

test.describe('redirects carry one Location (raw HTTP)', { tag: STAGING }, () => {
  let product: ApiProduct;
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  test.beforeAll(async ({ request }) => {
    const res = await request.get(`${API}/api/products?rows=48&page=1&sort=name`);
    const items = ((await res.json()) as { data: { items: ApiProduct[] } }).data.items;
    product = items.find((p) => p.state === 'active' && (p.Categories?.length ?? 0) > 0)!;
    expect(product, 'demo catalogue has an active product with a category').toBeTruthy();
  });

  async function expectOneLocation(path: string, status: number, target: RegExp, { firstIsMiss }: { firstIsMiss: boolean }) {
    const first = await rawGet(path);
    expect(first.status, path).toBe(status);
    // the URL is new to this run, so the first answer was rendered now: the case that duplicated
    if (firstIsMiss) expect(first.cache, `${path}: first request is a cache miss`).not.toBe('HIT');
    expect(first.locations, `${path}: first request`).toHaveLength(1);
    expect(first.locations[0]).toMatch(target);
    for (let i = 0; i < 2; i += 1) {
      const again = await rawGet(path);
      expect(again.status, path).toBe(status);
      expect(again.locations, `${path}: repeated request ${i + 1}`).toEqual(first.locations);
    }
  }

  for (const prefix of LOCALES) {
    test(`${prefix || '/'}: wrong category → one 308, unknown and hidden product → one 307`, async ({ request, staff }) => {
      const canonical = `${prefix}/${product.Categories![0]!.slug}/${product.slug}`;
      await expectOneLocation(`${prefix}/categoria-${run}/${product.slug}`, 308, new RegExp(`${canonical}$`), {
        firstIsMiss: true,
      });
      const home = new RegExp(`^(https?://[^/]+)?${prefix || '/'}$`);
      await expectOneLocation(`${prefix}/${product.Categories![0]!.slug}/no-existe-${run}`, 307, home, { firstIsMiss: true });
      // a hidden product (the API answers 404 for it); cached by earlier runs, so a miss is not guaranteed
      const hidden = needData(await hiddenProduct(request, staff), 'hidden product');
      await expectOneLocation(`${prefix}/${hidden.categorySlug}/${hidden.slug}`, 307, home, { firstIsMiss: false });
      // /products/{slug} of a product with a category → its canonical URL
      await expectOneLocation(`${prefix}/products/${product.slug}`, 308, new RegExp(`${canonical}$`), { firstIsMiss: false });
    });
  }
});
