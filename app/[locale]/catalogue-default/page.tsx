import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { DEFAULT_LISTING, ProductsListing, productsListingMetadata } from '@/components/catalogue/listing-pages';

/**
 * /products with no query string — the catalogue's first page, sorted by default — as an ISR page:
 * rendered at its first request, cached per locale, re-rendered when its fetches' tags are revalidated
 * (`products`, `categories`), SECONDS.products as the safety net. proxy.ts rewrites the query-less
 * public URL here (i18n/internal-path.ts); any query string goes to app/[locale]/products instead.
 */
export const revalidate = 300;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  return productsListingMetadata(locale, DEFAULT_LISTING, 'cached');
}

export default async function DefaultProductsPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <ProductsListing locale={locale} state={DEFAULT_LISTING} />;
}
