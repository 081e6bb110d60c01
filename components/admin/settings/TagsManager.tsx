'use client';

/**
 * Footer search tags (categories:write): create, rename (name and shop path) and delete. The API
 * revalidates the storefront's footer (`tags`).
 */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffTag } from '@/lib/admin/settings-types';
import { publicRequest } from '@/lib/api/public';
import { STORE_PATH } from './CarouselManager';
import styles from './settings.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { CrudList, RowActions, confirmThen } from '../ui/crud';
import { FieldError, useFieldError } from '../ui/field-error';

export function TagsManager({ items }: { items: StaffTag[] }) {
  const t = useTranslations('adminSettings.client');
  const { busy, run } = useApiAction();

  return (
    <div className={styles.section}>
      <CrudList
        items={items}
        empty={t('tags.empty')}
        testId="tags-list"
        head={
          <li className={styles.tagHead} aria-hidden="true">
            <span>{t('tags.name')}</span>
            <span>{t('tags.url')}</span>
          </li>
        }
        add={<TagRow busy={busy} onSave={(body) => run(() => publicRequest(staffApiPaths.tags, { method: 'POST', body }), t('tags.saved'))} />}
      >
        {(tag) => (
          <li key={`${tag.id}-${tag.name}-${tag.url}`}>
            <TagRow
              tag={tag}
              busy={busy}
              onSave={(body) => run(() => publicRequest(staffApiPaths.tag(tag.id), { method: 'PATCH', body }), t('tags.saved'))}
              onDelete={() => confirmThen(t('tags.confirmDelete', { name: tag.name }), () => run(() => publicRequest(staffApiPaths.tag(tag.id), { method: 'DELETE' }), t('tags.deleted')))}
            />
          </li>
        )}
      </CrudList>
    </div>
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
    <form className={tag ? styles.row : `${styles.row} ${styles.addRow}`} onSubmit={(e) => void submit(e)} noValidate data-testid={tag ? 'tag-row' : 'tag-add'}>
      <label className={styles.field} htmlFor={`${id}-n`}>
        <span className={tag ? styles.rowLabel : undefined}>{t('name')}</span>
        <input id={`${id}-n`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} {...invalidProps} />
      </label>
      <label className={styles.field} htmlFor={`${id}-u`}>
        <span className={tag ? styles.rowLabel : undefined}>{t('url')}</span>
        <input id={`${id}-u`} value={url} maxLength={300} placeholder="/products?query=…" onChange={(e) => setUrl(e.target.value)} aria-invalid={invalidProps['aria-invalid']} />
      </label>
      <RowActions
        editing={!!tag}
        busy={busy}
        unchanged={!changed}
        labels={{ save: t('save'), add: t('add'), delete: t('delete'), deleteLabel: tag ? t('deleteLabel', { name: tag.name }) : '' }}
        onDelete={onDelete}
      />
      <FieldError id={errorId} error={error} className={styles.error} />
    </form>
  );
}
