import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API } from './support/env';
import { SMOKE, STAGING } from './support/fixtures';

/**
 * Catalogue /products and category pages: server-rendered grid, crawlable sort / rows / pagination /
 * category links, canonical policy, search, empty results, bad parameters and unknown categories.
 * Demo data is read from the API, never hard-coded.
 */


interface ListItem {
  id: number;
  name: string;
  slug: string;
  Categories: { slug: string }[];
}
interface Paged {
  items: ListItem[];
  total: number;
  totalPages: number;
}
interface Category {
  id: number;
  name: string;
  slug: string;
  productCount?: number;
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}/${path}`);
  expect(res.ok(), `${path} → ${res.status()}`).toBeTruthy();
  return (await res.json()).data as T;
}

async function biggestCategory(request: APIRequestContext) {
  const categories = await apiData<Category[]>(request, 'api/category/names');
  const withCounts = await Promise.all(
    categories.map(async (c) => ({ ...c, list: await apiData<Paged>(request, `api/products?rows=12&page=1&sort=popular&Categories=${c.slug}`) })),
  );
  return withCounts.sort((a, b) => b.list.total - a.list.total)[0];
}

function cards(page: Page) {
  return page.getByTestId('product-card');
}

/** Retried: during a client-side navigation the head briefly holds the old and the new canonical (the new one last). */
async function expectCanonical(page: Page, href: string): Promise<void> {
  await expect(page.locator('head link[rel="canonical"]').last()).toHaveAttribute('href', href);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
}

test.describe('/products', { tag: STAGING }, () => {
  test('renders 12 product cards with title, canonical and crawlable controls', { tag: SMOKE }, async ({ page, baseURL }) => {
    const list = await apiData<Paged>(page.request, 'api/products?rows=12&page=1&sort=popular');
    const res = await page.goto('/products');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle('Aromas del Alma | Productos');
    await expectCanonical(page, `${baseURL}/products`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Todos los productos');
    await expect(cards(page)).toHaveCount(Math.min(12, list.total));

    // Each card is a link to the product's canonical URL.
    const first = cards(page).first().getByRole('link');
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+$/);

    // Sort, rows and pagination are real links in the HTML.
    const sortNav = page.getByRole('navigation', { name: 'Ordenar por' });
    await expect(sortNav.getByRole('link')).toHaveCount(4);
    await expect(sortNav.getByRole('link', { name: 'Nombre' })).toHaveAttribute('href', '/products?sort=name');
    const rowsNav = page.getByRole('navigation', { name: 'Por página' });
    await expect(rowsNav.getByRole('link')).toHaveCount(3);
    await expect(rowsNav.getByRole('link', { name: '24 por página' })).toHaveAttribute('href', '/products?rows=24');
    if (list.totalPages > 1) {
      const pager = page.getByRole('navigation', { name: 'Paginación' });
      await expect(pager.getByRole('link', { name: /Siguiente/ })).toHaveAttribute('href', '/products?page=2');
      // the digit for sight, "Página 1" as text for screen readers (a <span> cannot carry aria-label)
      await expect(pager.locator('[aria-current="page"] [aria-hidden="true"]')).toHaveText('1');
      await expect(pager.locator('[aria-current="page"] .visually-hidden')).toHaveText('Página 1');
    }
  });

  test('sorting by name follows the API order and keeps the canonical clean', { tag: SMOKE }, async ({ page, baseURL }) => {
    const byName = await apiData<Paged>(page.request, 'api/products?rows=12&page=1&sort=name');
    await page.goto('/products');
    await page.getByRole('navigation', { name: 'Ordenar por' }).getByRole('link', { name: 'Nombre' }).click();
    await expect(page).toHaveURL(/\/products\?sort=name$/);
    await expect(cards(page).first().getByRole('heading')).toHaveText(byName.items[0].name);
    const names = await cards(page).getByRole('heading').allTextContents();
    expect(names).toEqual(byName.items.map((p) => p.name));
    await expect(
      page.getByRole('navigation', { name: 'Ordenar por' }).getByRole('link', { name: 'Nombre' }),
    ).toHaveAttribute('aria-current', 'true');
    await expectCanonical(page, `${baseURL}/products`);
  });

  test('rows per page and pagination work and keep each other', { tag: SMOKE }, async ({ page, baseURL }) => {
    const list = await apiData<Paged>(page.request, 'api/products?rows=24&page=1');
    expect(list.totalPages, 'the demo catalogue spans more than one page of 24').toBeGreaterThan(1);
    await page.goto('/products');
    await page.getByRole('navigation', { name: 'Por página' }).getByRole('link', { name: '24 por página' }).click();
    await expect(page).toHaveURL(/\/products\?rows=24$/);
    await expect(cards(page)).toHaveCount(24);

    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await pager.getByRole('link', { name: /Siguiente/ }).click();
    await expect(page).toHaveURL(/\/products\?rows=24&page=2$/);
    // the digit for sight, "Página 2" as text for screen readers (a <span> cannot carry aria-label)
    await expect(pager.locator('[aria-current="page"] [aria-hidden="true"]')).toHaveText('2');
    await expect(pager.locator('[aria-current="page"] .visually-hidden')).toHaveText('Página 2');
    const page2 = await apiData<Paged>(page.request, 'api/products?rows=24&page=2');
    await expect(cards(page)).toHaveCount(page2.items.length);
    await expect(page).toHaveTitle('Aromas del Alma | Productos – Página 2');
    await expectCanonical(page, `${baseURL}/products?page=2`);
    await expect(pager.getByRole('link', { name: /Anterior/ })).toHaveAttribute('href', '/products?rows=24');
    await expect(pager.getByRole('link', { name: /Anterior/ })).toHaveAttribute('rel', 'prev');
  });

  test('bad parameters never 500: garbage falls back to defaults, a page past the end is 404', { tag: SMOKE }, async ({ page }) => {
    for (const q of ['page=abc', 'page=-1', 'rows=7', 'rows=abc', 'sort=precio', 'page=1.5', 'category=..%2F..']) {
      const res = await page.goto(`/products?${q}`);
      expect(res?.status(), q).toBe(200);
      await expect(cards(page), q).toHaveCount(12);
    }
    const res = await page.request.get('/products?page=99999');
    expect(res.status()).toBe(404);
  });

  test('search results have a heading, are noindex, and an empty search says so', async ({ page }) => {
    const found = await apiData<Paged>(page.request, 'api/products?rows=12&page=1&query=vela');
    await page.goto('/products?query=vela');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda para «vela»');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(cards(page)).toHaveCount(Math.min(12, found.total));

    const res = await page.goto('/products?query=zzqqxxnada');
    expect(res?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No encontramos productos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver todos los productos' }).first()).toBeVisible();
  });

  test('the category filter links to every category page', { tag: SMOKE }, async ({ page }) => {
    const categories = await apiData<Category[]>(page.request, 'api/category/names');
    await page.goto('/products');
    const filter = page.getByRole('navigation', { name: 'Categorías' }).filter({ has: page.getByRole('link', { name: 'Todos los productos' }) });
    for (const c of categories) {
      await expect(filter.getByRole('link', { name: c.name, exact: true })).toHaveAttribute('href', `/${c.slug}`);
    }
    await expect(filter.getByRole('link', { name: 'Todos los productos' })).toHaveAttribute('aria-current', 'page');
  });

  test('other locales keep their prefix in canonical and links', { tag: SMOKE }, async ({ page, baseURL }) => {
    await page.goto('/en/products');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectCanonical(page, `${baseURL}/en/products`);
    await expect(page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Name' })).toHaveAttribute(
      'href',
      '/en/products?sort=name',
    );
  });
});

test.describe('category pages', { tag: STAGING }, () => {
  test('a category has its title, canonical, breadcrumbs (visible and JSON-LD) and products', { tag: SMOKE }, async ({ page, baseURL }) => {
    const cat = await biggestCategory(page.request);
    const res = await page.goto(`/${cat.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`Aromas del Alma | ${cat.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cat.name);
    await expectCanonical(page, `${baseURL}/${cat.slug}`);
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(cards(page)).toHaveCount(cat.list.items.length);
    const names = await cards(page).getByRole('heading').allTextContents();
    expect(names).toEqual(cat.list.items.map((p) => p.name));

    const crumbs = page.getByRole('navigation', { name: 'Estás en' });
    await expect(crumbs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(cat.name);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    const breadcrumb = ld.find((d) => d['@type'] === 'BreadcrumbList');
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${baseURL}/` },
      { '@type': 'ListItem', position: 2, name: cat.name, item: `${baseURL}/${cat.slug}` },
    ]);

    // The filter marks the current category.
    await expect(page.getByRole('link', { name: cat.name, exact: true }).first()).toHaveAttribute('aria-current', 'page');
  });

  test('sort variants canonicalise to the clean URL; page 2 keeps ?page', { tag: SMOKE }, async ({ page, baseURL }) => {
    const cat = await biggestCategory(page.request);
    await page.goto(`/${cat.slug}?sort=newest&rows=24`);
    await expectCanonical(page, `${baseURL}/${cat.slug}`);
    const newest = await apiData<Paged>(page.request, `api/products?rows=24&page=1&Categories=${cat.slug}&sort=newest`);
    expect(await cards(page).getByRole('heading').allTextContents()).toEqual(newest.items.map((p) => p.name));
    if (cat.list.totalPages > 1) {
      await page.goto(`/${cat.slug}`);
      await page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Página 2' }).click();
      await expect(page).toHaveURL(new RegExp(`/${cat.slug}\\?page=2$`));
      await expectCanonical(page, `${baseURL}/${cat.slug}?page=2`);
    }
  });

  test('an unknown category answers 404', { tag: SMOKE }, async ({ request }) => {
    const res = await request.get('/categoria-que-no-existe');
    expect(res.status()).toBe(404);
    const en = await request.get('/en/categoria-que-no-existe');
    expect(en.status()).toBe(404);
  });
});

