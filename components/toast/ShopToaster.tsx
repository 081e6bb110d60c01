'use client';

import * as Toast from '@radix-ui/react-toast';
import { useTranslations } from 'next-intl';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  dismissToast,
  type ShopToast,
} from '@/lib/toast/shop-toasts';
import { useToast } from './use-toast';
import styles from './toast.module.css';

/**
 * Radix toast provider + viewport for the quantity and shop messages (spec §4, second system).
 * Loaded lazily by <ToastArea /> with the first toast; do not import it from feature code.
 */
export function ShopToaster() {
  const t = useTranslations('toast');
  const { toasts } = useToast();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={t('notification')}
    >
      {toasts.map((item) => (
        <ShopToastItem key={item.id} item={item} closeLabel={t('close')} />
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        label={t('viewportLabel', { hotkey: TOAST_HOTKEY.join('+') })}
        className={styles.viewport}
      />
    </Toast.Provider>
  );
}

const URGENT = new Set(['destructive', 'error', 'warning']);

function ShopToastItem({ item, closeLabel }: { item: ShopToast; closeLabel: string }) {
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      duration={item.duration}
      type={URGENT.has(item.variant) ? 'foreground' : 'background'}
      className={`${styles.toast} ${styles[item.variant]}`}
      data-variant={item.variant}
    >
      <div className={styles.body}>
        {item.title ? <Toast.Title className={styles.title}>{item.title}</Toast.Title> : null}
        {item.description ? <Toast.Description className={styles.text}>{item.description}</Toast.Description> : null}
      </div>
      <Toast.Close className={styles.close} aria-label={closeLabel}>
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}
