'use client';

/**
 * "Cerrar sesión" (spec §2 Mobile menu: a log-out item that shows 'Cerraste sesion correctamente').
 * Clears the token cookie and the session keys (SessionProvider.logout; the guest cart stays) and goes
 * to the home page (spec §5: logged out → everything cleared, the user goes to /).
 */
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useSession } from '@/lib/session/SessionProvider';

export function LogoutButton({
  className,
  icon,
  onDone,
  testId = 'logout',
}: {
  className?: string;
  icon?: ReactNode;
  onDone?: () => void;
  testId?: string;
}) {
  const t = useTranslations('common.nav');
  const { status, logout } = useSession();
  const router = useRouter();
  if (status !== 'authenticated') return null;
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      onClick={() => {
        logout();
        onDone?.();
        router.replace('/');
      }}
    >
      {icon}
      <span>{t('logout')}</span>
    </button>
  );
}