test.describe('query-less listings (cached routes, proxy.ts)', () => {
  const pesos = (n: number) => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(n);
  const text = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

  // Local only: it changes the price of a product it did not create (restored at the end).
  test('are served from the cache, list what the per-request route lists, and follow a price change within seconds', async ({ page, request }) => {
    const cat = await biggestCategory(request);
    // The first page as the category page asks the API for it (default sort and rows).
    type Priced = ListItem & { isVariable: boolean; discount: number | null; price: number; state: string };
    const first = await apiData<{ items: Priced[] }>(request, `api/products?rows=12&page=1&Categories=${cat.slug}&sort=popular`);
    const product = first.items.find((p) => !p.isVariable && p.discount === null && p.state === 'active');
    expect(product, `an active simple product without a sale price on the first page of ${cat.slug}`).toBeTruthy();

    // An entry an earlier write made stale is served once more while it regenerates in the background: wait for
    // the fresh one rather than assume the second request finds it ready.
    let cached = await request.get(`/${cat.slug}`);
    await expect
      .poll(async () => (cached = await request.get(`/${cat.slug}`)).headers()['x-nextjs-cache'], { timeout: 15_000, intervals: [250, 500, 1000] })
      .toBe('HIT');
    expect(cached.status()).toBe(200);
    const withQuery = await request.get(`/${cat.slug}?sort=popular`);
    expect(withQuery.headers()['x-nextjs-cache']).toBeUndefined();
    const links = (html: string) => [...html.matchAll(new RegExp(`href="/${cat.slug}/([a-z0-9-]+)"`, 'g'))].map((m) => m[1]);
    expect(links(await cached.text())).toEqual(links(await withQuery.text()));
    expect((await request.get('/products')).headers()['x-nextjs-cache']).toMatch(/HIT|MISS|STALE/);

    // A staff price change reaches the cached listing through the tags it was rendered with.
    const login = await request.post(`${API}/auth/login`, { data: { email: 'staff@example.com', password: 'tienda-demo' } });
    const staff = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
    const newPrice = Math.round(product!.price) + 777.5;
    const patch = (price: number) => request.patch(`${API}/api/staff/products/${product!.id}`, { headers: staff, data: { price } });
    expect((await patch(newPrice)).ok()).toBeTruthy();
    try {
      await page.goto(`/${cat.slug}`);
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await text(page)).includes(pesos(newPrice).replace(/\s+/g, ' '));
          },
          { timeout: 10_000, intervals: [500, 1000] },
        )
        .toBe(true);
    } finally {
      expect((await patch(product!.price)).ok()).toBeTruthy();
    }
  });

  test('the internal route has no public URL of its own', { tag: [SMOKE, STAGING] }, async ({ request }) => {
    for (const path of ['/catalogue-default', `/catalogue-default/${(await biggestCategory(request)).slug}`, '/en/catalogue-default']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
