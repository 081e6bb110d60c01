'use client';

import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { getShopToasts, subscribeShopToasts } from '@/lib/toast/shop-toasts';
import { MessagesProvider } from './MessagesProvider';
import styles from './toast.module.css';

// Radix Toast is ~4/5 of this folder's JS: load it with the first shop toast, not with every page.
const loadShopToaster = () => import('./ShopToaster');
const ShopToaster = lazy(() => loadShopToaster().then((m) => ({ default: m.ShopToaster })));

const hasShopToasts = () => getShopToasts().length > 0;
const noShopToasts = () => false;

function LazyShopToaster() {
  const active = useSyncExternalStore(subscribeShopToasts, hasShopToasts, noShopToasts);
  const [mounted, setMounted] = useState(false);
  if (active && !mounted) setMounted(true); // once mounted it stays (exit animations, F8, swipe)

  // Toasts answer user actions: start fetching the chunk at the first interaction, so it is usually
  // there before the first toast (cart debounce + API call). Page load itself pays nothing.
  useEffect(() => {
    const warm = () => {
      void loadShopToaster().catch(() => {});
      window.removeEventListener('pointerdown', warm);
      window.removeEventListener('keydown', warm);
    };
    window.addEventListener('pointerdown', warm, { passive: true });
    window.addEventListener('keydown', warm);
    return () => {
      window.removeEventListener('pointerdown', warm);
      window.removeEventListener('keydown', warm);
    };
  }, []);

  return mounted ? (
    <Suspense fallback={null}>
      <ShopToaster />
    </Suspense>
  ) : null;
}

/**
 * The toast area (spec §2: bottom right; bottom centre, full width, above the mobile bottom bar on
 * phones). Mounts both toast systems; place it once in the root layout, inside NextIntlClientProvider.
 */
export function ToastArea() {
  return (
    <div className={styles.area}>
      <MessagesProvider />
      <LazyShopToaster />
    </div>
  );
}

