'use client';

/**
 * Step 2 (spec §2 Checkout, §5 Ordering): a transport company from api/transport/names, searchable by name
 * ('No se encontraron resultados'), disabled ones shown with 'Transporte deshabilitado' and not selectable,
 * or 'Otro' with a free-text name (transportId -1, otherTransport).
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { TransportOption } from '@/lib/api/orders';
import type { TransportChoice } from './steps';
import { filterTransports } from './transport-filter';
import { TextField } from '@/components/ui/Field';
import styles from './checkout.module.css';

export interface TransportStepProps {
  options: readonly TransportOption[] | null;
  value: TransportChoice | null;
  onChange: (value: TransportChoice | null) => void;
  /** error under the 'Otro' name (set by Continue) */
  otherError?: string;
}

export function TransportStep({ options, value, onChange, otherError }: TransportStepProps) {
  const t = useTranslations('checkout.transport');
  const [query, setQuery] = useState('');
  const shown = options ? filterTransports(options, query) : [];
  const otherSelected = value?.kind === 'other';

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('legend')}</legend>
      <TextField
        label={t('search')}
        type="search"
        value={query}
        placeholder={t('searchPlaceholder')}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      {options === null ? (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      ) : shown.length === 0 ? (
        <p role="status" className={styles.muted} data-testid="transport-no-results">
          {t('noResults')}
        </p>
      ) : null}
      <ul className={styles.options} data-testid="transport-options">
        {shown.map((o) => {
          const checked = value?.kind === 'listed' && value.id === o.id;
          return (
            <li key={o.id} className={o.fatherId !== null ? styles.optionChild : undefined}>
              <label className={`${styles.option} ${!o.isAble ? styles.optionDisabled : ''} ${checked ? styles.optionChecked : ''}`}>
                <input
                  type="radio"
                  name="transport"
                  value={o.id}
                  checked={checked}
                  disabled={!o.isAble}
                  onChange={() => {
                    if (o.isAble) onChange({ kind: 'listed', id: o.id, name: o.name });
                  }}
                />
                <span className={styles.optionText}>
                  <span className={styles.optionTitle}>{o.name}</span>
                  {!o.isAble ? <span className={styles.optionNote}>{t('disabled')}</span> : null}
                </span>
              </label>
            </li>
          );
        })}
        <li>
          <label className={`${styles.option} ${otherSelected ? styles.optionChecked : ''}`}>
            <input
              type="radio"
              name="transport"
              value="other"
              checked={otherSelected}
              onChange={() => onChange({ kind: 'other', name: value?.kind === 'other' ? value.name : '' })}
            />
            <span className={styles.optionText}>
              <span className={styles.optionTitle}>{t('other')}</span>
              <span className={styles.optionNote}>{t('otherHint')}</span>
            </span>
          </label>
        </li>
      </ul>
      {otherSelected ? (
        <TextField
          label={t('otherName')}
          value={value.name}
          maxLength={120}
          error={otherError}
          announce
          onChange={(e) => onChange({ kind: 'other', name: e.target.value })}
        />
      ) : null}
    </fieldset>
  );
}
