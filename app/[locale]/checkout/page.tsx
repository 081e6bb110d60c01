import { toolRoute } from '@/components/ui/tool-route';
import { getShopConfig } from '@/components/layout/shell-data';
import { CheckoutWizard } from '@/components/checkout/CheckoutWizard';
import { CartProvider } from '@/components/cart/CartProvider';
import { CHECKOUT_CLIENT_MESSAGE_PATHS } from '@/components/checkout/messages';
import spin from '@/components/ui/Spinner.module.css';

/**
 * /checkout — personal and signed-in only (proxy.ts guard): never indexed. The same HTML for everyone
 * (minimums from api/config with the spec defaults, cached like the shell); the wizard is a client
 * island that reads the step from `?step=`, the cart and the session.
 */
const route = toolRoute(
  'checkout',
  '/checkout',
  {
    messages: CHECKOUT_CLIENT_MESSAGE_PATHS,
    fallback: (t) => (
      <p className={spin.loading} role="status">
        <span className={spin.md} aria-hidden="true" />
        {t('loading')}
      </p>
    ),
  },
  async () => {
    const config = await getShopConfig();
    return (
      <CartProvider>
        <CheckoutWizard minOrderPrice={config.minOrderPrice} minLocalPrice={config.minLocalPrice} />
      </CartProvider>
    );
  },
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
