'use client';

/**
 * "Pedir un presupuesto actualizado" (issue 24 §1): shown instead of the accept button once the budget expired.
 * POSTs api/order/{id}/request-budget (the shop is notified) and re-renders the server page, which then shows
 * that it was asked for.
 */
import { useTranslations } from 'next-intl';
import { ordersApi } from '@/lib/api/orders';
import { Button } from '@/components/ui/Button';
import { useApiAction } from '@/components/ui/useApiAction';
import styles from './orders.module.css';

export function RequestBudget({ orderId }: { orderId: number }) {
  const t = useTranslations('orders.actions');
  const { busy, run } = useApiAction();
  return (
    <div className={styles.actionsRow}>
      <Button variant="primary" disabled={busy} onClick={() => void run(() => ordersApi.requestBudget(orderId), t('requestBudget.done'))} data-testid="order-request-budget">
        {busy ? t('working') : t('requestBudget.label')}
      </Button>
    </div>
  );
}
