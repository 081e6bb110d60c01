'use client';

/**
 * An inline confirmation (role="alertdialog") for the back-office's irreversible steps: rejecting or
 * dismantling an order, dispatching an unpaid shipment, voiding a payment, a bulk state change. It takes
 * the focus when it opens; Escape or "Volver" closes it. Optional reason field: `ReasonField`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { MAX_STATE_REASON } from '@/lib/orders/payments';
import styles from './payments.module.css';
import admin from './admin.module.css';

export function ConfirmPanel({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  testId = 'confirm-panel',
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  testId?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={`${id}-t`}
      className={styles.confirm}
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <h3 id={`${id}-t`}>{title}</h3>
      {children}
      <div className={admin.buttonRow}>
        <button type="button" className={admin.dangerButton} disabled={busy} aria-busy={busy} onClick={onConfirm} data-testid="confirm-yes">
          {confirmLabel}
        </button>
        <button type="button" className={admin.linkButton} disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * A required reason (textarea with a character count and its error), for ConfirmPanel. `onFilled` runs when
 * the text is no longer blank (the caller clears its error then).
 */
export function ReasonField({
  label,
  value,
  onChange,
  onFilled,
  max,
  error,
  countLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFilled: () => void;
  max: number;
  error: string | null;
  countLabel: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={admin.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={max}
        required
        onChange={(e) => {
          onChange(e.target.value);
          if (e.target.value.trim()) onFilled();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : `${id}-c`}
        data-testid="reason"
      />
      <span id={`${id}-c`} className={styles.counter}>
        {countLabel}
      </span>
      {error ? (
        <p id={`${id}-e`} className={admin.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** Why an order moves to a state that needs a reason (a rejection): the explanation and the reason field. */
export function StateReasonField({ value, onChange, onFilled, error }: { value: string; onChange: (value: string) => void; onFilled: () => void; error: string | null }) {
  const tc = useTranslations('payments.confirm');
  return (
    <>
      <p>{tc('rejectText')}</p>
      <ReasonField
        label={tc('reason')}
        value={value}
        onChange={onChange}
        onFilled={onFilled}
        max={MAX_STATE_REASON}
        error={error}
        countLabel={tc('reasonCount', { count: value.length, max: MAX_STATE_REASON })}
      />
    </>
  );
}
