'use client';

/**
 * Search synonyms (products:write): each group lists words shoppers use for the same thing, comma
 * separated (incienso, sahumerio). The API normalizes them and clears the catalogue cache, so searches
 * use the change at once.
 */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import styles from '../settings/settings.module.css';
import own from './search.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CrudList, RowForm, useCrudWrites } from '../ui/crud';
import { useFieldError } from '../ui/field-error';

export type SynonymGroup = { id: number; terms: string[] };

/** "incienso, sahumerio" → ['incienso', 'sahumerio']: at least two distinct terms of 2–40 characters. */
function parseTerms(text: string): string[] | null {
  const terms = [...new Set(text.split(',').map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (terms.length < 2 || terms.length > 10 || terms.some((t) => t.length < 2 || t.length > 40)) return null;
  return terms;
}

export function SynonymsManager({ items, suggested }: { items: SynonymGroup[]; suggested?: string }) {
  const t = useTranslations('adminSearch.client');
  const crud = useCrudWrites<{ terms: string[] }>({ collection: staffApiPaths.synonyms, item: staffApiPaths.synonym, saved: t('saved'), deleted: t('deleted') });

  return (
    <CrudList
      items={items}
      empty={t('empty')}
      testId="synonyms-list"
      add={<GroupRow key={suggested ?? ''} initial={suggested ? `${suggested}, ` : ''} busy={crud.busy} onSave={(terms) => crud.create({ terms })} />}
    >
      {(g) => (
        <li key={`${g.id}-${g.terms.join(',')}`}>
          <GroupRow group={g} busy={crud.busy} onSave={(terms) => crud.update(g.id, { terms })} onDelete={() => crud.remove(g.id, t('confirmDelete', { terms: g.terms.join(', ') }))} />
        </li>
      )}
    </CrudList>
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
    <RowForm
      editing={!!group}
      className={own.row}
      testId={group ? 'synonym-row' : 'synonym-add'}
      onSubmit={submit}
      actions={{ busy, unchanged: text === start, labels: { save: t('save'), add: t('add'), delete: t('delete'), deleteLabel: group ? t('deleteLabel', { terms: group.terms.join(', ') }) : '' }, onDelete }}
      error={{ id: errorId, text: error }}
    >
      <label className={styles.field} htmlFor={`${id}-t`}>
        <span className={group ? styles.rowLabel : undefined}>{t('terms')}</span>
        <input id={`${id}-t`} value={text} maxLength={400} placeholder={t('placeholder')} onChange={(e) => setText(e.target.value)} {...invalidProps} />
      </label>
    </RowForm>
  );
}
