import { getTranslations, setRequestLocale } from 'next-intl/server';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { PageShell } from '@/components/ui/PageShell';
import { OrdersList } from '@/components/orders/OrdersList';
import { ORDERS_LIST_MESSAGE_PATHS } from '@/components/orders/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { isOrderFilter } from '@/components/orders/state-style';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Reads the query string (?filter=) and is personal: rendered per request. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: Props) {
  return privatePageMetadata(params, 'orders.list', '/orders/');
}

/** /orders/ — the signed-in customer's orders (proxy.ts guard); the list is a client island (live data). */
export default async function OrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, query] = await Promise.all([getTranslations('orders'), searchParams]);
  const raw = Array.isArray(query.filter) ? query.filter[0] : query.filter;
  return (
    <PageShell title={t('list.title')} intro={t('list.intro')}>
      <ScopedMessages paths={ORDERS_LIST_MESSAGE_PATHS}>
        <OrdersList source="myOrders" filters initialFilter={isOrderFilter(raw) ? raw : 'all'} />
      </ScopedMessages>
    </PageShell>
  );
}
