import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { PRODUCT_CLIENT_MESSAGE_PATHS } from './messages';
import { ProductPage, productMetadata } from './ProductPage';

/** The params of both product routes: /{categorySlug}/{productSlug} and /products/{productSlug}. */
type ProductRoute = { locale: string; categorySlug: string; productSlug: string };

/** A product route's metadata: none for a locale the shop does not have (the page answers 404). */
export function productRouteMetadata({ locale, categorySlug, productSlug }: ProductRoute): Promise<Metadata> | Metadata {
  if (!hasLocale(routing.locales, locale)) return {};
  return productMetadata({ locale, categorySlug, productSlug });
}

/** A product route's page: 404 for an unknown locale, else the product page with its client messages. */
export function renderProductRoute({ locale, categorySlug, productSlug }: ProductRoute) {
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <ScopedMessages paths={PRODUCT_CLIENT_MESSAGE_PATHS}>
      <ProductPage locale={locale} categorySlug={categorySlug} productSlug={productSlug} />
    </ScopedMessages>
  );
}
