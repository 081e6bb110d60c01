import type { Metadata } from 'next';
import { NextIntlClientProvider, hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { publicApiUrl } from '@/lib/api/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { Container } from '@/components/ui/Container';
import { pickMessages } from '@/components/layout/client-messages';
import { getShopConfig } from '@/components/layout/shell-data';
import { CartProvider } from '@/components/cart/CartProvider';
import { CartView } from '@/components/cart/CartView';
import { CART_CLIENT_MESSAGE_PATHS } from '@/components/cart/messages';
import styles from './page.module.css';

type Props = { params: Promise<{ locale: string }> };

/** The cart is personal: not indexed (links still followed). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'cart' });
  return pageMetadata({ locale, path: '/cart', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

/**
 * /cart — the same HTML for everyone (cached like the shell, the minimums from api/config with the
 * spec defaults); the cart itself is a client island that reads localStorage after mount.
 */
export default async function CartPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, messages, config] = await Promise.all([getTranslations('cart'), getMessages(), getShopConfig()]);
  return (
    <Container className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
        <p className={styles.intro}>
          <Link href="/quick-order" prefetch={false} data-testid="cart-quick-order">
            {t('quickOrderLink')}
          </Link>
        </p>
      </header>
      {/* Exactly the island's texts (cart, quantity selector), whatever the layout sends to the client. */}
      <NextIntlClientProvider messages={pickMessages(messages, CART_CLIENT_MESSAGE_PATHS)}>
        <SessionProvider apiUrl={publicApiUrl()}>
          <CartProvider>
            <CartView minOrderPrice={config.minOrderPrice} minLocalPrice={config.minLocalPrice} />
          </CartProvider>
        </SessionProvider>
      </NextIntlClientProvider>
    </Container>
  );
}
