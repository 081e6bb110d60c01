import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { publicApiUrl } from '@/lib/api/config';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { PageShell } from '@/components/ui/PageShell';
import { pickMessages } from '@/components/layout/client-messages';
import { getShopConfig } from '@/components/layout/shell-data';
import { CartProvider } from '@/components/cart/CartProvider';
import { CartView } from '@/components/cart/CartView';
import { CART_CLIENT_MESSAGE_PATHS } from '@/components/cart/messages';

type Props = { params: Promise<{ locale: string }> };

/** The cart is personal: not indexed (links still followed). */
export function generateMetadata({ params }: Props) {
  return privatePageMetadata(params, 'cart', '/cart');
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
    <PageShell
      title={t('title')}
      intro={t('intro')}
      note={
        <Link href="/quick-order" prefetch={false} data-testid="cart-quick-order">
          {t('quickOrderLink')}
        </Link>
      }
    >
      {/* Exactly the island's texts (cart, quantity selector), whatever the layout sends to the client. */}
      <NextIntlClientProvider messages={pickMessages(messages, CART_CLIENT_MESSAGE_PATHS)}>
        <SessionProvider apiUrl={publicApiUrl()}>
          <CartProvider>
            <CartView minOrderPrice={config.minOrderPrice} minLocalPrice={config.minLocalPrice} />
          </CartProvider>
        </SessionProvider>
      </NextIntlClientProvider>
    </PageShell>
  );
}
