'use client';

/**
 * Where the top bar mounts the bell: renders nothing for guests (and while the startup session check
 * runs), and loads the bell — and, through it, socket.io-client — only for signed-in visitors, so
 * anonymous pages ship none of that JavaScript.
 */
import dynamic from 'next/dynamic';
import { useSession } from '@/lib/session/SessionProvider';

const NotificationBell = dynamic(() => import('./NotificationBell').then((m) => m.NotificationBell), { ssr: false });

export function NotificationBellSlot() {
  const { status } = useSession();
  if (status !== 'authenticated') return null;
  return <NotificationBell />;
}
