'use client';

/**
 * Shop configuration: purchase minimums (pesos) and the maintenance flag (PATCH api/staff/config). Rendered
 * inside its panel on /admin/config, next to the carousel, tags and transports managers.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { parsePesos } from '@/lib/admin/budget';
import { formatAmountInput } from '@/lib/money/parse';
import { publicRequest } from '@/lib/api/public';
import type { Config } from '@/lib/contracts/catalogue';
import { toCents } from '@/lib/money';
import { minimumsError } from '@/lib/orders/shipping';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';

export function ConfigForm({ initial }: { initial: Config }) {
  const t = useTranslations('admin.client');
  const id = useId();
  const [minOrder, setMinOrder] = useState(formatAmountInput(initial.minOrderPrice));
  const [minLocal, setMinLocal] = useState(formatAmountInput(initial.minLocalPrice));
  const [maintenance, setMaintenance] = useState(initial.maintaince);
  const [error, setError] = useState<string | null>(null);
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
    setError(null);
    await run(() => publicRequest(staffApiPaths.config, { method: 'PATCH', body: { minOrderPrice, minLocalPrice, maintaince: maintenance } }), t('config.saved'));
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={`${styles.stack} ${styles.narrow}`} data-testid="config-form">
      <label htmlFor={`${id}-o`} className={styles.label}>
        {t('config.minOrderPrice')}
      </label>
      <input id={`${id}-o`} inputMode="decimal" value={minOrder} onChange={(e) => setMinOrder(e.target.value)} aria-describedby={error ? `${id}-e` : undefined} />
      <label htmlFor={`${id}-l`} className={styles.label}>
        {t('config.minLocalPrice')}
      </label>
      <input id={`${id}-l`} inputMode="decimal" value={minLocal} onChange={(e) => setMinLocal(e.target.value)} aria-describedby={error ? `${id}-e` : undefined} />
      <label className={styles.check}>
        <input type="checkbox" checked={maintenance} onChange={(e) => setMaintenance(e.target.checked)} />
        <span>{t('config.maintenance')}</span>
      </label>
      {error ? (
        <p id={`${id}-e`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? t('working') : t('config.save')}
      </button>
    </form>
  );
}
