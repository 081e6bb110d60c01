import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { Container } from '@/components/ui/Container';
import { SearchEntry } from '@/components/search/SearchEntry';
import { CartLink } from './CartLink';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { MobileMenu, type MenuCategory } from './MobileMenu';
import { NavLinks } from './NavLinks';
import { LoginPanel } from '@/components/account/LoginPanel';
import { NotificationBellSlot } from '@/components/notifications/NotificationBellSlot';
import { AccountMenuSlot } from './AccountMenuSlot';
import styles from './TopBar.module.css';

/**
 * The top bar (spec §2). Desktop (≥ 768 px): logo, search, language, login, cart; then the links row.
 * Mobile: menu button (left drawer), logo, cart; search lives in the bottom bar's panel.
 */
export async function TopBar({ categories }: { categories: MenuCategory[] }) {
  const t = await getTranslations('common');
  return (
    <header className={styles.header}>
      <p className={styles.announcement}>{t('announcement')}</p>
      <div className={styles.mainRow}>
        <Container className={styles.main}>
          <MobileMenu categories={categories} />
          <Link href="/" className={styles.logoLink}>
            <Logo tagline={t('tagline')} taglineClassName={styles.logoTagline} />
          </Link>
          <div className={styles.search}>
            <SearchEntry categories={categories} />
          </div>
          <div className={styles.actions}>
            <div className={styles.desktopOnly}>
              <LanguageSwitcher />
            </div>
            {/* Signed-in extras: the notification bell (renders nothing for guests). */}
            <NotificationBellSlot />
            {/* Guests: the login side panel (spec §2 Top bar); renders nothing once signed in. */}
            <LoginPanel triggerClassName={`${styles.action} ${styles.desktopOnly}`} />
            {/* Signed in: Pedidos, Perfil and "Cerrar sesión" (desktop; phones have them in the menu). */}
            <AccountMenuSlot className={styles.desktopOnly} />
            <CartLink />
          </div>
        </Container>
      </div>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        <Container>
          <ul className={styles.navList}>
            <NavLinks linkClassName={styles.navLink} />
          </ul>
        </Container>
      </nav>
    </header>
  );
}
