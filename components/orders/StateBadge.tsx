import { useTranslations } from 'next-intl';
import type { OrderState } from '@/lib/orders/states';
import { STATE_TONES } from './state-style';
import styles from './orders.module.css';

/** A translated, coloured order state (works in server and client components). */
export function StateBadge({ state }: { state: OrderState }) {
  const t = useTranslations('orders');
  return (
    <span className={`${styles.badge} ${styles[`tone-${STATE_TONES[state]}`]}`} data-state={state} data-testid="order-state">
      {t(`states.${state}.label`)}
    </span>
  );
}
