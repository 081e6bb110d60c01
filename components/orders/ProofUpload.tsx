'use client';

/**
 * Proof of transfer upload (spec §1: interior shipments are paid by transfer and the customer uploads the
 * proof in the order detail). Checked before sending: 'No seleccionaste un archivo', 'El archivo pesa mas
 * de 10 MB', image or PDF only; then a multipart POST api/order/{id}/proof and the page re-renders.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ordersApi } from '@/lib/api/orders';
import { useMessages } from '@/components/toast/MessagesProvider';
import { Button } from '@/components/ui/Button';
import { clearPicked, FilePicker, pickedFile } from '@/components/ui/FilePicker';
import { checkProofFile, PROOF_ACCEPT } from './upload';
import styles from './orders.module.css';
import { useApiAction } from '@/components/ui/useApiAction';

export function ProofUpload({ orderId }: { orderId: number }) {
  const t = useTranslations('orders.proof');
  const { notify } = useMessages();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useApiAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = pickedFile(inputRef);
    const problem = checkProofFile(file);
    if (problem) {
      const text = t(`errors.${problem}`);
      setError(text);
      notify('ERROR', text);
      return;
    }
    setError(null);
    await run(() => ordersApi.uploadProof(orderId, file!), t('uploaded'), () => clearPicked(inputRef));
  };

  return (
    <form className={styles.upload} onSubmit={(e) => void submit(e)} noValidate data-testid="proof-form">
      <FilePicker
        id={id}
        label={t('label')}
        labelClass={styles.label}
        inputRef={inputRef}
        name="file"
        accept={PROOF_ACCEPT}
        className={styles.file}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={() => setError(null)}
      />
      <p id={`${id}-hint`} className={styles.muted}>
        {t('hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={busy} data-testid="proof-submit">
        {busy ? t('uploading') : t('submit')}
      </Button>
    </form>
  );
}
