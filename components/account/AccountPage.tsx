/**
 * Server wrapper of the account pages: the session provider (a pass-through when the root layout
 * already mounts one; it carries the browser-side API URL read at run time), a centred card with the
 * page heading, and, for the routes "outside the shell" (spec §2, components/layout/nav-items.ts
 * BARE_ROUTES), a minimal brand bar and their own <main> instead of the shop's top bar.
 */
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { MAIN_CONTENT_ID } from '@/components/layout/SkipLink';
import { publicApiUrl } from '@/lib/api/config';
import { SessionProvider } from '@/lib/session/SessionProvider';
import styles from './account.module.css';
import bare from './bare.module.css';

export interface AccountPageProps {
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  /** outside the shell: brand bar + plain background (autoLogin, forgot, suscriptions, verify, reset) */
  bare?: boolean;
  wide?: boolean;
  /** no card (the content lays itself out, e.g. the profile) */
  plain?: boolean;
}

export async function AccountPage({ title, intro, children, bare: isBare, wide, plain }: AccountPageProps) {
  const t = await getTranslations('account.brand');
  const tc = await getTranslations('common');
  const body = plain ? (
    children
  ) : (
    <div className={styles.page}>
      <div className={`${styles.card} ${wide ? styles.cardWide : ''}`}>
        {title ? <h1 className={styles.title}>{title}</h1> : null}
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </div>
    </div>
  );
  return (
    <SessionProvider apiUrl={publicApiUrl()}>
      {isBare ? (
        <div className={bare.shell}>
          <header className={bare.bar}>
            <Link href="/" className={bare.brand} aria-label={t('home')}>
              <span aria-hidden="true" className={bare.mark}>
                ✦
              </span>
              <span>{tc('shopName')}</span>
            </Link>
          </header>
          <main id={MAIN_CONTENT_ID} className={bare.main}>
            {body}
          </main>
        </div>
      ) : (
        // Inside the shell: the root layout's ShellMain already provides <main>.
        body
      )}
    </SessionProvider>
  );
}
