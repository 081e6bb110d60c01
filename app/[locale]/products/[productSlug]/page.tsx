import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { ProductPage, productMetadata } from '@/components/product/ProductPage';
import { PRODUCT_CLIENT_MESSAGE_PATHS } from '@/components/product/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { UNCATEGORISED_SEGMENT } from '@/components/catalogue/paths';

/**
 * /products/{productSlug} — the home of products without a category (the static /products segment
 * shadows /{categorySlug}/… for this prefix). A product that has a category is sent with one 308 to
 * /{firstCategorySlug}/{productSlug}. Same caching as the category product route.
 */
export const revalidate = 300;

export function generateStaticParams(): { productSlug: string }[] {
  return [];
}

type Params = { locale: string; productSlug: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { locale, productSlug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  return productMetadata({ locale, categorySlug: UNCATEGORISED_SEGMENT, productSlug });
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { locale, productSlug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <ScopedMessages paths={PRODUCT_CLIENT_MESSAGE_PATHS}>
      <ProductPage locale={locale} categorySlug={UNCATEGORISED_SEGMENT} productSlug={productSlug} />
    </ScopedMessages>
  );
}
