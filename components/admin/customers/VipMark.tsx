import { useTranslations } from 'next-intl';
import styles from './customers.module.css';

/** "VIP" after a customer's name (the customers list and the customer page); nothing for the others. */
export function VipMark({ vip }: { vip: boolean }) {
  const t = useTranslations('adminSettings.customers');
  if (!vip) return null;
  return (
    <span className={styles.vip} data-testid="vip-mark">
      {t('vipBadge')}
    </span>
  );
}
