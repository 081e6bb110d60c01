import { useTranslations } from 'next-intl';
import type { PaymentStatus } from '@/lib/orders/payments';
import type { StateTone } from './state-style';
import styles from './orders.module.css';

const PAYMENT_TONES: Record<PaymentStatus, StateTone> = { unpaid: 'neutral', partial: 'attention', paid: 'positive' };

/** The order's payment status as a badge, beside its state badge (server and client components). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const t = useTranslations('payments.status');
  return (
    <span className={`${styles.badge} ${styles[`tone-${PAYMENT_TONES[status]}`]}`} data-payment={status} data-testid="payment-state">
      {t(status)}
    </span>
  );
}
