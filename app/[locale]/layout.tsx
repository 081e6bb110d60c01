import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider, hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { publicApiUrl, publicSiteUrl } from '@/lib/api/config';
import { SHOP_NAME } from '@/lib/seo/metadata';
import { TopBar } from '@/components/layout/TopBar';
import { Footer } from '@/components/layout/Footer';
import { BottomBar } from '@/components/layout/BottomBar';
import { SkipLink } from '@/components/layout/SkipLink';
import { ShellMain, ShellOnly } from '@/components/layout/ShellChrome';
import { ToastArea } from '@/components/toast';
import { CartSync } from '@/components/cart/CartSync';
import { HeadDedupe } from '@/components/layout/HeadDedupe';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { rootMessages } from '@/components/layout/client-messages';
import { getShellData } from '@/components/layout/shell-data';
import '../globals.css';

/**
 * No locale is prerendered at build time: every page is rendered at its first request and then cached
 * (ISR, lifetimes from the fetches' `revalidate`). So `next build` never needs the API, and the values
 * read from the environment at run time (PUBLIC_API_URL on <html data-api-url>, PUBLIC_SITE_URL in
 * metadata) are the running server's, not the build machine's.
 */
export function generateStaticParams(): { locale: string }[] {
  return [];
}

export const viewport: Viewport = {
  themeColor: '#4a2340',
  width: 'device-width',
  initialScale: 1,
};

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const known = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const t = await getTranslations({ locale: known, namespace: 'seo' });
  const common = await getTranslations({ locale: known, namespace: 'common' });
  return {
    // Ignored by Google, read by some other engines; the same words are visible in the footer (ADR hidden-keywords).
    keywords: common('footer.keywords'),
    metadataBase: new URL(publicSiteUrl()),
    title: { default: `${SHOP_NAME} | ${t('home.title')}`, template: `${SHOP_NAME} | %s` },
    description: t('home.description'),
    applicationName: SHOP_NAME,
    formatDetection: { telephone: false, address: false, email: false },
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);

  const [messages, t, shell] = await Promise.all([getMessages(), getTranslations('common'), getShellData()]);
  const menuCategories = shell.categories.map((c) => ({ name: c.name, slug: c.slug }));

  return (
    <html lang={locale satisfies Locale} data-api-url={publicApiUrl()}>
      <body>
        <NextIntlClientProvider messages={rootMessages(messages)}>
          <SessionProvider apiUrl={publicApiUrl()}>
            <ShellOnly>
              <SkipLink label={t('skipToContent')} />
              <TopBar categories={menuCategories} />
            </ShellOnly>
            <ShellMain>{children}</ShellMain>
            <ShellOnly>
              <Footer
                minOrderPrice={shell.config.minOrderPrice}
                minLocalPrice={shell.config.minLocalPrice}
                tags={shell.tags}
                categories={menuCategories}
              />
              <BottomBar categories={menuCategories} />
            </ShellOnly>
            {/* Toast area (components/toast): both toast systems; lib/api/public.ts and the search notify() into it. */}
            <ToastArea />
            {/* a signed-in customer's cart follows them (issue 23 §4); lazy, nothing for guests */}
            <CartSync />
            <HeadDedupe />
          </SessionProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
