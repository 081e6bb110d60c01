import { expect, test } from '@playwright/test';
import { load } from 'cheerio';
import { HtmlValidate } from 'html-validate';
// Plain ESM helpers shared with the seo:audit script (scripts/seo).
import { jsonLdItems, richResultIssues } from '../scripts/seo/rich-results.mjs';
import { audit, markdown } from '../scripts/seo/audit.mjs';

/**
 * Issue 30, where crawlers meet the shop: raw HTML over HTTP (no browser, no script runs), the way
 * Googlebot's first pass and link-preview crawlers read it.
 */
const SITE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${SITE}${path}`, { redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}

async function productPaths(): Promise<string[]> {
  const xml = await (await fetch(`${SITE}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .filter((p) => /^\/[a-z0-9-]+\/[a-z0-9-]+$/.test(p) && !/^\/(en|br)\//.test(p));
}

async function inPool<T>(items: T[], limit: number, worker: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await worker(items[next++]);
  }));
}

type Ld = Record<string, unknown> & { offers?: Record<string, unknown> & { offers?: Record<string, unknown>[]; priceSpecification?: Record<string, unknown>[] } };

test.describe('rich results (Google merchant-listing rules, @adobe/structured-data-validator)', () => {
  test('every product page in the sitemap has no rich-result error; tiers carry unitCode C62 and a value', async () => {
    test.setTimeout(180_000);
    const paths = await productPaths();
    expect(paths.length).toBeGreaterThan(20);
    const errors: string[] = [];
    const products = new Map<string, Ld>();
    await inPool(paths, 4, async (path) => {
      const { status, body } = await html(path);
      expect(status, path).toBe(200);
      for (const issue of await richResultIssues(body)) {
        if (issue.severity === 'ERROR') errors.push(`${path}: ${issue.path}: ${issue.issueMessage}`);
      }
      const ld = (jsonLdItems(body).Product ?? [])[0] as Ld | undefined;
      if (ld) products.set(path, ld);
    });
    expect(errors).toEqual([]);

    // A tiered product (one Offer, tiers as UnitPriceSpecification) and a variable one (AggregateOffer).
    const tiered = [...products].find(([, ld]) => ld.offers?.priceSpecification?.length);
    const variable = [...products].find(([, ld]) => ld.offers?.['@type'] === 'AggregateOffer' && Number(ld.offers.offerCount) > 1);
    expect(tiered, 'a product with price tiers in the catalogue').toBeTruthy();
    expect(variable, 'a variable product in the catalogue').toBeTruthy();
    for (const spec of tiered![1].offers!.priceSpecification!) {
      const q = spec.eligibleQuantity as Record<string, unknown>;
      expect(q).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'C62' });
      expect(q.value).toBe(q.minValue);
      expect(Number(q.minValue)).toBeGreaterThanOrEqual(1);
    }
    console.log(`tiered ${tiered![0]}\n${JSON.stringify(tiered![1], null, 2)}`);
    console.log(`variable ${variable![0]}\n${JSON.stringify(variable![1], null, 2)}`);

    // Sold from a minimum of N pieces: the price stays the unit price shown, the minimum is stated.
    const minimum = [...products].filter(([, ld]) => ld.offers?.eligibleQuantity);
    expect(minimum.length).toBeGreaterThan(0);
    for (const [path, ld] of minimum) {
      expect(ld.offers!.eligibleQuantity, path).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'C62' });
      expect(Number((ld.offers!.eligibleQuantity as Record<string, unknown>).minValue), path).toBeGreaterThan(1);
    }
  });
});

