/**
 * Notification data of the bell (spec §3 Notification, §7 "Notifications and messages"): wire types,
 * the popup's date format and the write the popup makes (its reads are swr's, in NotificationBell).
 */
import { useCallback } from 'react';
import { publicRequest } from '@/lib/api/public';
import { apiPaths } from '@/lib/api/paths';
import { useReadUpdater } from '@/lib/api/swr';
import type { ShopNotification } from '@/lib/contracts/notifications';

export type { ShopNotification } from '@/lib/contracts/notifications';

/**
 * Spec §2: day-month-2-digit year/hour:minute, e.g. "05-03-26/09:07", in `timeZone` (the shop's, from
 * next-intl) or the visitor's when omitted.
 */
export function formatNotificationDate(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(d);
  } catch {
    return formatNotificationDate(iso); // unknown time zone: the visitor's
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}-${get('month')}-${get('year')}/${get('hour')}:${get('minute')}`;
}

/** A site path safe for a link: only same-site absolute paths ("/order/12"); anything else → null. */
export function safeSitePath(url: string | null | undefined): string | null {
  if (!url || typeof url !== 'string') return null;
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return url;
}

/**
 * The bell's checks of an answer: notifications with an id and a title (anything else is left out). Not the zod
 * contract (lib/contracts/notifications.ts): the bell loads on every page of a signed-in visitor, and zod would
 * be 30 kB gzip more there.
 */
function isNotification(x: unknown): x is ShopNotification {
  const n = x as Partial<ShopNotification> | null;
  return typeof n === 'object' && n !== null && Number.isSafeInteger(n.id) && typeof n.title === 'string';
}

export function readNotifications(data: unknown): ShopNotification[] {
  if (!Array.isArray(data)) throw new TypeError('notifications: not a list');
  return data.filter(isNotification);
}

export function readNotification(data: unknown): ShopNotification {
  if (!isNotification(data)) throw new TypeError('notification: unexpected answer');
  return data;
}

/** For the order chat: what it marked read comes off the bell's unread-messages count (in swr's cache). */
export function useMessagesMarkedRead(): (marked: number) => void {
  const update = useReadUpdater();
  return useCallback((marked: number) => {
    if (marked > 0) update<number>(apiPaths.unreadMessages, (n) => Math.max(0, n - marked));
  }, [update]);
}

export const markNotificationSeen = (id: number) => publicRequest<unknown>(apiPaths.notificationSeen(id), { method: 'POST' });

/** Adds (or moves to the top) a notification, newest first, without duplicates. */
export function prependNotification(list: readonly ShopNotification[], n: ShopNotification): ShopNotification[] {
  return [n, ...list.filter((x) => x.id !== n.id)];
}

export type BrowserPermission = 'default' | 'granted' | 'denied' | 'unsupported';

export function browserPermission(): BrowserPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

/** A system notification (title, body; a click focuses the tab and opens `onOpen`). Never throws. */
export function showSystemNotification(n: ShopNotification, onOpen: (path: string) => void): void {
  if (browserPermission() !== 'granted') return;
  try {
    const shown = new window.Notification(n.title, { body: n.description, tag: `notification-${n.id}` });
    const path = safeSitePath(n.url);
    shown.onclick = () => {
      window.focus();
      if (path) onOpen(path);
      shown.close();
    };
  } catch {
    /* some mobile browsers only allow notifications from a service worker */
  }
}
