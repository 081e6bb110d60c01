'use client';

/**
 * The page a per-request page (an order, the back-office) sends a visitor to when the API refused their
 * access token (ADR 0005: it lives 15 minutes; the server cannot renew it, the refresh cookie belongs to the
 * API's origin and only the browser holds it). It renews the token once (lib/session/refresh.ts) and goes
 * back to `next`; a refused renewal logs out with the spec's 'error.jwt' message and opens the login with
 * the same `next`. An unreachable API leaves the visitor signed in, with a retry.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicApiBase } from '@/lib/api/public';
import { expireSession, useSession } from '@/lib/session/SessionProvider';
import { refreshMarginMs, refreshSession } from '@/lib/session/refresh';
import { expiresWithin, readToken } from '@/lib/session/store';
import { notify } from '@/lib/toast/emitter';
import styles from './account.module.css';

export function SessionRenew({ next }: { next: string }) {
  const t = useTranslations('account.renew');
  const tErrors = useTranslations('errors');
  const router = useRouter();
  const { apiUrl } = useSession();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const run = useCallback(async () => {
    setFailed(false);
    const token = readToken();
    // A token the API refused although it is not near its end was revoked (password, role): renewing it
    // again would only loop; the refresh cookie of such an account is revoked as well.
    const outcome = token && expiresWithin(token, refreshMarginMs(token)) ? await refreshSession(apiUrl || publicApiBase(), token) : { kind: 'expired' as const };
    if (outcome.kind === 'ok') {
      router.replace(next);
      return;
    }
    if (outcome.kind === 'unreachable') {
      setFailed(true);
      return;
    }
    expireSession();
    notify('ERROR', tErrors('jwt'));
    router.replace(`/login?next=${encodeURIComponent(next)}`);
  }, [apiUrl, next, router, tErrors]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  return failed ? (
    <div className={styles.intro}>
      <p role="alert">{t('failed')}</p>
      <button type="button" onClick={() => void run()}>
        {t('retry')}
      </button>
    </div>
  ) : (
    <p role="status" className={styles.intro}>
      {t('working')}
    </p>
  );
}
