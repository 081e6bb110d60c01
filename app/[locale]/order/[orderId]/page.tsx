import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { redirect } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { PageShell } from '@/components/ui/PageShell';
import { OrderDetail } from '@/components/orders/OrderDetail';
import { ORDER_CLIENT_MESSAGE_PATHS } from '@/components/orders/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { loadOrder, parseOrderId } from '@/components/orders/order-data';

type Props = { params: Promise<{ locale: string; orderId: string }> };

/** Personal: rendered per request with the visitor's token, never cached or indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const { orderId } = await params;
  return privatePageMetadata(params, 'orders.detail', `/order/${encodeURIComponent(orderId)}`);
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
    <PageShell>
      <ScopedMessages paths={ORDER_CLIENT_MESSAGE_PATHS}>
        <OrderDetail order={result.order} />
      </ScopedMessages>
    </PageShell>
  );
}
