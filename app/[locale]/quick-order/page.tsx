import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { publicApiUrl } from '@/lib/api/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { Container } from '@/components/ui/Container';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { CartProvider } from '@/components/cart/CartProvider';
import { QuickOrder } from '@/components/wholesale/QuickOrder';
import { QUICK_ORDER_MESSAGE_PATHS } from '@/components/wholesale/messages';
import styles from '@/components/orders/orders.module.css';

type Props = { params: Promise<{ locale: string }> };

/** A tool for buyers, not a page for search engines: not indexed (links still followed). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'wholesale.quick' });
  return pageMetadata({ locale, path: '/quick-order', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
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
    <Container className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <ScopedMessages paths={QUICK_ORDER_MESSAGE_PATHS}>
        <SessionProvider apiUrl={publicApiUrl()}>
          <CartProvider>
            <QuickOrder />
          </CartProvider>
        </SessionProvider>
      </ScopedMessages>
    </Container>
  );
}
