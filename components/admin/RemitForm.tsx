'use client';

/** The remit: a tracking number (POST …/remit). */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { useFieldError } from './ui/field-error';
import { PanelForm } from './ui/PanelForm';

export function RemitForm({ orderId }: { orderId: number }) {
  const t = useTranslations('admin.client.remit');
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const [value, setValue] = useState('');
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
    <PanelForm headingId={`${id}-t`} title={t('title')} onSubmit={submit} error={{ id: errorId, text: error }} busy={busy} submit={t('save')}>
      <label htmlFor={id} className={styles.label}>
        {t('tracking')}
      </label>
      <input id={id} className={styles.input} value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} {...invalidProps} />
    </PanelForm>
  );
}
