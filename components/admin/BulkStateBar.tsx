'use client';

/**
 * The board's bulk state change (issue 32, item 6). The rows' checkboxes are server-rendered inputs of the
 * form `BULK_FORM_ID` (`name="ids"`); this island reads the selection from them, lets staff pick a target
 * state, shows a confirmation from the same table the API applies (lib/admin/transitions bulkPlan: how many
 * change, which cannot and why, unpaid shipments and a reason when the move needs one), then makes ONE call,
 * POST api/staff/orders/bulk-state, and lists its per-order results (changed / skipped with the reason).
 */
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { BulkStateResult } from '@/lib/contracts/orders';
import { BULK_TARGETS, bulkPlan, type BulkCandidate } from '@/lib/admin/transitions';
import { staffMoveNeedsReason } from '@/lib/orders/payments';
import { isOrderState, type OrderState } from '@/lib/orders/states';
import { ConfirmPanel, StateReasonField } from './ConfirmPanel';
import styles from './admin.module.css';
import pay from './payments.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CodeOptions } from './ui/Options';

export const BULK_FORM_ID = 'bulk-state';

function checkedIds(): number[] {
  const boxes = document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM_ID}"][name="ids"]`);
  return [...boxes].filter((b) => b.checked).map((b) => Number(b.value));
}

function setAll(checked: boolean): void {
  for (const b of document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM_ID}"][name="ids"]`)) b.checked = checked;
}

/* The selection lives in the DOM (the rows' checkboxes): read as an external store. */
const listeners = new Set<() => void>();
function notifySelection(): void {
  for (const l of listeners) l();
}
function subscribe(onStoreChange: () => void): () => void {
  listeners.add(onStoreChange);
  const onChange = (e: Event) => {
    const input = e.target as HTMLInputElement | null;
    if (input?.getAttribute?.('form') !== BULK_FORM_ID) return;
    if (input.name === 'all') setAll(input.checked);
    onStoreChange();
  };
  document.addEventListener('change', onChange);
  return () => {
    listeners.delete(onStoreChange);
    document.removeEventListener('change', onChange);
  };
}
function clearSelection(): void {
  setAll(false);
  for (const b of document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM_ID}"][name="all"]`)) b.checked = false;
  notifySelection();
}
const selectionKey = () => checkedIds().join(',');
const noSelection = () => '';

