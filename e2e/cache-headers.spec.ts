import { expect, type APIRequestContext } from '@playwright/test';
import { API } from './support/env';
import { SMOKE, STAGING, test } from './support/fixtures';

/**
 * Shared-cache readiness (next.config.mjs headers, deploy/nginx.conf): anonymous home, catalogue,
 * category and product HTML may be kept by a CDN / nginx for a few seconds and served stale while it
 * refreshes; the same pages for a signed-in visitor, and every private page, must never be stored by a
 * shared cache. And the anonymous copy must not carry anything of a user.
 */
const SHARED = /^public, max-age=0, s-maxage=10, stale-while-revalidate=86400$/;

type Listed = { slug: string; Categories: { slug: string }[] };

async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const res = await request.get(`${API}/api/products?rows=24&page=1`);
  expect(res.ok()).toBe(true);
  const items = ((await res.json()) as { data: { items: Listed[] } }).data.items;
  const p = items.find((i) => i.Categories.length);
  expect(p, 'the demo catalogue has a product with a category').toBeTruthy();
  const category = p!.Categories[0]!.slug;
  return ['/', '/en', '/br', '/products', '/products?page=2', '/en/products', `/${category}`, `/br/${category}`, `/${category}/${p!.slug}`, `/en/${category}/${p!.slug}`];
}

test.describe('Cache-Control for shared caches', { tag: STAGING }, () => {
  test('anonymous catalogue, category, product and home pages are shareable for a short while, without cookies', { tag: SMOKE }, async ({ request }) => {
    for (const path of await publicPaths(request)) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toMatch(SHARED);
      expect(res.headers()['set-cookie'], path).toBeUndefined();
    }
  });

  test('the same pages with a session cookie are private', { tag: SMOKE }, async ({ request }) => {
    for (const path of await publicPaths(request)) {
      const res = await request.get(path, { headers: { cookie: 'userToken=any-token' }, maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const cc = res.headers()['cache-control'] ?? '';
      expect(cc, path).toContain('private');
      expect(cc, path).not.toContain('s-maxage');
      expect(cc, path).not.toContain('public');
    }
  });

  test('cart, checkout, profile, orders, an order and the back-office are never stored', { tag: SMOKE }, async ({ request }) => {
    for (const path of ['/cart', '/en/cart', '/checkout', '/profile', '/orders', '/br/orders', '/order/1', '/admin', '/admin/config']) {
      for (const cookie of [undefined, 'userToken=any-token']) {
        const res = await request.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
        const cc = res.headers()['cache-control'] ?? '';
        expect(cc, `${path} ${cookie ?? 'anonymous'} (${res.status()})`).toContain('no-store');
        expect(cc, path).toContain('private');
        expect(cc, path).not.toContain('s-maxage');
      }
    }
  });

  test('the anonymous HTML carries nothing of a signed-in customer', async ({ request, customer }) => {
    const token = customer.token;
    const me = ((await (await request.get(`${API}/auth`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { user: { email: string } } }).data.user;
    expect(me.email).toBe(customer.email);
    const paths = await publicPaths(request);
    const product = paths.at(-2)!;
    // Visit as the customer first: if anything user-specific were rendered into a cached page, the
    // anonymous request right after would receive it.
    const signedIn = await request.get(product, { headers: { cookie: `userToken=${token}` } });
    expect(signedIn.status()).toBe(200);
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain(me.email);
      expect(html, path).not.toContain(token);
    }
    // ISR page: byte-identical for both visitors.
    const anon = await (await request.get(product)).text();
    expect(await signedIn.text()).toBe(anon);
  });
});

// The ETag of a cached page is memoised per payload (patches/next+16.4.6.patch, docs/adr/0016): conditional
// requests must still get 304 for the same page and never another page's validator.
test.describe('validators of cached pages', { tag: STAGING }, () => {
  test('each anonymous page has its own ETag; If-None-Match answers 304 without a body, a stale one gets the page', { tag: SMOKE }, async ({ request }) => {
    const seen = new Map<string, string>();
    for (const path of await publicPaths(request)) {
      if (path.includes('?')) continue;
      const first = await request.get(path, { maxRedirects: 0 });
      const etag = first.headers()['etag'];
      expect(etag, path).toMatch(/^"[0-9a-z]+"$/);
      const again = await request.get(path, { headers: { 'if-none-match': etag! }, maxRedirects: 0 });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).length, path).toBe(0);
      const stale = await request.get(path, { headers: { 'if-none-match': '"not-this-page"' }, maxRedirects: 0 });
      expect(stale.status(), path).toBe(200);
      expect(stale.headers()['etag'], path).toBe(etag);
      for (const [other, otherTag] of seen) expect(otherTag, `${path} and ${other} share an ETag`).not.toBe(etag);
      seen.set(path, etag!);
    }
  });
});
