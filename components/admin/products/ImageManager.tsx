'use client';

/**
 * A product's images: upload (one file at a time, checked and converted to WebP by the API), move
 * earlier / later (the first is the main image) and remove. Each action saves at once and shows a toast.
 */
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import type { StaffProductDetail, StaffProductImage } from '@/lib/admin/products';
import { imageSrc } from '@/components/ui/image-src';
import { useMessages } from '@/components/toast/MessagesProvider';
import { useApiAction } from '@/components/ui/useApiAction';
import { clearPicked } from '@/components/ui/FilePicker';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { MoveButtons, moved } from '../ui/crud';
import { ItemList } from '../ui/list';
import { Panel } from '../ui/Panel';
import { imageBody } from '../ui/upload';
import { CARD } from './card';

const MAX_IMAGES = 12;

export function ImageManager({ productId, name, initial }: { productId: number; name: string; initial: StaffProductImage[] }) {
  const t = useTranslations('adminProducts.client.images');
  const { notify } = useMessages();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState(initial);
  // two actions, so the upload button can say "Subiendo…" while only a move or a removal runs elsewhere
  const uploading = useApiAction();
  const changing = useApiAction();
  const busy = uploading.busy || changing.busy;
  const save = (call: () => Promise<StaffProductDetail>) => async () => setImages((await call()).images);

  const upload = async (file: File | undefined) => {
    const body = file ? imageBody(file, () => notify('ERROR', t('tooLarge'))) : null;
    if (!body) return;
    await uploading.run(save(() => publicRequest(staffApiPaths.productImages(productId), { method: 'POST', body })), t('uploaded'));
    clearPicked(input);
  };

  const move = (from: number, to: number) => {
    const ids = moved(images.map((i) => i.id), from, to);
    void changing.run(save(() => publicRequest(staffApiPaths.productImagesOrder(productId), { method: 'PUT', body: { ids } })), t('reordered'));
  };

  const remove = (image: StaffProductImage) => {
    if (!window.confirm(t('confirmRemove'))) return;
    void changing.run(save(() => publicRequest(staffApiPaths.productImage(productId, image.id), { method: 'DELETE' })), t('removed'));
  };

  const full = images.length >= MAX_IMAGES;
  return (
    <Panel
      headingId={`${id}-t`}
      title={
        <>
          {t('title')} <span className={styles.countTag}>{images.length}</span>
        </>
      }
      look={CARD}
      testId="image-manager"
      busy={busy}
      actions={
        <label className={styles.uploadButton} data-disabled={full || busy || undefined}>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={styles.fileInput}
            disabled={full || busy}
            onChange={(e) => void upload(e.target.files?.[0])}
            aria-describedby={`${id}-hint`}
            data-testid="image-input"
          />
          {uploading.busy ? t('uploading') : `↑ ${t('upload')}`}
        </label>
      }
    >
      <p id={`${id}-hint`} className={styles.hint}>
        {full ? t('full', { max: MAX_IMAGES }) : t('hint')}
      </p>
      <ItemList items={images} empty={t('empty')} emptyClass={styles.emptyImages} className={styles.thumbs} ordered>
        {(img, i) => {
          const src = imageSrc(img.url);
          const [left, right] = [t('left', { index: i + 1 }), t('right', { index: i + 1 })];
          return (
            <li key={img.id} className={styles.thumb} data-testid="product-image">
              {src ? <img src={`${src}?w=320`} alt={t('alt', { index: i + 1, name })} width={160} height={160} loading="lazy" /> : null}
              {i === 0 ? <span className={styles.mainBadge}>{t('main')}</span> : null}
              <div className={styles.thumbActions}>
                <MoveButtons index={i} count={images.length} busy={busy} labels={{ earlier: left, later: right }} arrows={['←', '→']} className={styles.iconButton} onMove={(to) => move(i, to)} />
                <button type="button" className={`${styles.iconButton} ${styles.danger}`} disabled={busy} onClick={() => remove(img)} aria-label={t('remove', { index: i + 1 })} title={t('remove', { index: i + 1 })}>
                  ×
                </button>
              </div>
            </li>
          );
        }}
      </ItemList>
    </Panel>
  );
}
