'use client';

/**
 * Automatic login (spec §2 /autoLogin, §8): reads `token`, shows a spinner and calls POST auth/autoLogin.
 * Success stores the session, shows the server's message and goes to /order/{order}. Failure shows a
 * warning (title + translated server message, or 'Ha ocurrido un error en el servidor' on a network
 * failure); after about 0.5 s, if still here, the screen shows three translated lines and a link to /login.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { useMessages } from '@/components/toast/MessagesProvider';
import { useSession } from '@/lib/session/SessionProvider';
import type { AutoLoginAnswer } from '@/lib/contracts/account';
import { sessionFromAutoLogin } from '@/lib/session/types';
import { useServerConfirmation, useServerError } from './hooks';
import { oncePerToken } from './token-request';
import styles from './account.module.css';
import spin from '@/components/ui/Spinner.module.css';

/** Spec §9: auto-login failure screen delay. */
export const AUTO_LOGIN_FAIL_DELAY_MS = 500;

const autoLoginOnce = oncePerToken<AutoLoginAnswer>('auth/autoLogin');

export function AutoLogin({ token }: { token: string | null }) {
  const t = useTranslations('account.autoLogin');
  const te = useTranslations('errors');
  const confirmation = useServerConfirmation();
  const serverError = useServerError();
  const { notify } = useMessages();
  const { apiUrl, login } = useSession();
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const [showFailure, setShowFailure] = useState(false);
  const handled = useRef(false);

  // The failure screen appears only after ~0.5 s on this screen (spec §2).
  useEffect(() => {
    const id = window.setTimeout(() => setShowFailure(true), AUTO_LOGIN_FAIL_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  useEffect(() => {
    if (handled.current) return;
    let cancelled = false;
    if (!token) return; // no token: failed from the start (see `failed` below)
    void autoLoginOnce(apiUrl, token).then((res) => {
      if (cancelled) return;
      handled.current = true;
      if (res.ok && res.data?.token && res.data.User) {
        login(sessionFromAutoLogin(res.data));
        if (res.message) notify('SUCCESS', confirmation('autoLoginOk'));
        router.replace(res.data.order ? `/order/${res.data.order}` : '/');
        return;
      }
      const text = res.status === 0 ? te('server500') : serverError(res, te('server500'));
      notify('WARNING', `${te('title')}: ${text}`);
      setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [token, apiUrl, login, notify, router, confirmation, serverError, te]);

  if ((failed || !token) && showFailure) {
    return (
      <div className={styles.center} data-testid="autologin-failed">
        <div className={styles.failLines}>
          <h1 className={styles.title}>{t('failTitle')}</h1>
          <p>{t('failReason')}</p>
          <p>{t('failHelp')}</p>
        </div>
        <Link href="/login" className={styles.button}>
          {t('toLogin')}
        </Link>
      </div>
    );
  }

  return (
    <div className={styles.center} role="status">
      <span className={spin.xl} aria-hidden="true" />
      <p>{t('working')}</p>
    </div>
  );
}
