'use client';

/**
 * A product's images: upload (one file at a time, checked and converted to WebP by the API), move
 * earlier / later (the first is the main image) and remove. Each action saves at once and shows a toast.
 */
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { StaffProductDetail, StaffProductImage } from '@/lib/admin/products';
import { imageSrc } from '@/components/ui/image-src';
import { useMessages } from '@/components/toast/MessagesProvider';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

const MAX_IMAGES = 12;
const MAX_BYTES = 10 * 1024 * 1024;

export function ImageManager({ productId, name, initial }: { productId: number; name: string; initial: StaffProductImage[] }) {
  const t = useTranslations('adminProducts.client.images');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (label: string, call: () => Promise<StaffProductDetail>, done: string) => {
    setBusy(label);
    try {
      const saved = await call();
      setImages(saved.images);
      notify('SUCCESS', done);
      router.refresh();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      notify('ERROR', t('tooLarge'));
      return;
    }
    const body = new FormData();
    body.append('file', file);
    await run('upload', () => publicRequest(staffApiPaths.productImages(productId), { method: 'POST', body }), t('uploaded'));
    if (input.current) input.current.value = '';
  };

  const move = (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [x] = ids.splice(from, 1);
    ids.splice(to, 0, x!);
    void run(`move-${from}`, () => publicRequest(staffApiPaths.productImagesOrder(productId), { method: 'PUT', body: { ids } }), t('reordered'));
  };

  const remove = (image: StaffProductImage) => {
    if (!window.confirm(t('confirmRemove'))) return;
    void run(`rm-${image.id}`, () => publicRequest(staffApiPaths.productImage(productId, image.id), { method: 'DELETE' }), t('removed'));
  };

  const full = images.length >= MAX_IMAGES;
  return (
    <section className={styles.card} aria-labelledby={`${id}-t`} data-testid="image-manager" aria-busy={busy !== null}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-t`} className={styles.cardTitle}>
          {t('title')} <span className={styles.countTag}>{images.length}</span>
        </h2>
        <label className={styles.uploadButton} data-disabled={full || busy !== null || undefined}>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={styles.fileInput}
            disabled={full || busy !== null}
            onChange={(e) => void upload(e.target.files?.[0])}
            aria-describedby={`${id}-hint`}
            data-testid="image-input"
          />
          {busy === 'upload' ? t('uploading') : `↑ ${t('upload')}`}
        </label>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {full ? t('full', { max: MAX_IMAGES }) : t('hint')}
      </p>
      {images.length === 0 ? (
        <p className={styles.emptyImages}>{t('empty')}</p>
      ) : (
        <ol className={styles.thumbs}>
          {images.map((img, i) => {
            const src = imageSrc(img.url);
            return (
              <li key={img.id} className={styles.thumb} data-testid="product-image">
                {src ? (
                  <img src={`${src}?w=320`} alt={t('alt', { index: i + 1, name })} width={160} height={160} loading="lazy" />
                ) : null}
                {i === 0 ? <span className={styles.mainBadge}>{t('main')}</span> : null}
                <div className={styles.thumbActions}>
                  <button type="button" className={styles.iconButton} disabled={i === 0 || busy !== null} onClick={() => move(i, i - 1)} aria-label={t('left', { index: i + 1 })} title={t('left', { index: i + 1 })}>
                    ←
                  </button>
                  <button type="button" className={styles.iconButton} disabled={i === images.length - 1 || busy !== null} onClick={() => move(i, i + 1)} aria-label={t('right', { index: i + 1 })} title={t('right', { index: i + 1 })}>
                    →
                  </button>
                  <button type="button" className={`${styles.iconButton} ${styles.danger}`} disabled={busy !== null} onClick={() => remove(img)} aria-label={t('remove', { index: i + 1 })} title={t('remove', { index: i + 1 })}>
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
