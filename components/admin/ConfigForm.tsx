'use client';

/**
 * Shop configuration: purchase minimums (pesos), the maintenance flag and the order deadlines (days a budget
 * stays valid, days to pay an accepted order: issue 24 §1) through PATCH api/staff/config. Rendered
 * inside its panel on /admin/config, next to the carousel, tags and transports managers.
 */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { parsePesos } from '@/lib/admin/budget';
import { formatAmountInput } from '@/lib/money/parse';
import { publicRequest } from '@/lib/api/public';
import type { StaffConfig } from '@/lib/contracts/catalogue';
import { DEADLINE_DAYS_RANGE } from '@/lib/orders/deadlines';
import { toCents } from '@/lib/money';
import { minimumsError } from '@/lib/orders/shipping';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { FieldError, useFieldError } from './ui/field-error';

/** A whole number of days in the configurable range, or null. */
function parseDays(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n >= DEADLINE_DAYS_RANGE.min && n <= DEADLINE_DAYS_RANGE.max ? n : null;
}

export function ConfigForm({ initial }: { initial: StaffConfig }) {
  const t = useTranslations('admin.client');
  const { id, error, setError, errorId } = useFieldError();
  const [minOrder, setMinOrder] = useState(formatAmountInput(initial.minOrderPrice));
  const [minLocal, setMinLocal] = useState(formatAmountInput(initial.minLocalPrice));
  const [maintenance, setMaintenance] = useState(initial.maintaince);
  const [validDays, setValidDays] = useState(String(initial.budgetValidDays));
  const [dueDays, setDueDays] = useState(String(initial.paymentDueDays));
  const { busy, run } = useApiAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minOrderPrice = parsePesos(minOrder);
    const minLocalPrice = parsePesos(minLocal);
    if (minOrderPrice === null || minLocalPrice === null || minOrderPrice > 20_000_000 || minLocalPrice > 20_000_000) {
      setError(t('config.invalid'));
      return;
    }
    // The same rule the API applies (lib/orders minimumsError).
    if (minimumsError(toCents(minOrderPrice), toCents(minLocalPrice))) {
      setError(t('config.localAboveOrder'));
      return;
    }
    const budgetValidDays = parseDays(validDays);
    const paymentDueDays = parseDays(dueDays);
    if (budgetValidDays === null || paymentDueDays === null) {
      setError(t('config.invalidDays'));
      return;
    }
    setError(null);
    await run(
      () => publicRequest(staffApiPaths.config, { method: 'PATCH', body: { minOrderPrice, minLocalPrice, maintaince: maintenance, budgetValidDays, paymentDueDays } }),
      t('config.saved'),
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={`${styles.stack} ${styles.narrow}`} data-testid="config-form">
      <StackInput id={`${id}-o`} label={t('config.minOrderPrice')} inputMode="decimal" value={minOrder} onChange={setMinOrder} describedBy={error ? errorId : undefined} />
      <StackInput id={`${id}-l`} label={t('config.minLocalPrice')} inputMode="decimal" value={minLocal} onChange={setMinLocal} describedBy={error ? errorId : undefined} />
      {/* the two deadlines share the hint under them */}
      {(
        [
          ['v', 'budgetValidDays', validDays, setValidDays, 'config-budget-valid-days'],
          ['p', 'paymentDueDays', dueDays, setDueDays, 'config-payment-due-days'],
        ] as const
      ).map(([suffix, key, value, onChange, testId]) => (
        <StackInput key={key} id={`${id}-${suffix}`} label={t(`config.${key}`)} inputMode="numeric" value={value} onChange={onChange} describedBy={`${id}-h${error ? ` ${errorId}` : ''}`} testId={testId} />
      ))}
      <p id={`${id}-h`} className={styles.muted}>
        {t('config.deadlinesHint')}
      </p>
      <label className={styles.check}>
        <input type="checkbox" checked={maintenance} onChange={(e) => setMaintenance(e.target.checked)} />
        <span>{t('config.maintenance')}</span>
      </label>
      <FieldError id={errorId} error={error} className={styles.error} />
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? t('working') : t('config.save')}
      </button>
    </form>
  );
}

/** A label over its input, in the form's stack. */
function StackInput(props: {
  id: string;
  label: string;
  inputMode: 'decimal' | 'numeric';
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
  testId?: string;
}) {
  return (
    <>
      <label htmlFor={props.id} className={styles.label}>
        {props.label}
      </label>
      <input id={props.id} className={styles.input} inputMode={props.inputMode} value={props.value} onChange={(e) => props.onChange(e.target.value)} aria-describedby={props.describedBy} data-testid={props.testId} />
    </>
  );
}
