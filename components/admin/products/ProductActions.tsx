'use client';

/**
 * The product page's actions: duplicate (opens the hidden copy), archive / publish again (off the
 * storefront and its search, kept for the orders that have it) and delete (only a product never ordered:
 * otherwise the API answers 409 with its message, shown as a toast). Archive and delete ask first.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { StaffProductDetail } from '@/lib/admin/products';
import { useMessages } from '@/components/toast/MessagesProvider';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

type Confirming = 'archive' | 'delete' | null;

export function ProductActions({ productId, isVisible, isVariation, name }: { productId: number; isVisible: boolean; isVariation: boolean; name: string }) {
  const t = useTranslations('adminProducts.actions');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const duplicate = () =>
    run(async () => {
      const copy = await publicRequest<StaffProductDetail>(staffApiPaths.productDuplicate(productId), { method: 'POST' });
      notify('SUCCESS', t('duplicated'));
      router.push(`/admin/products/${copy.id}`);
    });
  const archive = (archived: boolean) =>
    run(async () => {
      await publicRequest<StaffProductDetail>(staffApiPaths.productArchive(productId), { method: 'POST', body: { archived } });
      notify('SUCCESS', archived ? t('archived') : t('restored'));
      router.refresh();
    });
  const remove = () =>
    run(async () => {
      await publicRequest(staffApiPaths.product(productId), { method: 'DELETE' });
      notify('SUCCESS', t('deleted'));
      router.push('/admin/products');
    });

  if (confirming) {
    return (
      <div className={styles.confirm} role="alertdialog" aria-label={confirming === 'archive' ? t('confirmArchive', { name }) : t('confirmDelete', { name })} data-testid="confirm-action">
        <span>{confirming === 'archive' ? t('confirmArchive', { name }) : t('confirmDelete', { name })}</span>
        <button type="button" className={styles.dangerButton} disabled={busy} onClick={() => void (confirming === 'archive' ? archive(true) : remove())} data-testid="confirm-yes">
          {confirming === 'archive' ? t('archive') : t('delete')}
        </button>
        <button type="button" className={styles.ghostButton} disabled={busy} onClick={() => setConfirming(null)}>
          {t('cancel')}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.actions} data-testid="product-actions">
      {isVariation ? null : (
        <button type="button" className={styles.ghostButton} disabled={busy} onClick={() => void duplicate()} data-testid="duplicate-product">
          {t('duplicate')}
        </button>
      )}
      {isVisible ? (
        <button type="button" className={styles.ghostButton} disabled={busy} onClick={() => setConfirming('archive')} data-testid="archive-product">
          {t('archive')}
        </button>
      ) : (
        <button type="button" className={styles.ghostButton} disabled={busy} onClick={() => void archive(false)} data-testid="restore-product">
          {t('restore')}
        </button>
      )}
      <button type="button" className={styles.ghostButton} disabled={busy} onClick={() => setConfirming('delete')} data-testid="delete-product">
        {t('delete')}
      </button>
    </div>
  );
}
