'use client';

/** The remit: a tracking number (POST …/remit). */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';

export function RemitForm({ orderId }: { orderId: number }) {
  const t = useTranslations('admin.client.remit');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useApiAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trackingNumber = value.trim();
    if (!trackingNumber) {
      setError(t('required'));
      return;
    }
    setError(null);
    await run(() => publicRequest(staffApiPaths.orderRemit(orderId), { method: 'POST', body: { trackingNumber } }), t('saved'), () => setValue(''));
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className={styles.h2}>
        {t('title')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.stack}>
        <label htmlFor={id} className={styles.label}>
          {t('tracking')}
        </label>
        <input
          id={id}
          value={value}
          maxLength={100}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
        />
        {error ? (
          <p id={`${id}-e`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.secondaryButton} disabled={busy}>
          {t('save')}
        </button>
      </form>
    </section>
  );
}
