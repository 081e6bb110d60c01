import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API } from './support/env';
import { needData, SMOKE, STAGING, test } from './support/fixtures';
import { hiddenProduct } from './support/shop';

/**
 * Product detail: server-rendered SEO (title, canonical, og:image, JSON-LD Product per spec §2),
 * the server redirects (wrong category → one 308, unknown/hidden → 307 to /), the variation filter,
 * quantity selectors, the gallery and viewer, structured-data-testing-tool, and the JS budget.
 * Demo products are found through the API.
 */

const run = promisify(execFile);

interface Offer {
  id: number;
  name: string;
  units: number;
  price: number;
  isVip: boolean;
  isStrict: boolean;
}
interface Variation {
  id: number;
  name: string;
  price: number;
  discount: number | null;
  state: string;
  Variable: { name: string } | null;
}
interface Product {
  id: number;
  name: string;
  slug: string;
  SKU: string;
  brand: string;
  state: string;
  isVariable: boolean;
  price: number;
  discount: number | null;
  minPrice: number;
  maxPrice: number;
  variationCount: number;
  Categories: { name: string; slug: string }[];
  ProductImages: { id: number; name: string }[];
  Offers: Offer[];
  Variations: Variation[];
}

async function apiData<T>(request: APIRequestContext, p: string): Promise<T> {
  const res = await request.get(`${API}/${p}`);
  expect(res.ok(), `${p} → ${res.status()}`).toBeTruthy();
  return (await res.json()).data as T;
}

async function allProducts(request: APIRequestContext): Promise<Product[]> {
  const first = await apiData<{ items: Product[]; totalPages: number }>(request, 'api/products?rows=48&page=1&sort=name');
  const out = [...first.items];
  for (let page = 2; page <= first.totalPages; page += 1) {
    out.push(...(await apiData<{ items: Product[] }>(request, `api/products?rows=48&page=${page}&sort=name`)).items);
  }
  return out;
}

async function detail(request: APIRequestContext, slug: string): Promise<Product> {
  return apiData<Product>(request, `api/product/slug/${slug}`);
}

const pathOf = (p: Pick<Product, 'slug' | 'Categories'>) => `/${p.Categories[0].slug}/${p.slug}`;

const AVAILABILITY: Record<string, string> = {
  active: 'https://schema.org/InStock',
  limited: 'https://schema.org/LimitedAvailability',
  noStock: 'https://schema.org/OutOfStock',
};

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

interface LdOffer {
  '@type': string;
  price?: number;
  lowPrice?: number;
  highPrice?: number;
  offerCount?: number;
  priceCurrency?: string;
  availability?: string;
  offers?: unknown[];
}
interface LdProduct {
  name: string;
  url: string;
  sku: string;
  brand: unknown;
  image: string[];
  offers: LdOffer;
}
interface LdBreadcrumbs {
  itemListElement: { name: string }[];
}

/** The JSON-LD block of a schema.org type in the HTML (fails the test when missing). */
function ld<T>(html: string, type: string): T {
  const found = jsonLdBlocks(html).find((d) => d['@type'] === type);
  expect(found, `JSON-LD ${type}`).toBeTruthy();
  return found as T;
}

/**
 * The Location of a redirect. On the first (uncached) render Next 16.4 sends the header twice with the
 * same value (browsers accept identical duplicates; Playwright joins them with ", "), so read the first.
 */
function location(res: { headersArray(): { name: string; value: string }[] }): string {
  return res.headersArray().find((h) => h.name.toLowerCase() === 'location')?.value ?? '';
}

function attr(html: string, re: RegExp): string | null {
  return re.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
}

let products: Product[] = [];
let variable: Product; // many variations, min ≠ max price
let simple: Product; // no variations, with tiers and images
let flatVariable: Product | undefined; // variable with min = max price

test.beforeAll(async ({ request }) => {
  products = (await allProducts(request)).filter((p) => p.Categories.length > 0);
  const variables = products.filter((p) => p.isVariable && p.minPrice !== p.maxPrice && p.state !== 'noStock');
  variable = await detail(request, variables.sort((a, b) => b.variationCount - a.variationCount)[0].slug);
  simple = await detail(
    request,
    products.find((p) => !p.isVariable && p.state === 'active' && p.ProductImages.length > 0 && p.Offers.length > 0)!.slug,
  );
  const flat = products.find((p) => p.isVariable && p.minPrice === p.maxPrice);
  flatVariable = flat ? await detail(request, flat.slug) : undefined;
});

