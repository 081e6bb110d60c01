import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { getCategories, getProducts } from '@/lib/api/catalogue';
import type { Category } from '@/lib/api/types';
import { JsonLd } from '@/lib/seo/JsonLd';
import { breadcrumbJsonLd } from '@/lib/seo/breadcrumbs';
import { absoluteUrl, localizedPath, pageMetadata } from '@/lib/seo/metadata';
import { CatalogueView } from '@/components/catalogue/CatalogueView';
import { canonicalCataloguePath, parseCatalogueParams, type SearchParamsRecord } from '@/components/catalogue/params';

/**
 * /products — the catalogue (and search results with ?query=). Reads sort/rows/page/query/category
 * from the URL, so it renders per request over the cached, tagged API answers (lib/cache:
 * `products`, `category:<slug>`, `categories`; SECONDS.products = 300 s as the safety net).
 *
 * Canonical: sort and rows variants → the clean URL; page > 1 keeps ?page=N; ?category=x (without a
 * search) → /x; searches are noindex,follow. A page past the last one is a 404; garbage (?page=abc)
 * is read as the default.
 */
// 0 = rendered per request (the page reads searchParams); the API answers it uses stay cached for
// SECONDS.products with their tags, because every fetch sets a positive `revalidate` (Next keeps those).
// A positive value here would make Next treat the route as ISR and fail at run time on searchParams.
export const revalidate = 0;

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

async function categoriesOrEmpty(): Promise<Category[]> {
  try {
    return await getCategories();
  } catch {
    return []; // the filter is optional; the product list is what matters
  }
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const state = parseCatalogueParams(await searchParams);
  const t = await getTranslations({ locale, namespace: 'catalogue' });
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

export default async function ProductsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const state = parseCatalogueParams(await searchParams);
  const [t, result, categories] = await Promise.all([
    getTranslations({ locale, namespace: 'catalogue' }),
    getProducts({
      rows: state.rows,
      page: state.page,
      sort: state.sort,
      query: state.query || undefined,
      category: state.category || undefined,
    }),
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
  const title = state.query
    ? t('searchHeading', { query: state.query })
    : (categoryName ?? t('heading'));

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
      <JsonLd data={breadcrumbJsonLd(crumbsLd(locale, crumbs))} />
    </div>
  );
}

function crumbsLd(locale: Locale, crumbs: { name: string; href?: string }[]) {
  const self = absoluteUrl(localizedPath(locale, '/products'));
  return crumbs.map((c) => ({ name: c.name, url: c.href ? absoluteUrl(localizedPath(locale, c.href)) : self }));
}
