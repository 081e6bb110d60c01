import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { PageShell } from '@/components/ui/PageShell';
import { getShopConfig } from '@/components/layout/shell-data';
import { CheckoutWizard } from '@/components/checkout/CheckoutWizard';
import { CartProvider } from '@/components/cart/CartProvider';
import { CHECKOUT_CLIENT_MESSAGE_PATHS } from '@/components/checkout/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import spin from '@/components/ui/Spinner.module.css';

type Props = { params: Promise<{ locale: string }> };

/** Personal and signed-in only (proxy.ts guard): never indexed. */
export function generateMetadata({ params }: Props) {
  return privatePageMetadata(params, 'checkout', '/checkout');
}

/**
 * /checkout — the same HTML for everyone (minimums from api/config with the spec defaults, cached like
 * the shell); the wizard is a client island that reads the step from `?step=`, the cart and the session.
 */
export default async function CheckoutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, config] = await Promise.all([getTranslations('checkout'), getShopConfig()]);
  return (
    <PageShell title={t('title')} intro={t('intro')}>
      <Suspense
        fallback={
          <p className={spin.loading} role="status">
            <span className={spin.md} aria-hidden="true" />
            {t('loading')}
          </p>
        }
      >
        <ScopedMessages paths={CHECKOUT_CLIENT_MESSAGE_PATHS}>
          <CartProvider>
            <CheckoutWizard minOrderPrice={config.minOrderPrice} minLocalPrice={config.minLocalPrice} />
          </CartProvider>
        </ScopedMessages>
      </Suspense>
    </PageShell>
  );
}
