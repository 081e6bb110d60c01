/**
 * What the customer sees of staff's checks (issue 32, items 2 and 6): the order's payment status with the
 * payments the shop recorded (`OrderPayment`), and the reason the shop gave when it rejected or dismantled
 * the order (`ClosingReason`). Server components.
 */
import { getFormatter, getTranslations } from 'next-intl/server';
import type { Order } from '@/lib/api/orders';
import { formatPesos } from '@/lib/money';
import { PaymentBadge } from './PaymentBadge';
import styles from './orders.module.css';

export async function OrderPayment({ order }: { order: Pick<Order, 'paymentStatus' | 'paid' | 'finalTotal' | 'payments'> }) {
  const t = await getTranslations('payments');
  const format = await getFormatter();
  return (
    <section className={styles.box} aria-labelledby="order-payment-title" data-testid="order-payment" data-payment={order.paymentStatus}>
      <h2 id="order-payment-title" className={styles.boxTitle}>
        {t('customer.title')}
      </h2>
      <p>
        <PaymentBadge status={order.paymentStatus} />
      </p>
      {order.payments.length === 0 ? (
        <p className={styles.muted}>{t('customer.pending')}</p>
      ) : (
        <>
          <p>{t('customer.paidOf', { paid: formatPesos(order.paid), total: formatPesos(order.finalTotal) })}</p>
          <h3 className={styles.subTitle}>{t('customer.list')}</h3>
          <ul className={styles.proofs} data-testid="payment-list">
            {order.payments.map((p) => (
              <li key={p.id}>
                <strong>{formatPesos(p.amount)}</strong> · {t(`methods.${p.method}`)}{' '}
                <time dateTime={p.at} className={styles.muted}>
                  {format.dateTime(new Date(p.at), { dateStyle: 'medium' })}
                </time>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The reason of the move into the order's current state, when staff gave one (reject, dismantle). */
export async function ClosingReason({ order }: { order: Pick<Order, 'state' | 'history'> }) {
  const entry = [...order.history].reverse().find((h) => h.to === order.state && h.reason);
  if (!entry?.reason) return null;
  const t = await getTranslations('payments.customer');
  const ts = await getTranslations('orders');
  return (
    <section className={`${styles.box} ${styles.highlight}`} aria-labelledby="order-reason-title" data-testid="order-reason">
      <h2 id="order-reason-title" className={styles.boxTitle}>
        {t('reasonTitle')}
      </h2>
      <p className={styles.muted}>{t('reasonBy', { state: ts(`states.${order.state}.label`) })}</p>
      <p>{entry.reason}</p>
    </section>
  );
}
