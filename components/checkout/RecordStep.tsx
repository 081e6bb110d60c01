'use client';

/**
 * What the address and billing steps share: choose one of the customer's saved records, or type a new
 * one that is saved (POST) before the wizard goes on; after saving, the new option takes the focus (and
 * the page scrolls to it instead of jumping to the footer where the removed form was).
 */
import { useEffect, useState, type FormEventHandler, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useMessages } from '@/components/toast/MessagesProvider';
import { Button } from '@/components/ui/Button';
import styles from './checkout.module.css';

type Section = 'address' | 'billing';

/** The "new record" state of a step: whether its form shows, and what follows a successful save. */
export function useNewRecord<R extends { id: number }>(section: Section, records: readonly R[] | null, onCreated: (record: R) => void) {
  const t = useTranslations(`checkout.${section}`);
  const { notify } = useMessages();
  const [adding, setAdding] = useState(false);
  const [focusId, setFocusId] = useState<number | null>(null);
  useEffect(() => {
    if (focusId !== null) document.getElementById(`${section}-option-${focusId}`)?.focus();
  }, [focusId, records, section]);
  return {
    showForm: adding || (records !== null && records.length === 0),
    canCancel: records !== null && records.length > 0,
    setAdding,
    saved(record: R) {
      notify('SUCCESS', t('saved'));
      setAdding(false);
      onCreated(record);
      setFocusId(record.id);
    },
  };
}

export interface SavedOptionsProps<R extends { id: number }> {
  section: Section;
  records: readonly R[] | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  describe: (record: R) => { title: ReactNode; note: ReactNode };
}

/** The saved records as radio options (loading and "none yet" states included). */
export function SavedOptions<R extends { id: number }>({ section, records, selectedId, onSelect, describe }: SavedOptionsProps<R>) {
  const t = useTranslations(`checkout.${section}`);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('legend')}</legend>
      {records === null ? (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      ) : records.length === 0 ? (
        <p className={styles.muted}>{t('none')}</p>
      ) : (
        <ul className={styles.options} data-testid={`${section}-options`}>
          {records.map((r) => {
            const { title, note } = describe(r);
            return (
              <li key={r.id}>
                <label className={`${styles.option} ${selectedId === r.id ? styles.optionChecked : ''}`}>
                  <input
                    type="radio"
                    id={`${section}-option-${r.id}`}
                    name={section}
                    value={r.id}
                    checked={selectedId === r.id}
                    onChange={() => onSelect(r.id)}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>{title}</span>
                    <span className={styles.optionNote}>{note}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

export interface NewRecordFormProps {
  section: Section;
  record: ReturnType<typeof useNewRecord>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  isSubmitting: boolean;
  children: ReactNode;
}

/** The form of a new record with its save / cancel row, or the button that opens it. */
export function NewRecordForm({ section, record, onSubmit, onCancel, isSubmitting, children }: NewRecordFormProps) {
  const t = useTranslations(`checkout.${section}`);
  const titleId = `checkout-new-${section}`;
  if (!record.showForm) {
    return (
      <Button variant="secondary" onClick={() => record.setAdding(true)}>
        {t('add')}
      </Button>
    );
  }
  return (
    <form className={styles.subform} noValidate onSubmit={onSubmit} aria-labelledby={titleId} data-testid={`${section}-form`}>
      <h3 id={titleId} className={styles.subTitle}>
        {t('newTitle')}
      </h3>
      {children}
      <div className={styles.actionsRow}>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('save')}
        </Button>
        {record.canCancel ? (
          <Button
            variant="ghost"
            onClick={() => {
              onCancel();
              record.setAdding(false);
            }}
          >
            {t('cancelNew')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
