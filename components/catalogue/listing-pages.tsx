import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Locale } from '@/i18n/routing';
import { getCategories, getCategoryBySlug, getProducts } from '@/lib/api/catalogue';
import type { Category } from '@/lib/contracts/catalogue';
import { rethrowOutage } from '@/lib/api/errors';
import { JsonLd } from '@/lib/seo/JsonLd';
import { breadcrumbJsonLd } from '@/lib/seo/breadcrumbs';
import { localizedPath } from '@/lib/locales';
import { absoluteUrl, pageMetadata } from '@/lib/seo/metadata';
import { CatalogueView } from './CatalogueView';
import { canonicalCataloguePath, parseCatalogueParams, type CatalogueParams } from './params';

/**
 * The catalogue (/products) and category (/{slug}) listings, shared by two routes each:
 * - app/[locale]/products and app/[locale]/[categorySlug]: any query string (sort, rows, page, search),
 *   rendered per request over the cached, tagged API answers;
 * - app/[locale]/catalogue-default(/[categorySlug]): the same listing with no query string at all — the
 *   URL crawlers, menus and shared links use — as an ISR page cached per (locale, slug). proxy.ts sends
 *   the query-less URLs there (i18n/internal-path.ts, defaultListingPath).
 * Both render the same HTML for the same state; the public URL, canonical and links are the same.
 */

/** The listing state of a URL without a query string. */
export const DEFAULT_LISTING: CatalogueParams = parseCatalogueParams({});

/**
 * How a route renders its listing:
 * - 'per-request' (a query string): metadata reads nothing slow, so Next keeps it in <head> rather than
 *   streaming it into the body; an API outage fails the page itself (503 through instrumentation.ts);
 * - 'cached' (the ISR twins): metadata awaits the same product list as the page (one request, Next
 *   dedupes it), so an outage fails the render before anything is written: 503, and nothing is cached.
 */
export type ListingRender = 'per-request' | 'cached';

/** The listing's products (the same call from metadata and page). */
function listProducts(state: CatalogueParams, category?: string) {
  return getProducts({
    rows: state.rows,
    page: state.page,
    sort: state.sort,
    query: state.query || undefined,
    category: category ?? (state.category || undefined),
  });
}

async function categoriesOrEmpty(): Promise<Category[]> {
  try {
    return await getCategories();
  } catch (err) {
    rethrowOutage(err);
    return []; // the filter is optional; the product list is what matters
  }
}

/**
 * /products metadata. Canonical: sort and rows variants → the clean URL; page > 1 keeps ?page=N;
 * ?category=x (without a search) → /x; searches are noindex,follow.
 */
export async function productsListingMetadata(locale: Locale, state: CatalogueParams, render: ListingRender): Promise<Metadata> {
  const [t] = await Promise.all([getTranslations({ locale, namespace: 'catalogue' }), render === 'cached' ? listProducts(state) : null]);
  if (state.query) {
    return pageMetadata({
      locale,
      path: '/products',
      title: t('searchTitle', { query: state.query }),
      description: t('searchDescription', { query: state.query }),
      noindex: true,
    });
  }
  const base = state.category ? `/${state.category}` : '/products';
  const title = state.page > 1 ? t('pageTitle', { title: t('title'), page: state.page }) : t('title');
  return pageMetadata({ locale, path: canonicalCataloguePath(base, state.page), title, description: t('description') });
}

/** /products: the catalogue, or search results with ?query=. A page past the last one is a 404. */
export async function ProductsListing({ locale, state }: { locale: Locale; state: CatalogueParams }) {
  const [t, result, categories] = await Promise.all([
    getTranslations({ locale, namespace: 'catalogue' }),
    listProducts(state),
    categoriesOrEmpty(),
  ]);
  // Past the last page: nothing to list there, and no duplicate of another page either.
  if (state.page > 1 && state.page > result.totalPages) notFound();

  const crumbs = [
    { name: t('breadcrumbs.home'), href: '/' },
    { name: t('breadcrumbs.products'), href: state.query ? '/products' : undefined },
    ...(state.query ? [{ name: t('searchTitle', { query: state.query }) }] : []),
  ];
  const activeCategory = state.category ? state.category : null;
  const categoryName = activeCategory ? categories.find((c) => c.slug === activeCategory)?.name : undefined;
  const title = state.query ? t('searchHeading', { query: state.query }) : (categoryName ?? t('heading'));
  const self = absoluteUrl(localizedPath(locale, '/products'));

  return (
    <div>
      <CatalogueView
        basePath="/products"
        state={state}
        result={result}
        categories={categories}
        activeCategory={activeCategory}
        title={title}
        intro={state.query ? null : t('description')}
        breadcrumbs={crumbs}
      />
      <JsonLd data={breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: c.href ? absoluteUrl(localizedPath(locale, c.href)) : self })))} />
    </div>
  );
}

/** On a category page only sort, rows and page apply (a ?query= search lives on /products). */
export function categoryState(state: CatalogueParams): CatalogueParams {
  return { ...state, query: '', category: '' };
}

/** /{slug} metadata. Canonical: /{slug} for page 1 whatever the sort/rows; page > 1 keeps ?page=N. */
export async function categoryListingMetadata(locale: Locale, categorySlug: string, state: CatalogueParams, render: ListingRender): Promise<Metadata> {
  // getCategoryBySlug throws when the API is down, and is null for a slug that is no category.
  const lookup = getCategoryBySlug(categorySlug);
  const category = await (render === 'cached' ? lookup : lookup.catch((err: unknown) => {
    rethrowOutage(err);
    return null;
  }));
  if (!category) return { robots: { index: false, follow: true } };
  const [t] = await Promise.all([
    getTranslations({ locale, namespace: 'catalogue' }),
    render === 'cached' ? listProducts(state, category.slug) : null,
  ]);
  const title = state.page > 1 ? t('pageTitle', { title: category.name, page: state.page }) : category.name;
  return pageMetadata({
    locale,
    path: canonicalCataloguePath(`/${category.slug}`, state.page),
    title,
    description: category.description?.trim() || t('categoryDescription', { name: category.name }),
    image: category.image ? { url: category.image, alt: category.name } : null,
  });
}

/** /{slug}: a category's listing. An unknown slug, or a page past the last one, is a 404. */
export async function CategoryListing({ locale, categorySlug, state }: { locale: Locale; categorySlug: string; state: CatalogueParams }) {
  const categories = await getCategories();
  const category = categories.find((c) => c.slug === categorySlug);
  if (!category) notFound();

  const [t, result] = await Promise.all([
    getTranslations({ locale, namespace: 'catalogue' }),
    listProducts(state, category.slug),
  ]);
  if (state.page > 1 && state.page > result.totalPages) notFound();

  const path = `/${category.slug}`;
  const crumbs = [{ name: t('breadcrumbs.home'), href: '/' }, { name: category.name }];
  return (
    <div>
      <CatalogueView
        basePath={path}
        state={state}
        result={result}
        categories={categories}
        activeCategory={category.slug}
        title={category.name}
        intro={category.description?.trim() || t('categoryDescription', { name: category.name })}
        breadcrumbs={crumbs}
      />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: crumbs[0].name, url: absoluteUrl(localizedPath(locale, '/')) },
          { name: category.name, url: absoluteUrl(localizedPath(locale, path)) },
        ])}
      />
    </div>
  );
}
