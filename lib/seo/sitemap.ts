/**
 * Sitemap builder (pure): every indexable URL in every locale, each entry listing its hreflang
 * alternates (es, en, pt-BR, x-default), products with lastmod = their updatedAt. Split into files of
 * at most SITEMAP_MAX_URLS URLs behind a sitemap index when larger. Hidden products never reach it:
 * the API does not list them.
 */
import { routing, type Locale } from '@/i18n/routing';
import { localizedPath } from '@/lib/locales';
import { absoluteUrl } from './metadata';

export const SITEMAP_MAX_URLS = 5000;

/** Indexable static pages (Spanish paths). Account, cart and checkout pages are deliberately absent. */
export const STATIC_SITEMAP_PATHS = ['/', '/products', '/about-us', '/faq', '/terms-and-conditions'] as const;

export interface SitemapEntry {
  url: string;
  lastModified?: string;
  alternates: { languages: Record<string, string> };
}

export interface SitemapProductInput {
  slug: string;
  updatedAt?: string | null;
  Categories?: { slug: string }[] | null;
}

export interface SitemapCategoryInput {
  slug: string;
}

/** Canonical Spanish path of a product: /{firstCategorySlug}/{slug} (or /products/{slug} without a category). */
export function productSitemapPath(product: SitemapProductInput): string {
  const category = product.Categories?.find((c) => c?.slug)?.slug;
  return `/${category ?? 'products'}/${product.slug}`;
}

function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** One entry per locale for a Spanish path, each with the full set of alternates. */
function localizedEntries(path: string, lastModified?: string): SitemapEntry[] {
  const languages: Record<string, string> = {};
  for (const locale of routing.locales) languages[locale] = absoluteUrl(localizedPath(locale, path));
  languages['x-default'] = absoluteUrl(localizedPath('es', path));
  return routing.locales.map((locale: Locale) => ({
    url: absoluteUrl(localizedPath(locale, path)),
    ...(lastModified ? { lastModified } : {}),
    alternates: { languages },
  }));
}

export function buildSitemapEntries({
  products,
  categories,
}: {
  products: SitemapProductInput[];
  categories: SitemapCategoryInput[];
}): SitemapEntry[] {
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  const add = (path: string, lastModified?: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    entries.push(...localizedEntries(path, lastModified));
  };

  // A category's lastmod: its most recently updated product.
  const categoryLastMod = new Map<string, string>();
  for (const p of products) {
    const iso = isoDate(p.updatedAt);
    if (!iso) continue;
    for (const c of p.Categories ?? []) {
      const prev = categoryLastMod.get(c.slug);
      if (!prev || iso > prev) categoryLastMod.set(c.slug, iso);
    }
  }

  for (const path of STATIC_SITEMAP_PATHS) add(path);
  for (const c of categories) if (c?.slug) add(`/${c.slug}`, categoryLastMod.get(c.slug));
  for (const p of products) if (p?.slug) add(productSitemapPath(p), isoDate(p.updatedAt));
  return entries;
}

export function chunk<T>(items: T[], size: number = SITEMAP_MAX_URLS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length ? out : [[]];
}

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

export function renderUrlset(entries: SitemapEntry[]): string {
  const body = entries
    .map((e) => {
      const links = Object.entries(e.alternates.languages)
        .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${xml(lang)}" href="${xml(href)}"/>`)
        .join('');
      const lastmod = e.lastModified ? `<lastmod>${xml(e.lastModified)}</lastmod>` : '';
      return `<url><loc>${xml(e.url)}</loc>${links}${lastmod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function renderSitemapIndex(files: { url: string; lastModified?: string }[]): string {
  const body = files
    .map((f) => `<sitemap><loc>${xml(f.url)}</loc>${f.lastModified ? `<lastmod>${xml(f.lastModified)}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** URL of the n-th (0-based) sitemap file behind the index. */
export function sitemapFileUrl(index: number): string {
  return absoluteUrl(`/sitemap/${index}.xml`);
}

/** Latest lastModified of a set of entries (for the index). */
export function latest(entries: SitemapEntry[]): string | undefined {
  let max: string | undefined;
  for (const e of entries) if (e.lastModified && (!max || e.lastModified > max)) max = e.lastModified;
  return max;
}
