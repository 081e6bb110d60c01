'use client';

/**
 * Search synonyms (products:write): each group lists words shoppers use for the same thing, comma
 * separated (incienso, sahumerio). The API normalizes them and clears the catalogue cache, so searches
 * use the change at once.
 */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import styles from '../settings/settings.module.css';
import own from './search.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { CrudList, RowActions, confirmThen } from '../ui/crud';
import { FieldError, useFieldError } from '../ui/field-error';

export type SynonymGroup = { id: number; terms: string[] };

/** "incienso, sahumerio" → ['incienso', 'sahumerio']: at least two distinct terms of 2–40 characters. */
function parseTerms(text: string): string[] | null {
  const terms = [...new Set(text.split(',').map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (terms.length < 2 || terms.length > 10 || terms.some((t) => t.length < 2 || t.length > 40)) return null;
  return terms;
}

export function SynonymsManager({ items, suggested }: { items: SynonymGroup[]; suggested?: string }) {
  const t = useTranslations('adminSearch.client');
  const { busy, run } = useApiAction();

  return (
    <div className={styles.section}>
      <CrudList
        items={items}
        empty={t('empty')}
        testId="synonyms-list"
        add={
          <GroupRow
            key={suggested ?? ''}
            initial={suggested ? `${suggested}, ` : ''}
            busy={busy}
            onSave={(terms) => run(() => publicRequest(staffApiPaths.synonyms, { method: 'POST', body: { terms } }), t('saved'))}
          />
        }
      >
        {(g) => (
          <li key={`${g.id}-${g.terms.join(',')}`}>
            <GroupRow
              group={g}
              busy={busy}
              onSave={(terms) => run(() => publicRequest(staffApiPaths.synonym(g.id), { method: 'PATCH', body: { terms } }), t('saved'))}
              onDelete={() =>
                confirmThen(t('confirmDelete', { terms: g.terms.join(', ') }), () => run(() => publicRequest(staffApiPaths.synonym(g.id), { method: 'DELETE' }), t('deleted')))
              }
            />
          </li>
        )}
      </CrudList>
    </div>
  );
}

function GroupRow({
  group,
  initial = '',
  busy,
  onSave,
  onDelete,
}: {
  group?: SynonymGroup;
  initial?: string;
  busy: boolean;
  onSave: (terms: string[]) => Promise<boolean>;
  onDelete?: () => void;
}) {
  const t = useTranslations('adminSearch.client');
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const start = group ? group.terms.join(', ') : initial;
  const [text, setText] = useState(start);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const terms = parseTerms(text);
    if (!terms) {
      setError(t('invalid'));
      return;
    }
    setError(null);
    if ((await onSave(terms)) && !group) setText('');
  };

  return (
    <form className={group ? own.row : `${own.row} ${styles.addRow}`} onSubmit={(e) => void submit(e)} noValidate data-testid={group ? 'synonym-row' : 'synonym-add'}>
      <label className={styles.field} htmlFor={`${id}-t`}>
        <span className={group ? styles.rowLabel : undefined}>{t('terms')}</span>
        <input id={`${id}-t`} value={text} maxLength={400} placeholder={t('placeholder')} onChange={(e) => setText(e.target.value)} {...invalidProps} />
      </label>
      <RowActions
        editing={!!group}
        busy={busy}
        unchanged={text === start}
        labels={{ save: t('save'), add: t('add'), delete: t('delete'), deleteLabel: group ? t('deleteLabel', { terms: group.terms.join(', ') }) : '' }}
        onDelete={onDelete}
      />
      <FieldError id={errorId} error={error} className={styles.error} />
    </form>
  );
}