test.describe('links crawlers follow', () => {
  const PAGES = ['/', '/faq', '/products', '/velas', '/en/velas', '/br/about-us', '/products?query=lavanda'];

  test('no internal link answers a redirect or an error; the language switcher links the canonical URLs', async () => {
    test.setTimeout(180_000);
    const targets = new Map<string, string>();
    for (const path of PAGES) {
      const { status, body } = await html(path);
      expect(status, path).toBe(200);
      const $ = load(body);
      $('a[href]').each((_, a) => {
        const href = $(a).attr('href')!;
        if (($(a).attr('rel') ?? '').split(/\s+/).includes('nofollow')) return;
        const url = new URL(href, `${SITE}${path}`);
        if (url.origin !== SITE) return;
        targets.set(`${url.pathname}${url.search}`, path);
      });
      // The switcher's entries are exactly the hreflang alternates (es unprefixed, never /es/…).
      const alternates = Object.fromEntries(
        $('link[rel="alternate"][hreflang]').map((_, l) => [[$(l).attr('hreflang'), new URL($(l).attr('href')!).pathname]]).get() as [string, string][],
      );
      for (const lang of ['es', 'en', 'pt-BR']) {
        const links = $(`a[hreflang="${lang}"]`).map((_, a) => $(a).attr('href')).get();
        expect(links.length, `${path} switcher ${lang}`).toBeGreaterThan(0);
        for (const link of links) expect(new URL(link, SITE).pathname, `${path} switcher ${lang}`).toBe(alternates[lang]);
      }
    }
    const bad: string[] = [];
    await inPool([...targets.keys()], 4, async (target) => {
      const { status } = await html(target);
      if (status >= 300) bad.push(`${target} (${status}) linked from ${targets.get(target)}`);
    });
    expect(bad).toEqual([]);
  });

  test('inside a search, the category chips are nofollow and robots.txt disallows ?category=', async () => {
    const { body } = await html('/products?query=vela');
    const $ = load(body);
    const chips = $('a[href*="category="]');
    expect(chips.length).toBeGreaterThan(1);
    chips.each((_, a) => expect($(a).attr('rel'), $(a).attr('href')).toBe('nofollow'));
    // The shopper's filter still works: a chip's URL answers the filtered search.
    const chip = chips.first().attr('href')!;
    expect((await html(chip)).status).toBe(200);
    // On a plain listing the chips are the category pages, followed as before.
    const listing = load((await html('/products')).body);
    expect(listing('a[href*="category="]').length).toBe(0);
    const robots = await (await fetch(`${SITE}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /*?*category=');
  });
});

test.describe('the 404 page', () => {
  // Issue 30 item 4: Next 16 answers every notFound() with its error shell, `<html id="__next_error__">`;
  // the 404 HTML is now the shop's prebuilt 404 page of the URL's locale (lib/status-pages/templates.ts).
  test('its <html> has the lang of the URL in the server HTML', async () => {
    for (const [prefix, lang] of [['', 'es'], ['/en', 'en'], ['/br', 'pt-BR']] as const) {
      const { status, body } = await html(`${prefix}/no/existe/nada`);
      expect(status).toBe(404);
      expect(body.match(/<html[^>]*>/)?.[0], prefix).toContain(`lang="${lang}"`);
    }
  });
});

test.describe('names that assistive technology reads', () => {
  test('main pages: no aria-label on elements that cannot be named; the old price is said to be the old price', async () => {
    test.setTimeout(120_000);
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'aria-label-misuse': ['error', { allowAnyNamable: true }] } });
    const paths = ['/', '/products', '/products?rows=12', '/velas', '/sahumerios', '/faq', '/about-us', '/products?query=vela'];
    const found: string[] = [];
    let struck = 0;
    for (const path of paths) {
      const { body } = await html(path);
      const report = await validator.validateString(body);
      for (const r of report.results) for (const m of r.messages) if (m.ruleId === 'aria-label-misuse') found.push(`${path}: ${m.selector} ${m.message}`);
      const $ = load(body);
      $('s').each((_, s) => {
        struck++;
        expect($(s).attr('aria-label')).toBeUndefined();
        expect($(s).attr('aria-hidden')).toBe('true');
        expect($(s).next('.visually-hidden').text()).toMatch(/^Precio anterior/);
      });
      $('[aria-current="page"]').filter('span').each((_, span) => expect($(span).attr('aria-label')).toBeUndefined());
    }
    expect(found).toEqual([]);
    expect(struck, 'a discounted product card on the main pages').toBeGreaterThan(0);
  });
});

test.describe('link previews (Open Graph)', () => {
  test('every og:image is a declared 1200×630 JPEG under 300 kB; product pages are og:type=product with an ARS price', async () => {
    test.setTimeout(120_000);
    const sharp = (await import('sharp')).default;
    const [product] = await productPaths();
    const pages = [product, `/en${product}`, '/velas', '/'];
    let checked = 0;
    for (const path of pages) {
      const { body } = await html(path);
      const $ = load(body);
      const og = (p: string) => $(`meta[property="${p}"]`).map((_, m) => $(m).attr('content')).get();
      const images = og('og:image');
      if (path === product || path === `/en${product}`) {
        expect(images.length, path).toBe(1);
        expect(og('og:type'), path).toEqual(['product']);
        expect(Number(og('product:price:amount')[0]), path).toBeGreaterThan(0);
        expect(og('product:price:currency'), path).toEqual(['ARS']);
      }
      for (const url of images) {
        expect(og('og:image:width'), path).toEqual(['1200']);
        expect(og('og:image:height'), path).toEqual(['630']);
        expect(og('og:image:type'), path).toEqual(['image/jpeg']);
        const res = await fetch(new URL(new URL(url).pathname + new URL(url).search, SITE));
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toBe('image/jpeg');
        expect(res.headers.get('cache-control'), url).toContain('immutable');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.length, url).toBeLessThan(300 * 1024);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height], url).toEqual(['jpeg', 1200, 630]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

test.describe('seo:audit', () => {
  test('the self-check crawls the production build and finds no error', async () => {
    test.setTimeout(480_000);
    const result = await audit({ base: SITE, maxPages: 1500, concurrency: 4 });
    const report = markdown(result);
    await test.info().attach('seo-audit.md', { body: report, contentType: 'text/markdown' });
    console.log(JSON.stringify(result.summary));
    expect(result.summary.truncated).toBe(false);
    expect(result.summary.pagesCrawled).toBeGreaterThan(100);
    const errors = result.pages.flatMap((p) => p.errors.map((e) => `${p.url}: ${e}`));
    expect(errors.slice(0, 20)).toEqual([]);
  });
});
