'use client';

import { useSyncExternalStore } from 'react';
import {
  dismissToast,
  getServerShopToasts,
  getShopToasts,
  subscribeShopToasts,
  toast,
} from '@/lib/toast/shop-toasts';

/**
 * `{ toasts, toast({ title, description, variant, duration? }), dismiss(id?) }` — the second toast
 * system. Kept apart from ShopToaster.tsx so that calling it does not pull Radix into a page's bundle.
 */
export function useToast() {
  const toasts = useSyncExternalStore(subscribeShopToasts, getShopToasts, getServerShopToasts);
  return { toasts, toast, dismiss: dismissToast };
}
