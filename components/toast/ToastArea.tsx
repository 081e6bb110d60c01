'use client';

import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { onNotifyQueued } from '@/lib/toast/emitter';
import { onShopToast } from '@/lib/toast/shop-toast-signal';
import { LiveRegions } from './LiveRegions';

// Neither toast system costs a page load (issue 25): each loads with its first message. Radix Toast is ~4/5
// of this folder's JS; the in-app messages' provider waits in lib/toast/emitter's queue until it is here.
const loadShopToaster = () => import('./ShopToaster');
const ShopToaster = lazy(() => loadShopToaster().then((m) => ({ default: m.ShopToaster })));
const loadMessages = () => import('./MessagesProvider');
const MessagesProvider = lazy(() => loadMessages().then((m) => ({ default: m.MessagesProvider })));

/** Mounts `children` from the first time `subscribe` calls back; once mounted it stays (exit animations, F8, swipe). */
function MountOnFirst({ subscribe, children }: { subscribe: (cb: () => void) => () => void; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => subscribe(() => setMounted(true)), [subscribe]);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The toast area (spec §2: bottom right; bottom centre, full width, above the mobile bottom bar on
 * phones). Mounts both toast systems; place it once in the root layout, inside NextIntlClientProvider.
 */
export function ToastArea() {
  // The in-app messages' live regions are in the page from the start (announcements need them there before
  // a message); the provider, when it loads, renders its messages into them.
  const [status, setStatus] = useState<HTMLDivElement | null>(null);
  const [alert, setAlert] = useState<HTMLDivElement | null>(null);
  // Toasts answer user actions: start fetching both chunks at the first interaction, so they are usually
  // there before the first message (cart debounce + API call). Page load itself pays nothing.
  useEffect(() => {
    const warm = () => {
      void loadShopToaster().catch(() => {});
      void loadMessages().catch(() => {});
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

  return (
    <div className="toast-area">
      <LiveRegions statusRef={setStatus} alertRef={setAlert} />
      {status && alert ? (
        <MountOnFirst subscribe={onNotifyQueued}>
          <MessagesProvider regions={{ status, alert }} />
        </MountOnFirst>
      ) : null}
      <MountOnFirst subscribe={onShopToast}>
        <ShopToaster />
      </MountOnFirst>
    </div>
  );
}
