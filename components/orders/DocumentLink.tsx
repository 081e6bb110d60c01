'use client';

/**
 * Downloads an order document from the API (the file needs the session's Bearer token, so a plain link
 * cannot fetch it): fetch → blob → a temporary object URL.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { documentFilePath } from '@/lib/api/orders';
import { PublicApiError, publicApiBase, publicApiUrlFor, usePublicApi } from '@/lib/api/public';
import { withAccessToken } from '@/lib/session/refresh';
import styles from './orders.module.css';

export function DocumentLink({ orderId, docId, fileName, label }: { orderId: number; docId: number; fileName: string | null; label: string }) {
  const t = useTranslations('orders.documents');
  const { handleError } = usePublicApi();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // the newest access token, renewed when about to expire and once on a 401 (ADR 0005)
      const res = await withAccessToken(publicApiBase(), (token) =>
        fetch(publicApiUrlFor(documentFilePath(orderId, docId)), { headers: token ? { authorization: `Bearer ${token}` } : {} }),
      ).catch(() => {
        throw new PublicApiError({ kind: 'network', status: 0 });
      });
      if (!res.ok) throw new PublicApiError(res.status === 401 ? { kind: 'unauthorized', status: 401 } : { kind: 'http', status: res.status });
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName ?? `documento-${docId}`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={styles.docLink} onClick={() => void download()} disabled={busy} data-testid="document-download">
      <span aria-hidden="true">⬇</span> {busy ? t('downloading') : label}
    </button>
  );
}
