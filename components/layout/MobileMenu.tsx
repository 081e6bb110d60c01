'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { CloseIcon, LogOutIcon, MenuIcon, UserIcon } from '@/components/ui/icons';
import { LogoutButton } from '@/components/account/LogoutButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoMark } from './Logo';
import { LoginLink, NavLinks } from './NavLinks';
import styles from './MobileMenu.module.css';
import { markHydrated } from '@/lib/hydration';

export interface MenuCategory {
  name: string;
  slug: string;
}

/**
 * Mobile left menu (spec §2 "Mobile"): the same links as the top bar plus the login (or log-out) item, the
 * categories and the language switcher. A modal <dialog>: focus is trapped by the browser, Escape
 * closes it, the page behind is inert; a click on the backdrop or on a link closes it too.
 */
export function MobileMenu({ categories }: { categories: MenuCategory[] }) {
  const t = useTranslations('common.nav');
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const pathname = usePathname();

  const close = () => dialog.current?.close();

  // Navigating (even to the same page) closes the drawer.
  useEffect(() => {
    dialog.current?.close();
  }, [pathname]);

  return (
    <>
      <button
        ref={markHydrated}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <MenuIcon />
        <span className="visually-hidden">{t('openMenu')}</span>
      </button>
      <dialog
        ref={dialog}
        className={styles.drawer}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
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
            <button type="button" className={styles.close} onClick={close}>
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
    </>
  );
}
