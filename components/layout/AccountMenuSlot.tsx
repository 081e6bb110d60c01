'use client';

/**
 * Where the top bar mounts the signed-in account menu: nothing for guests (and while the startup session
 * check runs); the menu's code loads only once the session check says signed in (issue 25).
 */
import dynamic from 'next/dynamic';
import { useSession } from '@/lib/session/SessionProvider';

const AccountMenu = dynamic(() => import('./AccountMenu').then((m) => m.AccountMenu), { ssr: false });

export function AccountMenuSlot({ className }: { className?: string }) {
  const { status } = useSession();
  if (status !== 'authenticated') return null;
  return <AccountMenu className={className} />;
}