test.describe('server-rendered SEO', { tag: [SMOKE, STAGING] }, () => {
  test('a variable product: title, canonical, og:image and JSON-LD AggregateOffer with the tiers', async ({ request, baseURL }) => {
    const res = await request.get(pathOf(variable), { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(`Aromas del Alma | ${variable.name}`);
    const canonical = `${baseURL}${pathOf(variable)}`;
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
    const ogImage = attr(html, /<meta property="og:image" content="([^"]+)"/);
    const firstImage = `${baseURL}${variable.ProductImages[0].name.replace(/^https?:\/\/[^/]+/, '')}`;
    // link previews get the first picture's JPEG preview (issue 30); the structured data the picture itself
    expect(ogImage).toBe(`${firstImage}?preview=og`);
    expect(attr(html, /<meta name="twitter:image" content="([^"]+)"/)).toBe(ogImage);
    expect(attr(html, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(30);

    const product = ld<LdProduct>(html, 'Product');
    expect(product.name).toBe(variable.name);
    expect(product.url).toBe(canonical);
    expect(product.sku).toBe(variable.SKU);
    expect(product.brand).toEqual({ '@type': 'Brand', name: variable.brand || 'Artesanal' });
    expect(product.image[0]).toBe(firstImage);
    expect(product.image).toHaveLength(variable.ProductImages.length);
    expect(product.offers['@type']).toBe('AggregateOffer');
    expect(product.offers.lowPrice).toBe(variable.minPrice);
    expect(product.offers.highPrice).toBe(variable.maxPrice);
    expect(product.offers.offerCount).toBe(variable.variationCount || 1);
    expect(product.offers.priceCurrency).toBe('ARS');
    expect(product.offers.availability).toBe(AVAILABILITY[variable.state] ?? 'https://schema.org/Discontinued');
    const tiers = [...variable.Offers].sort((a, b) => a.units - b.units);
    expect(product.offers.offers ?? []).toEqual(
      tiers.map((t) =>
        expect.objectContaining({
          '@type': 'Offer',
          name: t.name,
          price: t.price,
          priceCurrency: 'ARS',
          eligibleQuantity: { '@type': 'QuantitativeValue', unitCode: 'C62', value: t.units, minValue: t.units },
        }),
      ),
    );

    const crumbs = ld<LdBreadcrumbs>(html, 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual([
      'Inicio',
      variable.Categories[0].name,
      variable.name,
    ]);

    // The LCP image is a plain server-rendered <img> with high fetch priority.
    expect(html).toMatch(/<img[^>]+fetchPriority="high"|<img[^>]+fetchpriority="high"/i);
  });

  test('a simple product gives an AggregateOffer with offerCount 1; a flat-priced variable one a single Offer', async ({ request }) => {
    const html = await (await request.get(pathOf(simple))).text();
    const product = ld<LdProduct>(html, 'Product');
    expect(product.offers['@type']).toBe('AggregateOffer');
    expect(product.offers.offerCount).toBe(1);
    expect(product.offers.lowPrice).toBe(simple.minPrice);
    expect(product.offers.availability).toBe(AVAILABILITY[simple.state]);

    const flatProduct = needData(flatVariable, 'variable product with a single price');
    const flatHtml = await (await request.get(pathOf(flatProduct))).text();
    const flat = ld<LdProduct>(flatHtml, 'Product');
    expect(flat.offers['@type']).toBe('Offer');
    expect(flat.offers.price).toBe(flatProduct.minPrice);
    expect(flat.offers.priceCurrency).toBe('ARS');
  });

  test('availability follows the stock state', async ({ request }) => {
    for (const state of ['limited', 'noStock']) {
      const p = products.find((x) => x.state === state);
      if (!p) continue;
      const html = await (await request.get(pathOf(p))).text();
      const product = ld<LdProduct>(html, 'Product');
      expect(product.offers.availability, state).toBe(AVAILABILITY[state]);
    }
  });

  test('structured-data-testing-tool passes on a product page', async ({ baseURL }) => {
    const bin = path.join(process.cwd(), 'node_modules', '.bin', 'sdtt');
    const { stdout } = await run(bin, ['--url', `${baseURL}${pathOf(variable)}`, '--schemas', 'Product'], { timeout: 30_000 });
    expect(stdout).toMatch(/Product/);
  });
});

test.describe('server redirects', { tag: STAGING }, () => {
  test('a wrong category answers ONE 308 to the first category', { tag: SMOKE }, async ({ request }) => {
    const categories = await apiData<{ slug: string }[]>(request, 'api/category/names');
    const wrong = categories.find((c) => !variable.Categories.some((v) => v.slug === c.slug))!;
    const res = await request.get(`/${wrong.slug}/${variable.slug}`, { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(location(res)).toMatch(new RegExp(`${pathOf(variable)}$`));
    const next = await request.get(location(res), { maxRedirects: 0 });
    expect(next.status()).toBe(200);

    // A second category of the product is not its first one either.
    const multi = products.find((p) => p.Categories.length > 1);
    if (multi) {
      const r = await request.get(`/${multi.Categories[1].slug}/${multi.slug}`, { maxRedirects: 0 });
      expect(r.status()).toBe(308);
      expect(location(r)).toMatch(new RegExp(`${pathOf(multi)}$`));
    }
    // Locale prefixes are kept.
    const en = await request.get(`/en/${wrong.slug}/${variable.slug}`, { maxRedirects: 0 });
    expect(en.status()).toBe(308);
    expect(location(en)).toMatch(new RegExp(`/en${pathOf(variable)}$`));
  });

  test('an unknown product redirects (temporarily) to the home page', { tag: SMOKE }, async ({ request }) => {
    const res = await request.get(`/${variable.Categories[0].slug}/producto-que-no-existe-xyz`, { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(new URL(location(res), 'http://x').pathname).toBe('/');
    const en = await request.get(`/en/${variable.Categories[0].slug}/producto-que-no-existe-xyz`, { maxRedirects: 0 });
    expect(en.status()).toBe(307);
    expect(new URL(location(en), 'http://x').pathname).toBe('/en');
  });

  test("a hidden product's URL redirects to the home page", async ({ request, staff }) => {
    // A product in state 'hidden' (the public API does not serve it), as staff lists it.
    const hidden = needData(await hiddenProduct(request, staff), 'hidden product');
    const api = await request.get(`${API}/api/product/slug/${hidden.slug}`);
    expect(api.status()).toBe(404);
    const res = await request.get(`/${hidden.categorySlug}/${hidden.slug}`, { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(new URL(location(res), 'http://x').pathname).toBe('/');
  });

  test('a browser following the redirects lands on the right page', { tag: SMOKE }, async ({ page }) => {
    await page.goto(`/productos-inexistentes/${simple.slug}`);
    await expect(page).toHaveURL(new RegExp(`${pathOf(simple)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(simple.name);
  });
});

test.describe('product page behaviour', { tag: STAGING }, () => {
  async function open(page: Page, p: Product) {
    await page.goto(pathOf(p));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  }

  test('shows name, price range, SKU, tier ladder, dimensions and one row per visible variation', async ({ page }) => {
    await open(page, variable);
    await expect(page.getByText(`Código: ${variable.SKU}`)).toBeVisible();
    const box = page.getByTestId('buy-box');
    await expect(box.getByRole('heading', { level: 2 })).toHaveText(variable.Variations[0].Variable!.name);
    const visible = variable.Variations.filter((v) => v.state !== 'hidden');
    await expect(page.getByTestId('variation-row')).toHaveCount(visible.length);
    const table = page.getByTestId('offer-table');
    await expect(table.locator('tbody tr')).toHaveCount(variable.Offers.length);
    for (const t of variable.Offers.filter((o) => o.isVip)) {
      await expect(table.locator('tbody tr', { hasText: t.name })).toContainText('Cliente VIP');
    }
    for (const t of variable.Offers.filter((o) => o.isStrict)) {
      await expect(table.locator('tbody tr', { hasText: t.name })).toContainText(`solo múltiplos de ${t.units}`);
    }
    // Prices per row because min ≠ max.
    await expect(page.getByTestId('variation-row').first()).toContainText('$');
    // No-stock rows: label, no selector.
    const noStock = page.locator('[data-testid="variation-row"][data-state="noStock"]');
    for (const row of await noStock.all()) {
      await expect(row).toContainText('Sin stock');
      await expect(row.getByTestId('quantity-selector')).toHaveCount(0);
    }
    const limited = page.locator('[data-testid="variation-row"][data-state="limited"]');
    for (const row of await limited.all()) await expect(row).toContainText('Pocas unidades');
  });

  test('the variation filter narrows rows case-insensitively', async ({ page }) => {
    await open(page, variable);
    const rows = page.getByTestId('variation-row');
    const all = variable.Variations.filter((v) => v.state !== 'hidden');
    const target = all[Math.floor(all.length / 2)].name;
    const query = target.slice(0, 3).toUpperCase();
    const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    const expected = all.filter((v) => fold(v.name).includes(fold(query)));

    const search = page.getByPlaceholder('Buscar...');
    await search.fill(query);
    await expect(rows).toHaveCount(expected.length);
    await expect(rows.filter({ hasText: target })).toHaveCount(1);

    await search.fill('zzzz-nada');
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('Ninguna opción coincide con «zzzz-nada».')).toBeVisible();

    await search.fill('');
    await expect(rows).toHaveCount(all.length);
  });

  test('a simple product has a single quantity row that follows the quantity rules', async ({ page }) => {
    await open(page, simple);
    const rows = page.getByTestId('variation-row');
    await expect(rows).toHaveCount(1);
    await expect(page.getByPlaceholder('Buscar...')).toHaveCount(0);
    const input = page.getByLabel(`Cantidad de ${simple.name}`);
    const plus = page.getByRole('button', { name: new RegExp(`^Sumar .*${simple.name}`) });
    const minus = page.getByRole('button', { name: new RegExp(`^Restar .*${simple.name}`) });
    await expect(input).toHaveValue('0');
    await expect(minus).toBeDisabled();
    await plus.click();
    const afterPlus = Number(await input.inputValue());
    expect(afterPlus).toBeGreaterThan(0);
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(input).toHaveValue('0');

    // Letters are ignored; above the maximum is brought down at once; blur clamps.
    await input.fill('abc');
    await expect(input).toHaveValue('0');
    await input.fill('');
    await input.pressSequentially('999999');
    await expect(input).toHaveValue('5000');
    await expect(plus).toBeDisabled();
    await input.fill('');
    await input.blur();
    await expect(input).toHaveValue('0');
  });

  test('gallery: autoplay advances, buttons move, the viewer zooms and closes with Escape', async ({ page }) => {
    const p = [variable, simple, ...products].find((x) => x.ProductImages.length > 1)!;
    await open(page, p);
    await page.mouse.move(0, 0);
    const gallery = page.getByRole('region', { name: `Imágenes de ${p.name}` });
    const counter = gallery.getByText(/^\d+ \/ \d+$/);
    await expect(counter).toHaveText(`1 / ${p.ProductImages.length}`);
    await expect(counter).toHaveText(`2 / ${p.ProductImages.length}`, { timeout: 5000 }); // 3 s autoplay

    await gallery.getByRole('button', { name: 'Imagen anterior' }).click();
    await expect(counter).toHaveText(`1 / ${p.ProductImages.length}`);
    await gallery.getByRole('button', { name: 'Imagen siguiente' }).click();
    await expect(counter).toHaveText(`2 / ${p.ProductImages.length}`);
    await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', `imagen de ${p.name}`);

    await gallery.getByRole('button', { name: /^Ampliar imagen 2 de/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Visor de imágenes' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Cerrar' })).toBeFocused();
    const stage = viewer.getByTestId('image-viewer-stage');
    await stage.hover();
    await page.mouse.wheel(0, -100);
    await expect(stage).toHaveAttribute('data-scale', '1.100');
    for (let i = 0; i < 40; i += 1) await page.mouse.wheel(0, -100);
    await expect(stage).toHaveAttribute('data-scale', '5.000');
    for (let i = 0; i < 60; i += 1) await page.mouse.wheel(0, 100);
    await expect(stage).toHaveAttribute('data-scale', '0.500');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });

  test('a failed image shows the alt text cut to 20 characters', async ({ page }) => {
    await page.route('**/uploads/**', (route) => route.fulfill({ status: 404, body: '' }));
    await open(page, simple);
    const placeholder = page.getByTestId('image-placeholder').first();
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toHaveText(`imagen de ${simple.name}`.slice(0, 20));
  });

  test('the markdown description never renders raw HTML', async ({ page }) => {
    await open(page, variable);
    await expect(page.locator('article script')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Descripción' })).toBeVisible();
  });
});

test('JS budget: a product page loads at most ~30 kB gzip more JS than the 404 page', { tag: [SMOKE, STAGING] }, async ({ browser, baseURL }) => {
  async function jsBytes(url: string): Promise<{ total: number; files: Set<string> }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        files.set(new URL(res.url()).pathname, gzipSync(await res.body()).length);
      } catch {
        /* aborted */
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await context.close();
    return { total: [...files.values()].reduce((a, b) => a + b, 0), files: new Set(files.keys()) };
  }
  const notFound = await jsBytes(`${baseURL}/no-existe/${'x'.repeat(8)}/pagina`);
  const product = await jsBytes(`${baseURL}${pathOf(variable)}`);
  const extra = product.total - notFound.total;
  console.log(`JS gzip: 404 ${(notFound.total / 1024).toFixed(1)} kB, product ${(product.total / 1024).toFixed(1)} kB, extra ${(extra / 1024).toFixed(1)} kB`);
  expect(extra).toBeLessThanOrEqual(30 * 1024);
});
