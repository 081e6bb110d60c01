import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getCategories } from '@/lib/api/catalogue';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { PageShell } from '@/components/ui/PageShell';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { PriceListDownload } from '@/components/wholesale/PriceListDownload';
import { PRICE_LIST_MESSAGE_PATHS } from '@/components/wholesale/messages';

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return privatePageMetadata(params, 'wholesale.priceList', '/price-list');
}

/**
 * /price-list (issue 23 §3) — signed in (proxy.ts guard): the customer's price list at their own tiers,
 * whole catalogue or one category, as PDF or XLSX. The page is the same for everyone; the API builds the
 * file for the session's customer.
 */
export default async function PriceListPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, categories] = await Promise.all([getTranslations('wholesale.priceList'), getCategories()]);
  return (
    <PageShell title={t('title')} intro={t('intro')}>
      <ScopedMessages paths={PRICE_LIST_MESSAGE_PATHS}>
        <PriceListDownload categories={categories.map((c) => ({ slug: c.slug, name: c.name }))} />
      </ScopedMessages>
    </PageShell>
  );
}
