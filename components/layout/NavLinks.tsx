'use client';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { ACCOUNT_PATHS, isCurrent, navItems } from './nav-items';
import { useIsStaff, useShellSession } from './session';

/**
 * The main links (Inicio, Productos, Nosotros, FAQ; plus Pedidos — Gestión for staff — and Perfil when signed in), with
 * aria-current on the current page. Renders <li> items for the caller's <ul>.
 */
export function NavLinks({ linkClassName, onNavigate }: { linkClassName?: string; onNavigate?: () => void }) {
  const t = useTranslations('common.nav');
  const pathname = usePathname();
  const session = useShellSession();
  const staff = useIsStaff();
  return (
    <>
      {navItems(session === 'user', staff).map((item) => (
        <li key={item.key}>
          <Link
            href={item.href}
            className={linkClassName}
            aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}
            // account pages are per-user and dynamic: nothing to gain from prefetching them
            prefetch={ACCOUNT_PATHS.has(item.href) ? false : undefined}
            onClick={onNavigate}
          >
            {t(item.key)}
          </Link>
        </li>
      ))}
    </>
  );
}

/**
 * "Ingresar" (→ /login) for guests; nothing once signed in (Orders and Profile are in the links).
 * While the session check runs it keeps its place invisibly, so nothing shifts when it appears.
 */
export function LoginLink({
  className,
  onNavigate,
  icon,
}: {
  className?: string;
  onNavigate?: () => void;
  icon?: ReactNode;
}) {
  const t = useTranslations('common.nav');
  const session = useShellSession();
  if (session === 'user') return null;
  const pending = session === 'loading';
  return (
    <Link
      href="/login"
      prefetch={false}
      className={className}
      onClick={onNavigate}
      style={pending ? { visibility: 'hidden' } : undefined}
      aria-hidden={pending || undefined}
      tabIndex={pending ? -1 : undefined}
    >
      {icon}
      <span>{t('login')}</span>
    </Link>
  );
}
