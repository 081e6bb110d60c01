'use client';

/**
 * Keeps a server-rendered page current without a reload: on the realtime events that say its data
 * changed it calls router.refresh() (debounced, so a burst of events costs one refresh), and once more
 * after a reconnection to catch up with what was missed. Client state (drafts, the chat) survives a
 * refresh.
 *
 * - The staff board listens to `orderChanged` and `newMessageCount` from the `Staff` room (every order).
 * - An order page passes `orderId`: only that order's events count, and it joins `Order-{id}` so the
 *   customer (who is not in the Staff room) hears staff changes.
 *
 * With `labels` it shows a small live / offline indicator.
 */
import { useEffect, useReducer, useRef } from 'react';
import { useRouter } from '@/i18n/navigation';
import { useRealtime } from '@/lib/socket/useRealtime';
import styles from './LiveRefresh.module.css';

const LIVE_EVENTS = ['orderChanged', 'newMessageCount'] as const;
/** Events within this window share one refresh. */
export const REFRESH_DEBOUNCE_MS = 250;

export interface LiveRefreshProps {
  orderId?: number;
  labels?: { live: string; offline: string };
}

export function LiveRefresh({ orderId, labels }: LiveRefreshProps) {
  const router = useRouter();
  const realtime = useRealtime();
  // re-render on connect / disconnect; the socket itself says whether it is connected
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // the subscription must not restart when the router object changes identity
  const routerRef = useRef(router);
  useEffect(() => {
    routerRef.current = router;
  }, [router]);

  useEffect(() => {
    if (!realtime) return;
    const refresh = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        routerRef.current.refresh();
      }, REFRESH_DEBOUNCE_MS);
    };
    const room = orderId ? `Order-${orderId}` : null;
    if (room) void realtime.joinRoom(room);
    let connects = realtime.socket.connected ? 1 : 0;
    const offs = [
      realtime.on('connect', () => {
        rerender();
        connects += 1;
        if (connects > 1) refresh();
      }),
      realtime.on('disconnect', rerender),
      ...LIVE_EVENTS.map((event) =>
        realtime.on(event, (payload?: { orderId?: unknown }) => {
          if (orderId && Number(payload?.orderId) !== orderId) return;
          refresh();
        }),
      ),
    ];
    return () => {
      for (const off of offs) off();
      if (timer.current) clearTimeout(timer.current);
      if (room) realtime.leaveRoom(room);
    };
  }, [realtime, orderId]);

  if (!labels) return null;
  const live = Boolean(realtime?.socket.connected);
  return (
    <span className={styles.live} data-live={live} data-testid="live-indicator" role="status">
      <span className={styles.dot} aria-hidden="true" />
      {live ? labels.live : labels.offline}
    </span>
  );
}

