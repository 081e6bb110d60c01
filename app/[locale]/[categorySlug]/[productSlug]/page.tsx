import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { ProductPage, productMetadata } from '@/components/product/ProductPage';
import { PRODUCT_CLIENT_MESSAGE_PATHS } from '@/components/product/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';

/**
 * /{categorySlug}/{productSlug} — on-demand ISR: nothing is prerendered at build (no API needed), each
 * (locale, product) is rendered at its first request and cached; the API revalidates the tags
 * `product:<slug>` / `product-details` (lib/cache) when the product changes. 300 s = SECONDS.product.
 */
export const revalidate = 300;

export function generateStaticParams(): { categorySlug: string; productSlug: string }[] {
  return [];
}

type Params = { locale: string; categorySlug: string; productSlug: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { locale, categorySlug, productSlug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  return productMetadata({ locale, categorySlug, productSlug });
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { locale, categorySlug, productSlug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <ScopedMessages paths={PRODUCT_CLIENT_MESSAGE_PATHS}>
      <ProductPage locale={locale} categorySlug={categorySlug} productSlug={productSlug} />
    </ScopedMessages>
  );
}
