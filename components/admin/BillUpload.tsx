'use client';

/** The bill or another document for the customer: a PDF up to 10 MB (multipart POST …/documents, kind = bill | other). */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import { checkBillFile } from '@/lib/admin/upload';
import styles from './admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { clearPicked, FilePicker, pickedFile } from '@/components/ui/FilePicker';
import { useFieldError } from './ui/field-error';
import { PanelForm } from './ui/PanelForm';
import { CodeOptions } from './ui/Options';

const UPLOAD_KINDS = ['bill', 'other'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

function uploadDocument(orderId: number, kind: UploadKind, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return publicRequest<unknown>(staffApiPaths.orderDocuments(orderId, kind), { method: 'POST', body: form });
}

export function BillUpload({ orderId }: { orderId: number }) {
  const t = useTranslations('admin.client.bill');
  const inputRef = useRef<HTMLInputElement>(null);
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const { busy, run } = useApiAction();
  const [kind, setKind] = useState<UploadKind>('bill');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = pickedFile(inputRef);
    const problem = checkBillFile(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    await run(() => uploadDocument(orderId, kind, file!), kind === 'bill' ? t('uploaded') : t('uploadedOther'), () => clearPicked(inputRef));
  };

  return (
    <PanelForm headingId={`${id}-t`} title={t('title')} onSubmit={submit} error={{ id: errorId, text: error }} busy={busy} submit={t('upload')}>
      <label htmlFor={`${id}-k`} className={styles.label}>
        {t('kind')}
      </label>
      <select id={`${id}-k`} className={styles.select} value={kind} onChange={(e) => setKind(e.target.value as UploadKind)} data-testid="document-kind">
        <CodeOptions codes={UPLOAD_KINDS} label={(k) => t(`kinds.${k}`)} />
      </select>
      <FilePicker id={id} label={t('file')} labelClass={styles.label} inputRef={inputRef} accept="application/pdf,.pdf" {...invalidProps} />
    </PanelForm>
  );
}
