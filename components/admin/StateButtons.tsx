'use client';

/** The staff state buttons: exactly the moves of lib/orders/states from the current state (POST …/state). */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { OrderState } from '@/lib/orders/states';
import { useMessages } from '@/components/toast/MessagesProvider';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

export function StateButtons({ orderId, targets }: { orderId: number; targets: readonly OrderState[] }) {
  const t = useTranslations('admin.client.states');
  const ts = useTranslations('orders');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [busy, setBusy] = useState<OrderState | null>(null);

  const move = async (to: OrderState) => {
    setBusy(to);
    try {
      await publicRequest(staffApiPaths.orderState(orderId), { method: 'POST', body: { to } });
      notify('SUCCESS', t('done'));
      router.refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="adm-states">
      <h2 id="adm-states" className={styles.h2}>
        {t('title')}
      </h2>
      {targets.length === 0 ? (
        <p className={styles.muted}>{t('none')}</p>
      ) : (
        <div className={styles.buttonRow} data-testid="state-buttons">
          {targets.map((to) => (
            <button
              key={to}
              type="button"
              className={to === 'rejected' || to === 'disarm' ? styles.dangerButton : styles.primaryButton}
              disabled={busy !== null}
              aria-busy={busy === to}
              onClick={() => void move(to)}
              data-to={to}
            >
              {t('moveTo', { state: ts(`states.${to}.label`) })}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
