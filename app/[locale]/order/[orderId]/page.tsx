import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { redirect } from '@/i18n/navigation';
import { pageMetadata } from '@/lib/seo/metadata';
import { Container } from '@/components/ui/Container';
import { OrderDetail } from '@/components/orders/OrderDetail';
import { ORDER_CLIENT_MESSAGE_PATHS } from '@/components/orders/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { loadOrder, parseOrderId } from '@/components/orders/order-data';
import styles from '@/components/orders/orders.module.css';

type Props = { params: Promise<{ locale: string; orderId: string }> };

/** Personal: rendered per request with the visitor's token, never cached or indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, orderId } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'orders' });
  return pageMetadata({
    locale,
    path: `/order/${encodeURIComponent(orderId)}`,
    title: t('detail.metaTitle'),
    description: t('detail.metaDescription'),
    noindex: true,
  });
}

/** /order/{id} — signed-in only (proxy.ts guard); another customer's order answers 404 like an unknown one. */
export default async function OrderPage({ params }: Props) {
  const { locale, orderId } = await params;
  setRequestLocale(locale);
  const id = parseOrderId(orderId);
  if (id === null) notFound();
  const result = await loadOrder(id);
  if (result.kind === 'notFound') notFound();
  if (result.kind === 'renew') {
    // an expired access token: the browser renews it with the API's refresh cookie and comes back (ADR 0005)
    redirect({ href: `/renew-session?next=${encodeURIComponent(`/order/${id}`)}`, locale: locale as Locale });
    return null;
  }
  if (result.kind === 'signedOut') {
    redirect({ href: `/login?next=${encodeURIComponent(`/order/${id}`)}`, locale: locale as Locale });
    return null;
  }
  return (
    <Container className={styles.page}>
      <ScopedMessages paths={ORDER_CLIENT_MESSAGE_PATHS}>
        <OrderDetail order={result.order} />
      </ScopedMessages>
    </Container>
  );
}
