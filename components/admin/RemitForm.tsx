'use client';

/** The remit: a tracking number (POST …/remit). */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import { useMessages } from '@/components/toast/MessagesProvider';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

export function RemitForm({ orderId }: { orderId: number }) {
  const t = useTranslations('admin.client.remit');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trackingNumber = value.trim();
    if (!trackingNumber) {
      setError(t('required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await publicRequest(staffApiPaths.orderRemit(orderId), { method: 'POST', body: { trackingNumber } });
      notify('SUCCESS', t('saved'));
      setValue('');
      router.refresh();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
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
