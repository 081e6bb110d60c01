'use client';

/** The bill: a PDF up to 10 MB (multipart POST …/documents, kind = bill). */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { PublicApiError, publicApiUrlFor, usePublicApi } from '@/lib/api/public';
import { checkBillFile } from '@/lib/admin/upload';
import { readToken } from '@/lib/session/store';
import { useMessages } from '@/components/toast/MessagesProvider';
import styles from './admin.module.css';

async function uploadBill(orderId: number, file: File): Promise<void> {
  const form = new FormData();
  form.append('kind', 'bill');
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(publicApiUrlFor(`api/staff/orders/${orderId}/documents?kind=bill`), { method: 'POST', headers, body: form });
  } catch {
    throw new PublicApiError({ kind: 'network', status: 0 });
  }
  let body: { success?: boolean; message?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* non-JSON answer */
  }
  if (!res.ok || body.success === false) {
    const message = typeof body.message === 'string' && body.message ? body.message : undefined;
    if (res.status === 401) throw new PublicApiError({ kind: 'unauthorized', status: 401, message });
    if (res.status === 403) throw new PublicApiError({ kind: 'forbidden', status: 403, message });
    throw new PublicApiError({ kind: 'http', status: res.status, message });
  }
}

export function BillUpload({ orderId }: { orderId: number }) {
  const t = useTranslations('admin.client.bill');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = inputRef.current?.files?.[0] ?? null;
    const problem = checkBillFile(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await uploadBill(orderId, file!);
      notify('SUCCESS', t('uploaded'));
      if (inputRef.current) inputRef.current.value = '';
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
          {t('file')}
        </label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
        />
        {error ? (
          <p id={`${id}-e`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.secondaryButton} disabled={busy}>
          {t('upload')}
        </button>
      </form>
    </section>
  );
}
