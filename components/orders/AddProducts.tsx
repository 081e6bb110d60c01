'use client';

/**
 * 'Agregar productos' (spec §4 Additions): adds the current cart's lines to this order (POST
 * api/order/{id}/add), within the limits the API reports (remaining additions); on success the cart is
 * cleared and the page re-renders.
 */
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ordersApi } from '@/lib/api/orders';
import { formatCents } from '@/lib/money';
import { useCart } from '@/components/cart/CartProvider';
import { Button } from '@/components/ui/Button';
import { useApiAction } from '@/components/ui/useApiAction';
import styles from './orders.module.css';

export function AddProducts({ orderId, remaining }: { orderId: number; remaining: number | null }) {
  const t = useTranslations('orders.add');
  const cart = useCart();
  const { busy, run } = useApiAction();
  const lines = cart.state.pricing.lines;

  const add = () =>
    run(
      () => ordersApi.add(orderId, lines.map((l) => ({ id: Number(l.id), quantity: l.units }))),
      t('done'),
      () => cart.clear(),
    );

  return (
    <div className={styles.add} data-testid="order-add">
      <p className={styles.muted}>{remaining === null ? t('unlimited') : t('remaining', { count: remaining })}</p>
      {!cart.ready ? null : lines.length === 0 ? (
        <p>
          {t('emptyCart')}{' '}
          <Link href="/products" className={styles.inlineLink}>
            {t('browse')}
          </Link>
        </p>
      ) : (
        <>
          <p>{t('fromCart', { count: cart.totals.lineCount, total: formatCents(cart.totals.cartTotalCents) })}</p>
          <Button variant="secondary" onClick={() => void add()} disabled={busy || remaining === 0} data-testid="order-add-submit">
            {busy ? t('adding') : t('submit')}
          </Button>
        </>
      )}
    </div>
  );
}
