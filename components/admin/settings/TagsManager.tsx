'use client';

/**
 * Footer search tags (categories:write): create, rename (name and shop path) and delete. The API
 * revalidates the storefront's footer (`tags`).
 */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffTag } from '@/lib/admin/settings-types';
import { STORE_PATH } from './CarouselManager';
import styles from './settings.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CrudList, RowForm, useCrudWrites } from '../ui/crud';
import { useFieldError } from '../ui/field-error';

export function TagsManager({ items }: { items: StaffTag[] }) {
  const t = useTranslations('adminSettings.client.tags');
  const crud = useCrudWrites<{ name: string; url: string }>({ collection: staffApiPaths.tags, item: staffApiPaths.tag, saved: t('saved'), deleted: t('deleted') });

  return (
    <CrudList
      items={items}
      empty={t('empty')}
      testId="tags-list"
      head={
        <li className={styles.tagHead} aria-hidden="true">
          <span>{t('name')}</span>
          <span>{t('url')}</span>
        </li>
      }
      add={<TagRow busy={crud.busy} onSave={crud.create} />}
    >
      {(tag) => (
        <li key={`${tag.id}-${tag.name}-${tag.url}`}>
          <TagRow tag={tag} busy={crud.busy} onSave={(body) => crud.update(tag.id, body)} onDelete={() => crud.remove(tag.id, t('confirmDelete', { name: tag.name }))} />
        </li>
      )}
    </CrudList>
  );
}

/** One tag's fields (editing `tag`), or the empty "add a tag" row without it. */
function TagRow({
  tag,
  busy,
  onSave,
  onDelete,
}: {
  tag?: StaffTag;
  busy: boolean;
  onSave: (body: { name: string; url: string }) => Promise<boolean>;
  onDelete?: () => void;
}) {
  const t = useTranslations('adminSettings.client.tags');
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const [name, setName] = useState(tag?.name ?? '');
  const [url, setUrl] = useState(tag?.url ?? '');
  const changed = name !== (tag?.name ?? '') || url !== (tag?.url ?? '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { name: name.trim(), url: url.trim() };
    if (!body.name || body.name.length > 60 || !STORE_PATH.test(body.url)) {
      setError(t('invalid'));
      return;
    }
    setError(null);
    if ((await onSave(body)) && !tag) {
      setName('');
      setUrl('');
    }
  };

  return (
    <RowForm
      editing={!!tag}
      className={styles.row}
      testId={tag ? 'tag-row' : 'tag-add'}
      onSubmit={submit}
      actions={{ busy, unchanged: !changed, labels: { save: t('save'), add: t('add'), delete: t('delete'), deleteLabel: tag ? t('deleteLabel', { name: tag.name }) : '' }, onDelete }}
      error={{ id: errorId, text: error }}
    >
      <label className={styles.field} htmlFor={`${id}-n`}>
        <span className={tag ? styles.rowLabel : undefined}>{t('name')}</span>
        <input id={`${id}-n`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} {...invalidProps} />
      </label>
      <label className={styles.field} htmlFor={`${id}-u`}>
        <span className={tag ? styles.rowLabel : undefined}>{t('url')}</span>
        <input id={`${id}-u`} value={url} maxLength={300} placeholder="/products?query=…" onChange={(e) => setUrl(e.target.value)} aria-invalid={invalidProps['aria-invalid']} />
      </label>
    </RowForm>
  );
}
