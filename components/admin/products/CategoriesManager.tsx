'use client';

/**
 * The categories page's island: create (name; the address comes from it), rename, move up / down (saves
 * the whole order), image (JPG/PNG/WEBP → WebP by the API) and delete — offered only for an empty category,
 * and the API refuses it otherwise. Each action saves at once and shows a toast with the outcome.
 */
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import type { StaffCategory } from '@/lib/admin/categories';
import { imageSrc } from '@/components/ui/image-src';
import { useMessages } from '@/components/toast/MessagesProvider';
import { useApiAction } from '@/components/ui/useApiAction';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { MoveButtons, moved } from '../ui/crud';
import { ItemList } from '../ui/list';
import { imageBody } from '../ui/upload';

export function CategoriesManager({ initial }: { initial: StaffCategory[] }) {
  const t = useTranslations('adminProducts.categories.client');
  const { notify } = useMessages();
  const id = useId();
  const [list, setList] = useState(initial);
  const [names, setNames] = useState<Record<number, string>>(() => Object.fromEntries(initial.map((c) => [c.id, c.name])));
  const [newName, setNewName] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const { busy, run } = useApiAction();
  const replace = (c: StaffCategory) => {
    setList((l) => l.map((x) => (x.id === c.id ? c : x)));
    setNames((n) => ({ ...n, [c.id]: c.name }));
  };

  const create = () => {
    const name = newName.trim();
    if (!name) {
      notify('ERROR', t('nameRequired'));
      return;
    }
    void run(
      async () => {
        const c = await publicRequest<StaffCategory>(staffApiPaths.categories, { method: 'POST', body: { name } });
        setList((l) => [...l, c]);
        setNames((n) => ({ ...n, [c.id]: c.name }));
        setNewName('');
      },
      t('created'),
    );
  };
  const rename = (c: StaffCategory) => {
    const name = (names[c.id] ?? '').trim();
    if (!name) {
      notify('ERROR', t('nameRequired'));
      return;
    }
    void run(async () => replace(await publicRequest<StaffCategory>(staffApiPaths.category(c.id), { method: 'PATCH', body: { name } })), t('saved'));
  };
  const move = (from: number, to: number) => {
    const ids = moved(list.map((c) => c.id), from, to);
    void run(async () => setList(await publicRequest<StaffCategory[]>(staffApiPaths.categoriesOrder, { method: 'PUT', body: { ids } })), t('reordered'));
  };
  const upload = (c: StaffCategory, file: File | undefined) => {
    const body = file ? imageBody(file, () => notify('ERROR', t('tooLarge'))) : null;
    if (!body) return;
    void run(async () => replace(await publicRequest<StaffCategory>(staffApiPaths.categoryImage(c.id), { method: 'POST', body })), t('imageSaved'));
  };
  const remove = (c: StaffCategory) =>
    void run(
      async () => {
        await publicRequest(staffApiPaths.category(c.id), { method: 'DELETE' });
        setList((l) => l.filter((x) => x.id !== c.id));
        setConfirmDelete(null);
      },
      t('deleted'),
    );

  return (
    <div className={styles.editor} aria-busy={busy}>
      <form
        className={`${styles.card} ${styles.inlineForm}`}
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
        data-testid="category-create"
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-new`}>{t('newName')}</label>
          <input id={`${id}-new`} value={newName} maxLength={100} onChange={(e) => setNewName(e.target.value)} data-testid="category-new-name" />
        </div>
        <button type="submit" className={styles.saveButton} disabled={busy} data-testid="category-create-submit">
          + {t('create')}
        </button>
      </form>

      <ItemList items={list} empty={t('empty')} className={styles.catRows} ordered testId="category-list">
        {(c, i) => {
          const src = imageSrc(c.image);
          const fid = `${id}-c${c.id}`;
          const empty = c.productCount === 0;
          return (
            <li key={c.id} className={styles.catRow} data-testid="category-row" data-slug={c.slug}>
              {src ? <img className={styles.catThumb} src={`${src}?w=160`} alt="" width={64} height={64} data-testid="category-image" /> : <span className={styles.catThumb} aria-hidden="true" />}
              <div className={styles.catFields}>
                <div className={styles.row}>
                  <div className={`${styles.field} ${styles.grow}`}>
                    <label htmlFor={`${fid}-name`}>{t('name')}</label>
                    <input id={`${fid}-name`} value={names[c.id] ?? ''} maxLength={100} onChange={(e) => setNames((n) => ({ ...n, [c.id]: e.target.value }))} />
                  </div>
                  <button type="button" className={styles.ghostButton} disabled={busy || (names[c.id] ?? '').trim() === c.name} onClick={() => rename(c)}>
                    {t('rename')}
                  </button>
                </div>
                <span className={styles.sku}>
                  /{c.slug} · {t('products', { count: c.productCount, visible: c.visibleCount })}
                </span>
                <label className={`${styles.ghostButton} ${styles.catImage}`}>
                  {c.image ? t('changeImage') : t('addImage')}
                  <input type="file" accept="image/jpeg,image/png,image/webp" className="visually-hidden" onChange={(e) => upload(c, e.target.files?.[0])} disabled={busy} data-testid="category-image-input" />
                </label>
              </div>
              <div className={styles.catButtons}>
                <MoveButtons index={i} count={list.length} busy={busy} labels={{ earlier: t('moveUp', { name: c.name }), later: t('moveDown', { name: c.name }) }} className={styles.iconButton} onMove={(to) => move(i, to)} />
                {confirmDelete === c.id ? (
                  <span className={styles.confirm} role="alertdialog" aria-label={t('confirmDelete', { name: c.name })}>
                    <span>{t('confirmDelete', { name: c.name })}</span>
                    <button type="button" className={styles.dangerButton} disabled={busy} onClick={() => remove(c)}>
                      {t('delete')}
                    </button>
                    <button type="button" className={styles.ghostButton} onClick={() => setConfirmDelete(null)}>
                      {t('cancel')}
                    </button>
                  </span>
                ) : (
                  <button type="button" className={styles.ghostButton} disabled={busy || !empty} title={empty ? undefined : t('notEmpty')} onClick={() => setConfirmDelete(c.id)}>
                    {t('delete')}
                  </button>
                )}
              </div>
            </li>
          );
        }}
      </ItemList>
    </div>
  );
}
