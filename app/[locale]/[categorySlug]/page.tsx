import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getCategories, getCategoryBySlug, getProducts } from '@/lib/api/catalogue';
import { JsonLd } from '@/lib/seo/JsonLd';
import { breadcrumbJsonLd } from '@/lib/seo/breadcrumbs';
import { absoluteUrl, localizedPath, pageMetadata } from '@/lib/seo/metadata';
import { CatalogueView } from '@/components/catalogue/CatalogueView';
import { canonicalCataloguePath, parseCatalogueParams, type SearchParamsRecord } from '@/components/catalogue/params';

/**
 * /{categorySlug} — a category's catalogue. An unknown slug is a 404. Like /products it reads
 * sort/rows/page from the URL and renders over cached, tagged API answers (`category:<slug>`,
 * `products`, `categories`; SECONDS.products = 300 s as the safety net). No category is prerendered at
 * build time (no API needed to build).
 *
 * Canonical: /{slug} for page 1 whatever the sort/rows; page > 1 keeps ?page=N.
 */
// 0 = rendered per request (the page reads searchParams); the API answers it uses stay cached for
// SECONDS.products with their tags, because every fetch sets a positive `revalidate` (Next keeps those).
// A positive value here would make Next treat the route as ISR and fail at run time on searchParams.
export const revalidate = 0;

export function generateStaticParams(): { categorySlug: string }[] {
  return [];
}

type Params = { locale: string; categorySlug: string };
type Props = { params: Promise<Params>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, categorySlug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const category = await getCategoryBySlug(categorySlug).catch(() => null);
  if (!category) return { robots: { index: false, follow: true } };
  const state = parseCatalogueParams(await searchParams);
  const t = await getTranslations({ locale, namespace: 'catalogue' });
  const title = state.page > 1 ? t('pageTitle', { title: category.name, page: state.page }) : category.name;
  return pageMetadata({
    locale,
    path: canonicalCataloguePath(`/${category.slug}`, state.page),
    title,
    description: category.description?.trim() || t('categoryDescription', { name: category.name }),
    image: category.image ? { url: category.image, alt: category.name } : null,
  });
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { locale, categorySlug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const categories = await getCategories();
  const category = categories.find((c) => c.slug === categorySlug);
  if (!category) notFound();

  // On a category page only sort, rows and page apply (a ?query= search lives on /products).
  const state = { ...parseCatalogueParams(await searchParams), query: '', category: '' };
  const [t, result] = await Promise.all([
    getTranslations({ locale, namespace: 'catalogue' }),
    getProducts({ rows: state.rows, page: state.page, sort: state.sort, category: category.slug }),
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
