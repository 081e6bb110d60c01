import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { CategoryListing, categoryListingMetadata, categoryState } from '@/components/catalogue/listing-pages';
import { parseCatalogueParams, type SearchParamsRecord } from '@/components/catalogue/params';

/**
 * /{categorySlug} with a query string (sort, rows, page): rendered per request over the cached, tagged
 * API answers (`category:<slug>`, `products`, `categories`; SECONDS.products = 300 s as the safety net).
 * The same URL without a query string is the cached route app/[locale]/catalogue-default/[categorySlug]
 * (proxy.ts). An unknown slug is a 404. No category is prerendered at build time (no API needed to build).
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
  return categoryListingMetadata(locale, categorySlug, categoryState(parseCatalogueParams(await searchParams)), 'per-request');
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { locale, categorySlug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <CategoryListing locale={locale} categorySlug={categorySlug} state={categoryState(parseCatalogueParams(await searchParams))} />;
}
