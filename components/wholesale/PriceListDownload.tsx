'use client';

/**
 * The price list downloads (issue 23 §3): whole catalogue or one category, as PDF or XLSX, at the signed-in
 * customer's own tiers (GET api/price-list with the session token; the file is saved under the server's
 * dated name).
 */
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { PublicApiError, publicDownload } from '@/lib/api/public';
import { priceListUrl } from '@/lib/api/wholesale';
import type { PriceListQuery } from '@/lib/contracts/wholesale';
import { Button } from '@/components/ui/Button';
import styles from './wholesale.module.css';

type Format = PriceListQuery['format'];

export interface PriceListDownloadProps {
  categories: { slug: string; name: string }[];
  /** Injected in tests; defaults to the API. */
  download?: typeof publicDownload;
}

/** Hands a blob to the browser as a download. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PriceListDownload({ categories, download = publicDownload }: PriceListDownloadProps) {
  const t = useTranslations('wholesale.priceList');
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState<Format | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const ids = { category: useId(), hint: useId() };

  const get = async (format: Format) => {
    setBusy(format);
    setAlert(null);
    try {
      const { blob, filename } = await download(priceListUrl({ format, category: category || undefined }));
      save(blob, filename ?? `lista-de-precios.${format}`);
    } catch (error) {
      const status = error instanceof PublicApiError ? error.failure.status : 0;
      setAlert(status === 401 ? t('signIn') : error instanceof PublicApiError && error.failure.message && status < 500 ? error.failure.message : t('error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.pad} data-testid="price-list">
      <div className={styles.field}>
        <label htmlFor={ids.category} className={styles.label}>
          {t('categoryLabel')}
        </label>
        <select
          id={ids.category}
          className={styles.select}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          aria-describedby={ids.hint}
          data-testid="price-list-category"
        >
          <option value="">{t('wholeCatalogue')}</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
        <span id={ids.hint} className={styles.muted}>
          {t('hint')}
        </span>
      </div>
      <div className={styles.actions} aria-busy={busy !== null}>
        <Button variant="primary" onClick={() => void get('pdf')} disabled={busy !== null} data-testid="price-list-pdf">
          {busy === 'pdf' ? t('preparing') : t('pdf')}
        </Button>
        <Button variant="secondary" onClick={() => void get('xlsx')} disabled={busy !== null} data-testid="price-list-xlsx">
          {busy === 'xlsx' ? t('preparing') : t('xlsx')}
        </Button>
      </div>
      {alert ? (
        <p className={styles.alert} role="alert" data-testid="price-list-alert">
          {alert}
        </p>
      ) : null}
    </div>
  );
}
