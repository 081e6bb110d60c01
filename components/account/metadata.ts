import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

type Section = 'login' | 'register' | 'forgot' | 'reset' | 'verify' | 'autoLogin' | 'subscriptions' | 'profile' | 'renew';

/** Title "{Shop} | {Page}", canonical + hreflang; account pages are not indexed (noindex, follow). */
export async function accountMetadata(params: Promise<{ locale: string }>, section: Section, path: string): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: `account.${section}` });
  return pageMetadata({
    locale,
    path,
    title: t('metaTitle'),
    description: t.has('metaDescription') ? t('metaDescription') : t('metaTitle'),
    noindex: true,
  });
}

export type PageProps<P = object> = {
  params: Promise<{ locale: string } & P>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export function firstParam(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.length > 0 ? s : null;
}
