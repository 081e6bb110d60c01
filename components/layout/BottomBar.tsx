'use client';
import { useId, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { GridIcon, HelpIcon, HomeIcon, OrdersIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import { SearchEntry, loadSearchBox } from '@/components/search/SearchEntry';
import { ACCOUNT_PATHS, isCurrent } from './nav-items';
import { useIsStaff, useShellSession } from './session';
import styles from './BottomBar.module.css';

/**
 * Mobile bottom bar (spec §2), hidden from 768 px: home, products, search (toggles the search panel),
 * then FAQ and login for guests, or orders (the back-office for staff) and profile once signed in (kept
 * invisible, in place, while the startup session check runs).
 */

export function BottomBar({ categories = [] }: { categories?: readonly { name: string; slug: string }[] }) {
  const t = useTranslations('common.nav');
  const tSearch = useTranslations('common.search');
  const pathname = usePathname();
  const session = useShellSession();
  const staff = useIsStaff();
  const [searchOpen, setSearchOpen] = useState(false);
  const panelId = useId();
  const closeSearch = () => setSearchOpen(false);

  const item = (href: string, label: string, icon: ReactNode, pending = false) => (
    <li style={pending ? { visibility: 'hidden' } : undefined} aria-hidden={pending || undefined}>
      <Link
        href={href}
        className={styles.item}
        aria-current={isCurrent(pathname, href) ? 'page' : undefined}
        tabIndex={pending ? -1 : undefined}
        prefetch={ACCOUNT_PATHS.has(href) ? false : undefined}
        onClick={closeSearch}
      >
        {icon}
        <span className={styles.label}>{label}</span>
      </Link>
    </li>
  );

  return (
    <>
      <div id={panelId} className={styles.searchPanel} hidden={!searchOpen} role="region" aria-label={tSearch('label')}>
        {searchOpen ? <SearchEntry variant="panel" autoFocus onNavigate={closeSearch} onDismiss={closeSearch} categories={categories} /> : null}
      </div>
      <nav aria-label={t('bottomBar')} className={styles.bar}>
        <ul className={styles.list}>
          {item('/', t('home'), <HomeIcon />)}
          {item('/products', t('products'), <GridIcon />)}
          <li>
            <button
              type="button"
              className={styles.item}
              aria-expanded={searchOpen}
              aria-controls={panelId}
              onPointerDown={() => void loadSearchBox()}
              onClick={() => setSearchOpen((v) => !v)}
            >
              <SearchIcon />
              <span className={styles.label}>{t('search')}</span>
            </button>
          </li>
          {session === 'user' ? (
            <>
              {staff ? item('/admin', t('admin'), <OrdersIcon />) : item('/orders', t('orders'), <OrdersIcon />)}
              {item('/profile', t('profile'), <UserIcon />)}
            </>
          ) : (
            <>
              {item('/faq', t('faq'), <HelpIcon />, session === 'loading')}
              {item('/login', t('login'), <UserIcon />, session === 'loading')}
            </>
          )}
        </ul>
      </nav>
    </>
  );
}
