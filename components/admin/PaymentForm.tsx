'use client';

/**
 * Recording a payment staff checked (POST …/payments): the amount typed the shop's way ("21.500", "21.500,50",
 * read by lib/money/parse and echoed back before saving), the method and an internal note; and voiding a
 * mistaken one with a reason (POST …/payments/:id/void). The API checks everything again.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import { echoAmount, parseAmount } from '@/lib/money/parse';
import { MAX_PAYMENT_NOTE, PAYMENT_METHODS, type PaymentMethod } from '@/lib/orders/payments';
import { ConfirmPanel, ReasonField } from './ConfirmPanel';
import styles from './admin.module.css';
import pay from './payments.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { CodeOptions } from './ui/Options';

/** The largest payment the API takes (services/order-payments MAX_PAYMENT_PESOS). */
const MAX_PAYMENT_PESOS = 900_000_000;

export function PaymentForm({ orderId }: { orderId: number }) {
  const t = useTranslations('payments');
  const id = useId();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useApiAction();
  const echo = amount.trim() ? echoAmount(amount, MAX_PAYMENT_PESOS) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseAmount(amount, MAX_PAYMENT_PESOS);
    if (!parsed.ok) {
      setError(t('staff.amountInvalid'));
      return;
    }
    if (parsed.cents <= 0) {
      setError(t('staff.amountZero'));
      return;
    }
    setError(null);
    await run(() => publicRequest(staffApiPaths.orderPayments(orderId), { method: 'POST', body: { amount, method, ...(note.trim() ? { note: note.trim() } : {}) } }), t('staff.saved'), () => {
      setAmount('');
      setNote('');
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={pay.form} data-testid="payment-form">
      <label htmlFor={`${id}-a`}>
        {t('staff.amount')}
        <input
          id={`${id}-a`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          maxLength={40}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-h${error ? ` ${id}-e` : ''}`}
        />
        <span id={`${id}-h`} className={pay.hint}>
          {echo ? <span className={pay.echo} data-testid="amount-echo">{t('staff.echo', { amount: echo })}</span> : t('staff.amountHint')}
        </span>
      </label>
      <label htmlFor={`${id}-m`}>
        {t('staff.method')}
        <select id={`${id}-m`} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
          <CodeOptions codes={PAYMENT_METHODS} label={(m) => t(`methods.${m}`)} />
        </select>
      </label>
      <label htmlFor={`${id}-n`} className={pay.wide}>
        {t('staff.note')}
        <input id={`${id}-n`} value={note} maxLength={MAX_PAYMENT_NOTE} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error ? (
        <p id={`${id}-e`} className={`${styles.error} ${pay.wide}`} role="alert">
          {error}
        </p>
      ) : null}
      <div className={pay.wide}>
        <button type="submit" className={styles.primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? t('staff.working') : t('staff.record')}
        </button>
      </div>
    </form>
  );
}

export function VoidPayment({ orderId, paymentId, amount }: { orderId: number; paymentId: number; amount: string }) {
  const t = useTranslations('payments');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useApiAction();

  const confirm = async () => {
    if (!reason.trim()) {
      setError(t('staff.voidReasonRequired'));
      return;
    }
    await run(() => publicRequest(staffApiPaths.orderPaymentVoid(orderId, paymentId), { method: 'POST', body: { reason: reason.trim() } }), t('staff.voidDone'), () => setOpen(false));
  };

  if (!open) {
    return (
      <button type="button" className={styles.linkButton} onClick={() => setOpen(true)} data-testid="void-payment">
        {t('staff.void')}
      </button>
    );
  }
  return (
    <div className={pay.wide}>
      <ConfirmPanel
        title={t('staff.voidTitle', { amount })}
        confirmLabel={t('staff.voidConfirm')}
        cancelLabel={t('staff.cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setReason('');
          setError(null);
        }}
      >
        <ReasonField
          label={t('staff.voidReason')}
          value={reason}
          onChange={setReason}
          onFilled={() => setError(null)}
          max={MAX_PAYMENT_NOTE}
          error={error}
          countLabel={t('confirm.reasonCount', { count: reason.length, max: MAX_PAYMENT_NOTE })}
        />
      </ConfirmPanel>
    </div>
  );
}
