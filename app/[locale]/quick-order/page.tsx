import { getTranslations, setRequestLocale } from 'next-intl/server';
import { publicApiUrl } from '@/lib/api/config';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { PageShell } from '@/components/ui/PageShell';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { CartProvider } from '@/components/cart/CartProvider';
import { QuickOrder } from '@/components/wholesale/QuickOrder';
import { QUICK_ORDER_MESSAGE_PATHS } from '@/components/wholesale/messages';

type Props = { params: Promise<{ locale: string }> };

/** A tool for buyers, not a page for search engines: not indexed (links still followed). */
export function generateMetadata({ params }: Props) {
  return privatePageMetadata(params, 'wholesale.quick', '/quick-order');
}

/**
 * /quick-order (issue 23 §2) — the same HTML for everyone (like /cart); the pad is a client island of its
 * own, so its code (parser, results table) is only in this route's bundle.
 */
export default async function QuickOrderPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('wholesale.quick');
  return (
    <PageShell title={t('title')} intro={t('intro')}>
      <ScopedMessages paths={QUICK_ORDER_MESSAGE_PATHS}>
        <SessionProvider apiUrl={publicApiUrl()}>
          <CartProvider>
            <QuickOrder />
          </CartProvider>
        </SessionProvider>
      </ScopedMessages>
    </PageShell>
  );
}
