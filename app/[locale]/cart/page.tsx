import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { publicApiUrl } from '@/lib/api/config';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { toolRoute } from '@/components/ui/tool-route';
import { pickMessages } from '@/components/layout/client-messages';
import { getShopConfig } from '@/components/layout/shell-data';
import { CartProvider } from '@/components/cart/CartProvider';
import { CartView } from '@/components/cart/CartView';
import { CART_CLIENT_MESSAGE_PATHS } from '@/components/cart/messages';

/**
 * /cart — the same HTML for everyone (cached like the shell, the minimums from api/config with the
 * spec defaults); the cart itself is a client island that reads localStorage after mount. The cart is
 * personal: not indexed (links still followed).
 */
const route = toolRoute(
  'cart',
  '/cart',
  {
    note: (t) => (
      <Link href="/quick-order" prefetch={false} data-testid="cart-quick-order">
        {t('quickOrderLink')}
      </Link>
    ),
  },
  async () => {
    const [messages, config] = await Promise.all([getMessages(), getShopConfig()]);
    // Exactly the island's texts (cart, quantity selector), whatever the layout sends to the client.
    return (
      <NextIntlClientProvider messages={pickMessages(messages, CART_CLIENT_MESSAGE_PATHS)}>
        <SessionProvider apiUrl={publicApiUrl()}>
          <CartProvider>
            <CartView minOrderPrice={config.minOrderPrice} minLocalPrice={config.minLocalPrice} />
          </CartProvider>
        </SessionProvider>
      </NextIntlClientProvider>
    );
  },
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
