import { Suspense } from 'react';
import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { Container } from '@/components/ui/Container';
import { getShopConfig } from '@/components/layout/shell-data';
import { CheckoutWizard } from '@/components/checkout/CheckoutWizard';
import { CartProvider } from '@/components/cart/CartProvider';
import { CHECKOUT_CLIENT_MESSAGE_PATHS } from '@/components/checkout/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import styles from '@/components/checkout/checkout.module.css';
import spin from '@/components/ui/Spinner.module.css';

type Props = { params: Promise<{ locale: string }> };

/** Personal and signed-in only (proxy.ts guard): never indexed. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'checkout' });
  return pageMetadata({ locale, path: '/checkout', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
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
    <Container className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <Suspense
        fallback={
          <p className={styles.loading} role="status">
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
    </Container>
  );
}
