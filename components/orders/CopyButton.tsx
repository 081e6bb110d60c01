'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import styles from './orders.module.css';

/** Copies a value to the clipboard; the label says what (for screen readers) and confirms for 2 s. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const t = useTranslations('orders.bank');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={t('copyLabel', { what })}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.6">
        {copied ? (
          <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <>
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
            <path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H3A1.5 1.5 0 0 0 1.5 3v6A1.5 1.5 0 0 0 3 10.5h.5" />
          </>
        )}
      </svg>
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}
