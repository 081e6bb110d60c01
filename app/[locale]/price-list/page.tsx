import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { getCategories } from '@/lib/api/catalogue';
import { pageMetadata } from '@/lib/seo/metadata';
import { Container } from '@/components/ui/Container';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { PriceListDownload } from '@/components/wholesale/PriceListDownload';
import { PRICE_LIST_MESSAGE_PATHS } from '@/components/wholesale/messages';
import styles from '@/components/orders/orders.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'wholesale.priceList' });
  return pageMetadata({ locale, path: '/price-list', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

/**
 * /price-list (issue 23 §3) — signed in (proxy.ts guard): the customer's price list at their own tiers,
 * whole catalogue or one category, as PDF or XLSX. The page is the same for everyone; the API builds the
 * file for the session's customer.
 */
export default async function PriceListPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, categories] = await Promise.all([getTranslations('wholesale.priceList'), getCategories()]);
  return (
    <Container className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <ScopedMessages paths={PRICE_LIST_MESSAGE_PATHS}>
        <PriceListDownload categories={categories.map((c) => ({ slug: c.slug, name: c.name }))} />
      </ScopedMessages>
    </Container>
  );
}
