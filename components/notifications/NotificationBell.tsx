'use client';

/**
 * The notification bell of the top bar (spec §2 Notification popup, §4 "Notifications from the server",
 * §7). Signed-in only (mounted by NotificationBellSlot). The badge counts unseen notifications plus
 * unread chat messages. The popup (500 px wide on large screens) shows the unread-messages banner linking
 * to /orders, then each notification: title, date (dd-mm-yy/hh:mm), description, 'Marcar como visto'
 * and 'Ir'.
 *
 * Reads through swr (lib/api/swr.ts), checked by notifications-data's readers (no zod on the public pages):
 * both are read again when the tab comes back and after a reconnection of the socket. Live: `newNotification { notificationId }` fetches it and puts it on top of the
 * cached list (and shows a browser notification when the visitor granted permission — asked only from the
 * button in the popup, never on load); `newMessageCount` adds one unread message; the order chat lowers the
 * count in the same cache when it marks messages read.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTimeZone, useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { apiPaths } from '@/lib/api/paths';
import { usePublicApi } from '@/lib/api/public';
import { fetchRead, useApiRead } from '@/lib/api/swr';
import { useRealtime } from '@/lib/socket/useRealtime';
import { BellIcon } from '@/components/ui/icons';
import { useDismissable } from '@/components/ui/useDismissable';
import {
  browserPermission,
  formatNotificationDate,
  markNotificationSeen,
  prependNotification,
  readNotification,
  readNotifications,
  safeSitePath,
  showSystemNotification,
  type BrowserPermission,
} from './notifications-data';
import styles from './NotificationBell.module.css';

/** The unread chat messages: a count (a malformed one reads as 0, as before). */
const unreadCount = (data: unknown) => Math.max(0, Number(data) || 0);

export function NotificationBell() {
  const t = useTranslations('notifications');
  const timeZone = useTimeZone();
  const { handleError } = usePublicApi();
  const router = useRouter();
  const realtime = useRealtime();
  // closes on Escape and on a click outside
  const { open, setOpen, rootRef, trigger } = useDismissable();
  const [permission, setPermission] = useState<BrowserPermission>('unsupported');
  const [busy, setBusy] = useState<number | null>(null);
  const popupId = useId();
  const titleId = useId();

  // a 401 that survived the token renewal ends the session (spec §8); other failures only say so in the popup
  const onListError = useCallback((error: unknown) => {
    if ((error as { status?: number }).status === 401) handleError(error);
  }, [handleError]);
  const list = useApiRead(apiPaths.notifications, readNotifications, { onError: onListError });
  // the banner keeps its last count on a failure
  const unreadRead = useApiRead(apiPaths.unreadMessages, unreadCount);
  const items = list.data ?? (list.error ? [] : null);
  const failed = Boolean(list.error);
  const unread = unreadRead.data ?? 0;
  const { mutate: mutateList } = list;
  const { mutate: mutateUnread } = unreadRead;

  // live updates
  useEffect(() => {
    if (!realtime) return;
    let connects = 0;
    const offConnect = realtime.on('connect', () => {
      // after a reconnection, catch up with what was missed while offline
      connects += 1;
      if (connects > 1) {
        void mutateList();
        void mutateUnread();
      }
    });
    const offNotification = realtime.on('newNotification', (payload?: { notificationId?: unknown }) => {
      const id = Number(payload?.notificationId);
      if (!Number.isSafeInteger(id) || id <= 0) return;
      fetchRead(apiPaths.notification(id), readNotification)
        .then((n) => {
          void mutateList((prev) => prependNotification(prev ?? [], n), { revalidate: false });
          showSystemNotification(n, (path) => router.push(path));
        })
        .catch(() => {
          /* marked elsewhere or gone */
        });
    });
    const offCount = realtime.on('newMessageCount', () => void mutateUnread((n) => (n ?? 0) + 1, { revalidate: false }));
    return () => {
      offConnect();
      offNotification();
      offCount();
    };
  }, [realtime, mutateList, mutateUnread, router]);

  const toggle = () => {
    setPermission(browserPermission());
    setOpen((o) => !o);
  };

  const mark = async (id: number) => {
    setBusy(id);
    try {
      await markNotificationSeen(id);
      await mutateList((prev) => (prev ?? []).filter((n) => n.id !== id), { revalidate: false });
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const askPermission = async () => {
    if (browserPermission() !== 'default') return;
    try {
      setPermission(await window.Notification.requestPermission());
    } catch {
      setPermission(browserPermission());
    }
  };

  const count = (items?.length ?? 0) + unread;
  const label = count > 0 ? t('bell.labelCount', { count }) : t('bell.label');

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        type="button"
        className={styles.bell}
        aria-label={label}
        {...trigger}
        aria-controls={open ? popupId : undefined}
        onClick={toggle}
        data-loaded={items !== null || undefined}
        data-testid="notification-bell"
      >
        <BellIcon />
        {count > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>

      {open ? (
        <div id={popupId} className={styles.popup} role="dialog" aria-labelledby={titleId} data-testid="notification-popup">
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {t('bell.title')}
            </h2>
            <button type="button" className={styles.close} aria-label={t('bell.close')} onClick={() => setOpen(false)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>

          <Link href="/orders" className={styles.banner} onClick={() => setOpen(false)} data-testid="unread-messages">
            {unread > 0 ? t('messages.unread', { count: unread }) : t('messages.none')}
          </Link>

          {permission === 'default' ? (
            <button type="button" className={styles.permission} onClick={askPermission}>
              {t('browser.enable')}
            </button>
          ) : permission === 'denied' ? (
            <p className={styles.muted}>{t('browser.denied')}</p>
          ) : null}

          {items === null ? (
            <p className={styles.muted} role="status">
              {t('list.loading')}
            </p>
          ) : items.length === 0 ? (
            <p className={styles.muted}>{failed ? t('list.error') : t('list.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {items.map((n) => {
                const path = safeSitePath(n.url);
                return (
                  <li key={n.id} className={styles.item} data-testid="notification-item">
                    <div className={styles.itemHead}>
                      <h3 className={styles.itemTitle}>{n.title}</h3>
                      <time className={styles.date} dateTime={n.createdAt}>
                        {formatNotificationDate(n.createdAt, timeZone)}
                      </time>
                    </div>
                    {n.description ? <p className={styles.description}>{n.description}</p> : null}
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.mark}
                        onClick={() => void mark(n.id)}
                        disabled={busy === n.id}
                        aria-label={t('list.markSeenLabel', { title: n.title })}
                      >
                        {t('list.markSeen')}
                      </button>
                      {path ? (
                        <Link href={path} className={styles.go} onClick={() => setOpen(false)} aria-label={t('list.goLabel', { title: n.title })}>
                          {t('list.go')}
                        </Link>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
