'use client';

/**
 * The customer's buttons on an order (spec §4 Order actions): accept the budget, cancel the order, mark
 * it received (finish). Each asks for confirmation in place, then POSTs api/order/{id}/accept|cancel|finish
 * and re-renders the server page.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ordersApi } from '@/lib/api/orders';
import { Button } from '@/components/ui/Button';
import { useApiAction } from '@/components/ui/useApiAction';
import styles from './orders.module.css';

type Action = 'accept' | 'cancel' | 'finish';

export interface OrderActionsProps {
  orderId: number;
  actions: { accept: boolean; cancel: boolean; finish: boolean };
  /** a budget awaits the customer (state review) */
  inReview: boolean;
}

export function OrderActions({ orderId, actions, inReview }: OrderActionsProps) {
  const t = useTranslations('orders.actions');
  const { busy, run } = useApiAction();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const available = (['accept', 'finish', 'cancel'] as const).filter((a) => actions[a] && (a !== 'accept' || inReview));
  if (available.length === 0) return null;

  const act = (action: Action) => run(() => ordersApi.action(orderId, action), t(`${action}.done`), () => setConfirming(null));

  return (
    <div className={styles.actions} data-testid="order-actions">
      {confirming ? (
        <div className={styles.confirm} role="alertdialog" aria-labelledby="order-confirm-text" aria-modal="false">
          <p id="order-confirm-text" className={styles.confirmText}>
            {t(`${confirming}.confirm`)}
          </p>
          <div className={styles.actionsRow}>
            <Button
              variant={confirming === 'cancel' ? 'accent' : 'primary'}
              disabled={busy}
              onClick={() => void act(confirming)}
              data-testid="order-confirm-yes"
              autoFocus
            >
              {busy ? t('working') : t(`${confirming}.yes`)}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setConfirming(null)}>
              {t('no')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actionsRow}>
          {available.map((a) => (
            <Button
              key={a}
              variant={a === 'cancel' ? 'secondary' : 'primary'}
              onClick={() => setConfirming(a)}
              data-testid={`order-${a}`}
            >
              {t(`${a}.label`)}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
