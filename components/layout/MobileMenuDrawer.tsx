'use client';
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { CloseIcon, LogOutIcon, UserIcon } from '@/components/ui/icons';
import { LogoutButton } from '@/components/account/LogoutButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoMark } from './Logo';
import { LoginLink, NavLinks } from './NavLinks';
import buttons from './MobileMenu.module.css';
import styles from './MobileMenuDrawer.module.css';

export interface MenuCategory {
  name: string;
  slug: string;
}

/**
 * The mobile menu's drawer (spec §2 "Mobile"): the same links as the top bar plus the login (or log-out) item,
 * the categories and the language switcher. A modal <dialog>: focus is trapped by the browser, Escape
 * closes it, the page behind is inert; a click on the backdrop or on a link closes it too. Opens at every
 * new `presses` count (the button in MobileMenu).
 */
export function MobileMenuDrawer({ categories, presses, onOpenChange }: { categories: MenuCategory[]; presses: number; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('common.nav');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pathname = usePathname();
  const opened = useRef(pathname);

  const close = () => dialog.current?.close();

  useEffect(() => {
    if (dialog.current?.open) return;
    dialog.current?.showModal();
    onOpenChange(true);
  }, [presses, onOpenChange]);

  // Navigating (even to the same page) closes the drawer.
  useEffect(() => {
    if (opened.current === pathname) return;
    opened.current = pathname;
    dialog.current?.close();
  }, [pathname]);

  return (
    <dialog
      ref={dialog}
      className={styles.drawer}
      aria-labelledby={titleId}
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <LogoMark size={32} />
          <span id={titleId} className={styles.title}>
            {t('menu')}
          </span>
          <button type="button" className={buttons.close} onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">{t('closeMenu')}</span>
          </button>
        </div>
        <nav aria-label={t('menu')}>
          <ul className={styles.list}>
            <NavLinks linkClassName={styles.link} onNavigate={close} />
            <li>
              <LoginLink className={styles.link} onNavigate={close} icon={<UserIcon className={styles.linkIcon} />} />
              <LogoutButton className={`${styles.link} ${styles.linkButton}`} onDone={close} icon={<LogOutIcon className={styles.linkIcon} />} testId="menu-logout" />
            </li>
          </ul>
          {categories.length > 0 ? (
            <>
              <h2 className={styles.sectionTitle}>{t('categories')}</h2>
              <ul className={styles.list}>
                {categories.map((c) => (
                  <li key={c.slug}>
                    <Link href={`/${c.slug}`} className={styles.link} onClick={close}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </nav>
        <div className={styles.footer}>
          <LanguageSwitcher align="start" />
        </div>
      </div>
    </dialog>
  );
}
