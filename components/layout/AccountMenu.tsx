'use client';

/**
 * The signed-in customer's account menu in the desktop top bar: Pedidos (Gestión for staff), Pedido rápido (customers), Perfil and "Cerrar sesión".
 * A disclosure (button + list): Escape or a click outside closes it and focus returns to the button.
 * Renders nothing for guests (the login panel takes its place) or while the session check runs.
 */
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { LogOutIcon, UserIcon } from '@/components/ui/icons';
import { useDismissable } from '@/components/ui/useDismissable';
import { LogoutButton } from '@/components/account/LogoutButton';
import { useSession } from '@/lib/session/SessionProvider';
import styles from './AccountMenu.module.css';
import { markHydrated } from '@/lib/hydration';
import { useIsStaff } from './session';

export function AccountMenu({ className }: { className?: string }) {
  const t = useTranslations('common.nav');
  const { status, user } = useSession();
  const staff = useIsStaff();
  const { open, setOpen, rootRef, trigger } = useDismissable();
  const listId = useId();
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  // A navigation closes it (state adjusted during render, not in an effect).
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  if (status !== 'authenticated') return null;
  return (
    <div
      ref={(el) => {
        rootRef.current = el;
        markHydrated(el);
      }}
      className={`${styles.root} ${className ?? ''}`}
      data-testid="account-menu"
    >
      <button type="button" className={styles.trigger} {...trigger} aria-controls={listId}>
        <UserIcon className={styles.icon} />
        <span className={styles.name}>{user?.name || t('account')}</span>
        <span className="visually-hidden">{user?.name ? ` (${t('account')})` : ''}</span>
      </button>
      <ul id={listId} className={styles.list} hidden={!open}>
        <li>
          <Link href={staff ? '/admin' : '/orders'} prefetch={false} className={styles.item} onClick={() => setOpen(false)}>
            {staff ? t('admin') : t('orders')}
          </Link>
        </li>
        {staff ? null : (
          <li>
            <Link href="/quick-order" prefetch={false} className={styles.item} onClick={() => setOpen(false)}>
              {t('quickOrder')}
            </Link>
          </li>
        )}
        {staff ? null : (
          <li>
            <Link href="/price-list" prefetch={false} className={styles.item} onClick={() => setOpen(false)}>
              {t('priceList')}
            </Link>
          </li>
        )}
        <li>
          <Link href="/profile" prefetch={false} className={styles.item} onClick={() => setOpen(false)}>
            {t('profile')}
          </Link>
        </li>
        <li>
          <LogoutButton
            className={`${styles.item} ${styles.itemButton}`}
            icon={<LogOutIcon className={styles.icon} />}
            onDone={() => setOpen(false)}
            testId="account-logout"
          />
        </li>
      </ul>
    </div>
  );
}
