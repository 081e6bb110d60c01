'use client';

/**
 * Home carousel images (categories:write): upload (JPG/PNG/WebP ≤ 10 MB; the API checks the content and
 * stores a 1600×600 WebP), edit alt text and link, move up/down (PUT …/carousel/order with every id) and
 * delete. Each change is saved at once; the API revalidates the storefront's home.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffCarouselImage } from '@/lib/admin/settings-types';
import { publicRequest } from '@/lib/api/public';
import { checkUploadFile } from '@/lib/orders/documents';
import { imageSrc } from '@/components/ui/image-src';
import { clearPicked, pickedFile } from '@/components/ui/FilePicker';
import base from '../admin.module.css';
import styles from './settings.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CrudList, MoveButtons, moved, useCrudWrites } from '../ui/crud';
import { FieldError, useFieldError } from '../ui/field-error';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Same rule as the API: a shop path, one leading slash, no spaces. */
export const STORE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export function CarouselManager({ items }: { items: StaffCarouselImage[] }) {
  const t = useTranslations('adminSettings.client');
  const crud = useCrudWrites<{ alt: string; link: string | null }>({
    collection: staffApiPaths.carousel,
    item: staffApiPaths.carouselItem,
    saved: t('saved'),
    created: t('carousel.uploaded'),
    deleted: t('carousel.deleted'),
  });
  const { busy } = crud;

  const move = (from: number, to: number) => {
    const ids = moved(items.map((i) => i.id), from, to);
    void crud.run(() => publicRequest(staffApiPaths.carouselOrder, { method: 'PUT', body: { ids } }), t('carousel.reordered'));
  };

  return (
    <CrudList items={items} empty={t('carousel.empty')} testId="carousel-list" ordered add={<UploadForm busy={busy} onUpload={crud.create} />}>
      {(item, i) => (
        <li key={`${item.id}-${item.alt}-${item.link ?? ''}`} className={styles.slide} data-testid="carousel-item" data-id={item.id}>
          <img className={styles.thumb} src={imageSrc(item.url) ?? ''} alt={item.alt || t('carousel.image', { n: i + 1 })} loading="lazy" width={192} height={72} />
          <SlideFields item={item} busy={busy} onSave={(body) => crud.update(item.id, body)} />
          <div className={styles.tools}>
            <MoveButtons index={i} count={items.length} busy={busy} labels={{ earlier: t('carousel.moveUp', { n: i + 1 }), later: t('carousel.moveDown', { n: i + 1 }) }} className={styles.iconButton} onMove={(to) => move(i, to)} />
            <button type="button" className={base.dangerButton} onClick={() => crud.remove(item.id, t('carousel.confirmDelete'))} disabled={busy} aria-label={t('carousel.deleteLabel', { n: i + 1 })}>
              {t('carousel.delete')}
            </button>
          </div>
        </li>
      )}
    </CrudList>
  );
}

function SlideFields({ item, busy, onSave }: { item: StaffCarouselImage; busy: boolean; onSave: (body: { alt: string; link: string | null }) => Promise<boolean> }) {
  const t = useTranslations('adminSettings.client');
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const [alt, setAlt] = useState(item.alt);
  const [link, setLink] = useState(item.link ?? '');
  const changed = alt !== item.alt || link !== (item.link ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = link.trim();
    if (trimmed && !STORE_PATH.test(trimmed)) {
      setError(t('carousel.badLink'));
      return;
    }
    setError(null);
    void onSave({ alt: alt.trim(), link: trimmed || null });
  };

  return (
    <form className={styles.fields} onSubmit={submit} noValidate>
      <AltLinkFields id={id} alt={alt} onAlt={setAlt} link={link} onLink={setLink} linkProps={invalidProps} />
      <button type="submit" className={styles.toggle} disabled={busy || !changed}>
        {t('tags.save')}
      </button>
      <FieldError id={errorId} error={error} className={styles.error} />
    </form>
  );
}

function UploadForm({ busy, onUpload }: { busy: boolean; onUpload: (form: FormData) => Promise<boolean> }) {
  const t = useTranslations('adminSettings.client');
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [link, setLink] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = pickedFile(fileRef);
    const problem = checkUploadFile(file, IMAGE_TYPES);
    if (problem) {
      setError(t(`carousel.${problem}`));
      return;
    }
    const trimmed = link.trim();
    if (trimmed && !STORE_PATH.test(trimmed)) {
      setError(t('carousel.badLink'));
      return;
    }
    setError(null);
    const form = new FormData();
    form.append('alt', alt.trim());
    if (trimmed) form.append('link', trimmed);
    form.append('image', file!, file!.name);
    if (await onUpload(form)) {
      setAlt('');
      setLink('');
      clearPicked(fileRef);
    }
  };

  return (
    <form className={styles.addForm} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-t`} data-testid="carousel-upload">
      <h3 id={`${id}-t`} className={styles.formTitle}>
        {t('carousel.add')}
      </h3>
      <label className={styles.field} htmlFor={`${id}-f`}>
        <span>{t('carousel.file')}</span>
        <input
          ref={fileRef}
          id={`${id}-f`}
          type="file"
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          {...invalidProps}
        />
      </label>
      <AltLinkFields id={id} alt={alt} onAlt={setAlt} link={link} onLink={setLink} />
      <button type="submit" className={base.primaryButton} disabled={busy}>
        {busy ? t('working') : t('carousel.upload')}
      </button>
      <FieldError id={errorId} error={error} className={styles.error} />
    </form>
  );
}

/** A slide's alt text and link fields (`linkProps`: the link's error attributes, where the form shows one). */
function AltLinkFields(props: {
  id: string;
  alt: string;
  onAlt: (v: string) => void;
  link: string;
  onLink: (v: string) => void;
  linkProps?: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}) {
  const t = useTranslations('adminSettings.client');
  const { id } = props;
  return (
    <>
      <label className={styles.field} htmlFor={`${id}-a`}>
        <span>{t('carousel.alt')}</span>
        <input id={`${id}-a`} value={props.alt} maxLength={200} onChange={(e) => props.onAlt(e.target.value)} />
      </label>
      <label className={styles.field} htmlFor={`${id}-l`}>
        <span>{t('carousel.link')}</span>
        <input id={`${id}-l`} value={props.link} maxLength={300} placeholder={t('carousel.linkHint')} onChange={(e) => props.onLink(e.target.value)} {...props.linkProps} />
      </label>
    </>
  );
}
