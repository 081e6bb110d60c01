'use client';

/**
 * Profile (spec §2 Profile): tabs orders / user data / finished orders. The order tabs show the orders
 * feature's lists (api/order/myActualOrders, api/order/profile/finished) unless `ordersPanel` /
 * `finishedPanel` are given. Client-side guard: without a session it goes to /login?next=… (proxy.ts does the same earlier).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useRouter } from '@/i18n/navigation';
import { useSession } from '@/lib/session/SessionProvider';
import { OrdersList } from '@/components/orders/OrdersList';
import { LogOutIcon } from '@/components/ui/icons';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LogoutButton } from './LogoutButton';
import { ProfileData } from './ProfileData';
import { SavedRecords } from './SavedRecords';
import { PROFILE_TABS, type ProfileTab } from './profile-tabs';
import styles from './profile.module.css';
import spin from '@/components/ui/Spinner.module.css';
import { markHydrated } from '@/lib/hydration';

export { type ProfileTab };

export interface ProfileTabsProps {
  initialTab?: ProfileTab;
  ordersPanel?: ReactNode;
  finishedPanel?: ReactNode;
}

export function ProfileTabs({ initialTab = 'orders', ordersPanel, finishedPanel }: ProfileTabsProps) {
  const t = useTranslations('account.profile');
  const session = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const [tab, setTab] = useState<ProfileTab>(initialTab);
  const base = useId();
  const tabRefs = useRef<Record<ProfileTab, HTMLButtonElement | null>>({ orders: null, data: null, finished: null });

  useEffect(() => {
    if (session.status === 'anonymous' && !session.endedByLogout) router.replace(`/login?next=${encodeURIComponent(pathname ?? '/profile')}`);
  }, [session.status, session.endedByLogout, router, pathname]);

  const select = (next: ProfileTab, focus = false) => {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = PROFILE_TABS.indexOf(tab);
    let next: ProfileTab | null = null;
    if (e.key === 'ArrowRight') next = PROFILE_TABS[(i + 1) % PROFILE_TABS.length];
    else if (e.key === 'ArrowLeft') next = PROFILE_TABS[(i - 1 + PROFILE_TABS.length) % PROFILE_TABS.length];
    else if (e.key === 'Home') next = PROFILE_TABS[0];
    else if (e.key === 'End') next = PROFILE_TABS[PROFILE_TABS.length - 1];
    if (next) {
      e.preventDefault();
      select(next, true);
    }
  };

  if (session.status !== 'authenticated' || !session.user) {
    return (
      <div className={styles.loading} role="status">
        <span className={spin.lg} aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  }

  const name = session.user.name || session.user.email;

  return (
    <div ref={markHydrated} className={styles.wrap} data-testid="profile">
      <header className={`${styles.header} ${styles.headerRow}`}>
        <div>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.greeting}>{t('greeting', { name })}</p>
        </div>
        <LogoutButton className={styles.logout} icon={<LogOutIcon className={styles.logoutIcon} />} testId="profile-logout" />
      </header>
      <div role="tablist" aria-label={t('tabsLabel')} className={styles.tablist} onKeyDown={onKeyDown}>
        {PROFILE_TABS.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${base}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={styles.tab}
            onClick={() => select(key)}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      {PROFILE_TABS.map((key) => (
        <div
          key={key}
          role="tabpanel"
          id={`${base}-panel-${key}`}
          aria-labelledby={`${base}-tab-${key}`}
          hidden={tab !== key}
          className={styles.panel}
          tabIndex={0}
        >
          {tab === key ? (
            key === 'orders' ? (
              (ordersPanel ?? <OrdersList source="myActualOrders" />)
            ) : key === 'finished' ? (
              (finishedPanel ?? <OrdersList source="profile/finished" />)
            ) : (
              <div className={styles.dataGrid}>
                <ProfileData />
                <ChangePasswordForm />
                <SavedRecords />
              </div>
            )
          ) : null}
        </div>
      ))}
    </div>
  );
}
