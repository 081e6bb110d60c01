'use client';

/**
 * The budget editor: units, unit price and "missing" per item plus a bonus, with a live totals preview
 * computed by lib/orders/totals (the API's own code), then POST …/budget (the order goes to review).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { draftFromItems, evaluateBudget, priceTyped, type BudgetDraft, type BudgetLineDraft } from '@/lib/admin/budget';
import { formatAmountInput } from '@/lib/money/parse';
import { publicRequest } from '@/lib/api/public';
import { formatCents, fromCents } from '@/lib/money';
import type { OrderDetail, OrderItemWire } from '@/lib/orders/types';
import styles from './admin.module.css';
import { Panel } from './ui/Panel';
import { ListTable } from './ui/list';
import { TOTAL_KEYS, TotalsList, type TotalKey } from './ui/Totals';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';

interface Props {
  orderId: number;
  items: OrderItemWire[];
  bonus: number;
  allowed: boolean;
  iibbMisiones: boolean;
  /** the tiers of the order's groups (staff order detail): untyped prices follow them when units change */
  pricing?: OrderDetail['pricing'];
  /** labels of the totals (server `admin.order` texts) */
  labels: Record<'colProduct' | 'colRequested' | 'colQuantity' | 'colUnitPrice' | 'colMissing' | TotalKey, string>;
}

export function BudgetEditor({ orderId, items, bonus, allowed, iibbMisiones, pricing, labels }: Props) {
  const t = useTranslations('admin.client');
  const id = useId();
  const [draft, setDraft] = useState<BudgetDraft>(() => draftFromItems(items, bonus));
  const { busy, run } = useApiAction();
  const result = useMemo(() => evaluateBudget(draft, iibbMisiones, pricing ? { items, pricing } : undefined), [draft, iibbMisiones, pricing, items]);
  // an untyped price shows what the tiers give at the units on screen (what the API will store)
  const shownPrice = (l: BudgetLineDraft) => {
    const cents = result.ok && !priceTyped(l) ? result.unitPrices.get(l.itemId) : undefined;
    return cents === undefined ? l.unitPrice : formatAmountInput(fromCents(cents));
  };
  const names = new Map(items.map((i) => [i.id, i.variationName ? `${i.name} – ${i.variationName}` : i.name]));

  const setLine = (itemId: number, patch: Partial<BudgetLineDraft>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.itemId === itemId ? { ...l, ...patch } : l)) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!result.ok || !allowed) return;
    await run(() => publicRequest(staffApiPaths.orderBudget(orderId), { method: 'POST', body: result.payload }), t('budget.sent'));
  };

  return (
    <Panel headingId={`${id}-t`} title={t('budget.title')} testId="budget-editor">
      {!allowed ? (
        <p className={styles.muted}>{t('budget.notAllowed')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <ListTable
            empty=""
            rows={draft.lines.length}
            className={styles.budgetTable}
            columns={[{ label: labels.colProduct }, { label: labels.colRequested, className: styles.num }, { label: labels.colQuantity }, { label: labels.colUnitPrice }, { label: labels.colMissing }]}
          >
            {draft.lines.map((l) => {
              const name = names.get(l.itemId) ?? String(l.itemId);
              // what the preview refuses on this line, if anything
              const problem = !result.ok && result.itemId === l.itemId ? result.problem : null;
              // the line's units and unit price: a small box each, red when the preview refuses it
              const box = (field: 'quantity' | 'unitPrice', value: string, label: string, numeric: boolean) => (
                <input
                  className={styles.small}
                  inputMode={numeric ? 'numeric' : 'decimal'}
                  aria-label={label}
                  value={value}
                  aria-invalid={problem === (field === 'quantity' ? 'quantity' : 'price') ? true : undefined}
                  onChange={(e) => setLine(l.itemId, { [field]: e.target.value })}
                />
              );
              return (
                <tr key={l.itemId} className={l.missing ? styles.missingRow : undefined} data-testid="budget-line">
                  <td>{name}</td>
                  <td className={styles.num} data-label={labels.colRequested}>
                    {l.requestedQuantity}
                  </td>
                  <td data-label={labels.colQuantity}>{box('quantity', l.quantity, t('budget.units', { name }), true)}</td>
                  <td data-label={labels.colUnitPrice}>{box('unitPrice', shownPrice(l), t('budget.price', { name }), false)}</td>
                  <td data-label={labels.colMissing}>
                    <input
                      type="checkbox"
                      aria-label={t('budget.missing', { name })}
                      checked={l.missing}
                      onChange={(e) => setLine(l.itemId, { missing: e.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </ListTable>
          <div className={styles.budgetFoot}>
            <label className={styles.field}>
              <span>{t('budget.bonus')}</span>
              <input
                className={styles.small}
                inputMode="decimal"
                value={draft.bonus}
                onChange={(e) => setDraft((d) => ({ ...d, bonus: e.target.value }))}
                aria-invalid={!result.ok && (result.problem === 'bonus' || result.problem === 'bonusTooHigh') ? true : undefined}
              />
            </label>
            <div aria-live="polite">
              <h3 className={styles.h3}>{t('budget.preview')}</h3>
              {result.ok ? (
                <TotalsList rows={TOTAL_KEYS.map((k) => [labels[k], formatCents(result.totals[`${k}Cents`])] as const)} testId="budget-preview" />
              ) : (
                <p className={styles.error} role="alert">
                  {t(`budget.problems.${result.problem}`)}
                </p>
              )}
            </div>
          </div>
          <button type="submit" className={styles.primaryButton} disabled={busy || !result.ok}>
            {busy ? t('working') : t('budget.send')}
          </button>
        </form>
      )}
    </Panel>
  );
}