export function BulkStateBar({ orders }: { orders: readonly BulkCandidate[] }) {
  const t = useTranslations('payments.bulk');
  const tc = useTranslations('payments.confirm');
  const ts = useTranslations('orders');
  const router = useRouter();
  const { handleError } = usePublicApi();
  const id = useId();
  const key = useSyncExternalStore(subscribe, selectionKey, noSelection);
  const selected = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
  const [to, setTo] = useState<OrderState | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirmUnpaid, setConfirmUnpaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkStateResult | null>(null);

  const chosen = useMemo(() => orders.filter((o) => selected.includes(o.id)), [orders, selected]);
  const plan = to ? bulkPlan(chosen, to) : null;
  const label = (s: OrderState) => ts(`states.${s}.label`);

  const close = () => {
    setConfirming(false);
    setReason('');
    setReasonError(null);
    setConfirmUnpaid(false);
  };

  const apply = async () => {
    if (!to || !plan) return;
    const body: { ids: number[]; to: OrderState; reason?: string; confirmUnpaid?: boolean } = { ids: plan.movable.map((o) => o.id), to };
    if (staffMoveNeedsReason(to)) {
      if (!reason.trim()) {
        setReasonError(tc('reasonRequired'));
        return;
      }
      body.reason = reason.trim();
    }
    if (confirmUnpaid) body.confirmUnpaid = true;
    setBusy(true);
    try {
      const data = await publicRequest<BulkStateResult>(staffApiPaths.ordersBulkState, { method: 'POST', body });
      setResult(data);
      close();
      clearSelection();
      router.refresh();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  const numberOf = (orderId: number, fallback: number | null) => fallback ?? orders.find((o) => o.id === orderId)?.number ?? orderId;

  const resultBox = result ? (
    <div className={pay.result} role="status" data-testid="bulk-result">
      <h3>{t('resultTitle')}</h3>
      <p>{t('changed', { count: result.changed })}</p>
      {result.skipped > 0 ? (
        <>
          <p>{t('skipped', { count: result.skipped })}</p>
          <ul className={pay.list}>
            {result.results
              .filter((r) => r.result === 'skipped')
              .map((r) => (
                <li key={r.id}>{t('skippedItem', { number: numberOf(r.id, r.number), message: r.message ?? '' })}</li>
              ))}
          </ul>
        </>
      ) : null}
      <div>
        <button type="button" className={styles.linkButton} onClick={() => setResult(null)}>
          {t('close')}
        </button>
      </div>
    </div>
  ) : null;

  // an empty board: nothing to select, but the last change's result stays
  if (orders.length === 0) return resultBox;

  return (
    <div data-testid="bulk-bar">
      <form id={BULK_FORM_ID} className={pay.bar} onSubmit={(e) => e.preventDefault()} aria-label={t('apply')}>
        <span aria-live="polite" data-testid="bulk-count">
          {t('selected', { count: selected.length })}
        </span>
        <label htmlFor={id} className={pay.check}>
          {t('target')}
          <select
            id={id}
            value={to}
            onChange={(e) => {
              const v = e.target.value;
              setTo(isOrderState(v) ? v : '');
              close();
            }}
          >
            <option value="">{t('choose')}</option>
            <CodeOptions codes={BULK_TARGETS} label={label} />
          </select>
        </label>
        <button type="button" className={styles.primaryButton} disabled={!to || selected.length === 0 || confirming} onClick={() => setConfirming(true)} data-testid="bulk-apply">
          {t('apply')}
        </button>
        {selected.length > 0 ? (
          <button
            type="button"
            className={styles.linkButton}
            onClick={clearSelection}
          >
            {t('clear')}
          </button>
        ) : null}
      </form>

      {confirming && to && plan ? (
        <ConfirmPanel
          title={t('confirmTitle', { count: chosen.length, state: label(to) })}
          confirmLabel={t('confirm')}
          cancelLabel={t('cancel')}
          busy={busy || plan.movable.length === 0}
          onConfirm={() => void apply()}
          onCancel={close}
          testId="bulk-confirm"
        >
          <p data-testid="bulk-will-change">{t('willChange', { count: plan.movable.length })}</p>
          {plan.cannot.length > 0 ? (
            <div data-testid="bulk-cannot">
              <p>{t('cannot', { count: plan.cannot.length })}</p>
              <ul className={pay.list}>
                {plan.cannot.map((o) => (
                  <li key={o.id}>{t('cannotItem', { number: o.number, state: label(o.state) })}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {plan.unpaid.length > 0 ? (
            <div data-testid="bulk-unpaid">
              <p>{t('unpaid', { count: plan.unpaid.length })}</p>
              <ul className={pay.list}>
                {plan.unpaid.map((o) => (
                  <li key={o.id}>#{o.number}</li>
                ))}
              </ul>
              <label className={pay.check}>
                <input type="checkbox" checked={confirmUnpaid} onChange={(e) => setConfirmUnpaid(e.target.checked)} />
                {t('confirmUnpaid')}
              </label>
              {!confirmUnpaid ? <p className={styles.muted}>{t('unpaidSkipped')}</p> : null}
            </div>
          ) : null}
          {staffMoveNeedsReason(to) && plan.movable.length > 0 ? (
            <StateReasonField value={reason} onChange={setReason} onFilled={() => setReasonError(null)} error={reasonError} />
          ) : null}
        </ConfirmPanel>
      ) : null}

      {resultBox}
    </div>
  );
}
