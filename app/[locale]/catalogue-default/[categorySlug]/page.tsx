import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { CategoryListing, DEFAULT_LISTING, categoryListingMetadata, categoryState } from '@/components/catalogue/listing-pages';

/**
 * /{categorySlug} with no query string — the category's first page — as an ISR page cached per
 * (locale, slug), re-rendered when its fetches' tags are revalidated (`category:<slug>`, `products`,
 * `categories`), SECONDS.products as the safety net. proxy.ts rewrites the query-less public URL here
 * (i18n/internal-path.ts); with a query string it goes to app/[locale]/[categorySlug].
 */
export const revalidate = 300;

export function generateStaticParams(): { categorySlug: string }[] {
  return [];
}

type Params = { locale: string; categorySlug: string };
type Props = { params: Promise<Params> };

const STATE = categoryState(DEFAULT_LISTING);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, categorySlug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  return categoryListingMetadata(locale, categorySlug, STATE, 'cached');
}

export default async function DefaultCategoryPage({ params }: Props) {
  const { locale, categorySlug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <CategoryListing locale={locale} categorySlug={categorySlug} state={STATE} />;
}
