'use client';

/**
 * "Pedir un presupuesto actualizado" (issue 24 §1): shown instead of the accept button once the budget expired.
 * POSTs api/order/{id}/request-budget (the shop is notified) and re-renders the server page, which then shows
 * that it was asked for.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { ordersApi } from '@/lib/api/orders';
import { usePublicApi } from '@/lib/api/public';
import { useMessages } from '@/components/toast/MessagesProvider';
import { Button } from '@/components/ui/Button';
import styles from './orders.module.css';

export function RequestBudget({ orderId }: { orderId: number }) {
  const t = useTranslations('orders.actions');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [busy, setBusy] = useState(false);

  const request = async () => {
    setBusy(true);
    try {
      await ordersApi.requestBudget(orderId);
      notify('SUCCESS', t('requestBudget.done'));
      router.refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.actionsRow}>
      <Button variant="primary" disabled={busy} onClick={() => void request()} data-testid="order-request-budget">
        {busy ? t('working') : t('requestBudget.label')}
      </Button>
    </div>
  );
}
