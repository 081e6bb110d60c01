import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatPesos } from '@/lib/money';
import { pageMetadata } from '@/lib/seo/metadata';

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

/** The order minimums as the FAQ and the terms quote them ("$ 50.000"). */
export function minimumsText(config: { minOrderPrice: number; minLocalPrice: number }) {
  return {
    minOrder: formatPesos(config.minOrderPrice, { decimals: 0 }),
    minLocal: formatPesos(config.minLocalPrice, { decimals: 0 }),
  };
}
