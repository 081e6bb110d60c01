import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { Container } from '@/components/ui/Container';
import { OrdersList } from '@/components/orders/OrdersList';
import { ORDERS_LIST_MESSAGE_PATHS } from '@/components/orders/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { isOrderFilter } from '@/components/orders/state-style';
import styles from '@/components/orders/orders.module.css';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Reads the query string (?filter=) and is personal: rendered per request. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'orders' });
  return pageMetadata({ locale, path: '/orders/', title: t('list.metaTitle'), description: t('list.metaDescription'), noindex: true });
}

/** /orders/ — the signed-in customer's orders (proxy.ts guard); the list is a client island (live data). */
export default async function OrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, query] = await Promise.all([getTranslations('orders'), searchParams]);
  const raw = Array.isArray(query.filter) ? query.filter[0] : query.filter;
  return (
    <Container className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('list.title')}</h1>
        <p className={styles.intro}>{t('list.intro')}</p>
      </header>
      <ScopedMessages paths={ORDERS_LIST_MESSAGE_PATHS}>
        <OrdersList source="myOrders" filters initialFilter={isOrderFilter(raw) ? raw : 'all'} />
      </ScopedMessages>
    </Container>
  );
}
