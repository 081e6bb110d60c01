import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

/** A back-office page's <title> (`namespace`.`key` in messages/); staff pages are never indexed. */
export async function staffPageMetadata(params: Promise<{ locale: string }>, namespace: string, key = 'title'): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace });
  return { title: t(key), robots: { index: false, follow: false } };
}
