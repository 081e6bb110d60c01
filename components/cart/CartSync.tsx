'use client';

/**
 * <CartSync> — mounted once in the root layout; renders nothing. For a signed-in customer it loads
 * ./server-sync (a separate chunk: guests and the first paint never download it) and keeps this device's cart
 * in step with the saved one (issue 23 §4); on sign-in it shows the merge toast. On an explicit sign-out it
 * empties this device's copy (the saved cart stays in the account).
 */
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { notify } from '@/lib/toast/emitter';
import { useSession } from '@/lib/session/SessionProvider';

export function CartSync() {
  const { status, user, isVip, apiUrl, endedByLogout } = useSession();
  const t = useTranslations('account.cartSync');
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  const signedIn = useRef(false);

  useEffect(() => {
    if (userId === null) return;
    signedIn.current = true;
    let live = true;
    let stop: (() => void) | null = null;
    void import('./server-sync').then(({ startCartSync }) => {
      if (!live) return;
      stop = startCartSync({
        apiUrl,
        userId,
        isVip,
        onSignInMerge: (s) =>
          notify('SUCCESS', !s.fromDevice ? t('restored', { lines: s.lines }) : s.fromAccount ? t('merged', { lines: s.lines }) : t('saved'), 8),
      }).stop;
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [userId, isVip, apiUrl, t]);

  useEffect(() => {
    if (status !== 'anonymous' || !endedByLogout || !signedIn.current) return;
    signedIn.current = false;
    void import('./server-sync').then(({ clearDeviceCart }) => clearDeviceCart());
  }, [status, endedByLogout]);

  return null;
}
