import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { pageMetadata } from './metadata';

/**
 * Metadata of a personal page (account, cart, checkout, orders, price list, quick order): title
 * "{Shop} | {namespace.metaTitle}", canonical + hreflang, never indexed (noindex, follow). The description
 * is `metaDescription`, or the title where the namespace has none.
 */
export async function privatePageMetadata(params: Promise<{ locale: string }>, namespace: string, path: string): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace });
  return pageMetadata({
    locale,
    path,
    title: t('metaTitle'),
    description: t.has('metaDescription') ? t('metaDescription') : t('metaTitle'),
    noindex: true,
  });
}
