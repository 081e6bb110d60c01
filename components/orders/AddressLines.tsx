import { useTranslations } from 'next-intl';
import type { OrderDetail } from '@/lib/orders/types';

/** An order's delivery address as the back-office and its printed documents show it (street, city, notes). */
export function AddressLines({ address: a }: { address: NonNullable<OrderDetail['address']> }) {
  const t = useTranslations('admin.order');
  return (
    <>
      {a.street} {a.number}
      {a.floor ? ` · ${t('floor', { floor: a.floor })}` : ''}
      <br />
      {a.city}, {a.province} ({a.postalCode})
      {a.extraData ? (
        <>
          <br />
          {a.extraData}
        </>
      ) : null}
    </>
  );
}
