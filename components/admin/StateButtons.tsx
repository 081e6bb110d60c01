'use client';

/**
 * The staff state buttons: exactly the moves of lib/orders/states from the current state (POST …/state).
 * Rejecting or dismantling asks for confirmation and a reason the customer reads (required, ≤ 500);
 * dispatching a shipment that is not paid asks for confirmation and sends `confirmUnpaid` (issue 32, items 2
 * and 6 — the API enforces both).
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { OrderState } from '@/lib/orders/states';
import { staffMoveNeedsReason, type PaymentStatus } from '@/lib/orders/payments';
import { useMessages } from '@/components/toast/MessagesProvider';
import { ConfirmPanel, StateReasonField } from './ConfirmPanel';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

export function StateButtons({
  orderId,
  targets,
  unpaidShipment = null,
}: {
  orderId: number;
  targets: readonly OrderState[];
  /** the payment status when dispatching would send an unpaid shipment (lib/orders/payments needsUnpaidConfirmation) */
  unpaidShipment?: PaymentStatus | null;
}) {
  const t = useTranslations('admin.client.states');
  const ts = useTranslations('orders');
  const tc = useTranslations('payments.confirm');
  const tp = useTranslations('payments.status');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [busy, setBusy] = useState<OrderState | null>(null);
  const [confirming, setConfirming] = useState<OrderState | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const needsConfirm = (to: OrderState) => staffMoveNeedsReason(to) || (to === 'shipped' && unpaidShipment !== null);

  const move = async (to: OrderState) => {
    const body: { to: OrderState; reason?: string; confirmUnpaid?: boolean } = { to };
    if (staffMoveNeedsReason(to)) {
      const text = reason.trim();
      if (!text) {
        setReasonError(tc('reasonRequired'));
        return;
      }
      body.reason = text;
    }
    if (to === 'shipped' && unpaidShipment !== null) body.confirmUnpaid = true;
    setBusy(to);
    try {
      await publicRequest(staffApiPaths.orderState(orderId), { method: 'POST', body });
      notify('SUCCESS', t('done'));
      setConfirming(null);
      setReason('');
      router.refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setConfirming(null);
    setReason('');
    setReasonError(null);
  };

  return (
    <section className={styles.panel} aria-labelledby="adm-states">
      <h2 id="adm-states" className={styles.h2}>
        {t('title')}
      </h2>
      {targets.length === 0 ? (
        <p className={styles.muted}>{t('none')}</p>
      ) : confirming ? (
        staffMoveNeedsReason(confirming) ? (
          <ConfirmPanel
            title={tc('rejectTitle', { state: ts(`states.${confirming}.label`) })}
            confirmLabel={t('moveTo', { state: ts(`states.${confirming}.label`) })}
            cancelLabel={tc('cancel')}
            busy={busy !== null}
            onConfirm={() => void move(confirming)}
            onCancel={close}
          >
            <StateReasonField value={reason} onChange={setReason} onFilled={() => setReasonError(null)} error={reasonError} />
          </ConfirmPanel>
        ) : (
          <ConfirmPanel
            title={tc('unpaidTitle')}
            confirmLabel={tc('unpaidConfirm')}
            cancelLabel={tc('cancel')}
            busy={busy !== null}
            onConfirm={() => void move(confirming)}
            onCancel={close}
          >
            <p>{tc('unpaidText', { status: unpaidShipment ? tp(unpaidShipment) : '' })}</p>
          </ConfirmPanel>
        )
      ) : (
        <div className={styles.buttonRow} data-testid="state-buttons">
          {targets.map((to) => (
            <button
              key={to}
              type="button"
              className={to === 'rejected' || to === 'disarm' ? styles.dangerButton : styles.primaryButton}
              disabled={busy !== null}
              aria-busy={busy === to}
              onClick={() => (needsConfirm(to) ? setConfirming(to) : void move(to))}
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
