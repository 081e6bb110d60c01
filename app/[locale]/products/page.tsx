import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { ProductsListing, productsListingMetadata } from '@/components/catalogue/listing-pages';
import { parseCatalogueParams, type SearchParamsRecord } from '@/components/catalogue/params';

/**
 * /products with a query string (sort, rows, page, ?query= search, ?category=): rendered per request
 * over the cached, tagged API answers (lib/cache: `products`, `category:<slug>`, `categories`;
 * SECONDS.products = 300 s as the safety net). The same URL without a query string is the cached route
 * app/[locale]/catalogue-default (proxy.ts). Garbage (?page=abc) is read as the default.
 */
// 0 = rendered per request (the page reads searchParams); the API answers it uses stay cached for
// SECONDS.products with their tags, because every fetch sets a positive `revalidate` (Next keeps those).
// A positive value here would make Next treat the route as ISR and fail at run time on searchParams.
export const revalidate = 0;

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  return productsListingMetadata(locale, parseCatalogueParams(await searchParams), 'per-request');
}

export default async function ProductsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <ProductsListing locale={locale} state={parseCatalogueParams(await searchParams)} />;
}
