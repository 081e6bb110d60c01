import { useFormatter, useTranslations } from 'next-intl';
import { formatPesos } from '@/lib/money';
import type { OrderDetail } from '@/lib/orders/types';
import { canRecordPayment } from '@/lib/orders/payments';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { PaymentBadge } from '@/components/orders/PaymentBadge';
import { PaymentForm, VoidPayment } from './PaymentForm';
import styles from './admin.module.css';
import pay from './payments.module.css';

/**
 * The order's payments for staff (issue 32, item 2): the derived status against the final total, every
 * payment recorded (who, when, method, note; voided ones struck through with who and why), and the form
 * to record the next one — server-rendered, with the form and the void buttons as client islands.
 */
export function PaymentPanel({ order }: { order: Pick<OrderDetail, 'id' | 'state' | 'payments' | 'paymentStatus' | 'paid' | 'finalTotal'> }) {
  const t = useTranslations('payments');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
  const balance = Math.max(0, order.finalTotal - order.paid);
  // a fully paid order takes no more payments (the API answers 409); a voided one reopens the form
  const open = canRecordPayment(order.state) && order.paymentStatus !== 'paid';
  return (
    <section className={styles.panel} aria-labelledby="adm-payments" data-testid="order-payments" data-payment={order.paymentStatus}>
      <h2 id="adm-payments" className={styles.h2}>
        {t('staff.title')}
      </h2>
      <p className={pay.summary}>
        <PaymentBadge status={order.paymentStatus} />
        <span>{t('staff.paidOf', { paid: formatPesos(order.paid), total: formatPesos(order.finalTotal) })}</span>
        {balance > 0 && order.paid > 0 ? <span className={styles.muted}>{t('staff.balance', { amount: formatPesos(balance) })}</span> : null}
      </p>
      {order.payments.length === 0 ? (
        <p className={styles.muted}>{t('staff.none')}</p>
      ) : (
        <ul className={pay.payments}>
          {order.payments.map((p) => (
            <li key={p.id} className={p.voided ? pay.voidedRow : undefined} data-testid="payment-row" data-voided={p.voided ? true : undefined}>
              <span className={pay.amount}>{formatPesos(p.amount)}</span>
              <span>{t(`methods.${p.method}`)}</span>
              <time dateTime={p.at} className={styles.muted}>
                {when(p.at)}
              </time>
              {p.byName ? <span className={styles.muted}>{t('staff.by', { name: p.byName })}</span> : null}
              {p.note ? <span className={pay.wide}>{p.note}</span> : null}
              {p.voided ? (
                <span className={pay.wide}>
                  {p.voided.byName ? t('staff.voidedBy', { name: p.voided.byName, reason: p.voided.reason }) : t('staff.voided', { reason: p.voided.reason })}
                </span>
              ) : (
                <VoidPayment orderId={order.id} paymentId={p.id} amount={formatPesos(p.amount)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {open ? <PaymentForm orderId={order.id} /> : !canRecordPayment(order.state) ? <p className={styles.muted}>{t('staff.closed')}</p> : null}
    </section>
  );
}
