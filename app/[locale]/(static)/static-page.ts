import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatPesos } from '@/lib/money';
import { pageMetadata } from '@/lib/seo/metadata';
import { getShopConfig } from '@/components/layout/shell-data';

/** The static pages' metadata (indexed): title and description from seo.{page}, canonical at `path`. */
export async function staticPageMetadata(
  params: Promise<{ locale: string }>,
  page: 'about' | 'faq' | 'terms',
  path: string,
): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: `seo.${page}` });
  return pageMetadata({ locale: locale as Locale, path, title: t('title'), description: t('description') });
}

/**
 * The request of a page that quotes the order minimums (FAQ, terms): its locale set, its texts
 * (pages.{page}) and the minimums as they are quoted ("$ 50.000").
 */
export async function minimumsPage(params: Promise<{ locale: string }>, page: 'faq' | 'terms') {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, config] = await Promise.all([getTranslations(`pages.${page}`), getShopConfig()]);
  const minimums = {
    minOrder: formatPesos(config.minOrderPrice, { decimals: 0 }),
    minLocal: formatPesos(config.minLocalPrice, { decimals: 0 }),
  };
  return { locale, t, minimums };
}
