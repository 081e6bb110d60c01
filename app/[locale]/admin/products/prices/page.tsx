import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ADMIN_PRICES_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { PriceChanger } from '@/components/admin/prices/PriceChanger';
import { staffGet } from '@/lib/admin/data';
import type { AuditEntry } from '@/lib/contracts/price-changes';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffPageMetadata } from '@/components/admin/ui/metadata';
import { AdminPage } from '@/components/admin/ui/page';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => staffPageMetadata(params, 'adminPrices');

/**
 * /admin/products/prices (products:write): the bulk price change with its preview, the CSV round trip and the
 * undo of the last change (components/admin/prices/PriceChanger.tsx; the API: routes/staff/price-changes.ts).
 */
export default async function AdminPricesPage({ params }: Props) {
  const { need } = await staffRequest(params);
  const path = '/admin/products/prices';
  const [list, last] = await Promise.all([
    staffGet<{ categories: { id: number; name: string }[] }>(staffApiPaths.products(new URLSearchParams({ rows: '1' }))),
    staffGet<{ entry: AuditEntry | null }>(staffApiPaths.pricesLast),
  ]);
  const { categories } = need(list, path);
  const { entry } = need(last, path);
  const t = await getTranslations('adminPrices');
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <ScopedMessages paths={ADMIN_PRICES_CLIENT_MESSAGE_PATHS}>
        <PriceChanger categories={categories.map((c) => ({ id: c.id, name: c.name }))} last={entry} />
      </ScopedMessages>
    </AdminPage>
  );
}
