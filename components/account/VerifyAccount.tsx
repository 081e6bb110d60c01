'use client';

/**
 * Account verification (spec §2 /verify/{token}): renders nothing visible. An accepted token stores the
 * session, shows 'Se ha verificado la cuenta con exito' and goes to /; a missing or rejected one shows
 * 'Token invalido' and goes to /login — unless the visitor is signed in already (a used link opened
 * again): then they go to their account, told it is verified.
 */
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useMessages } from '@/components/toast/MessagesProvider';
import { useSession } from '@/lib/session/SessionProvider';
import type { SessionAnswer } from '@/lib/contracts/account';
import { oncePerToken } from './token-request';

const verifyOnce = oncePerToken<SessionAnswer>('auth/verify');

export function VerifyAccount({ token }: { token: string | null }) {
  const t = useTranslations('account.verify');
  const { notify } = useMessages();
  const { apiUrl, login, status } = useSession();
  const router = useRouter();
  const handled = useRef(false);

  useEffect(() => {
    // Wait for the session check: a signed-in visitor is not sent to the login form.
    if (handled.current || status === 'loading') return;
    let cancelled = false;
    const signedIn = status === 'authenticated';
    const fail = () => {
      handled.current = true;
      if (signedIn) {
        notify('INFO', t('alreadyVerified'));
        router.replace('/profile');
        return;
      }
      notify('ERROR', t('invalid'));
      router.replace('/login');
    };
    if (!token) {
      fail();
      return;
    }
    void verifyOnce(apiUrl, token).then((res) => {
      if (cancelled) return;
      handled.current = true;
      if (res.ok && res.data?.token) {
        login({ token: res.data.token, user: res.data.user, permissions: res.data.permissions ?? [] });
        notify('SUCCESS', t('success'));
        router.replace('/');
      } else {
        fail();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [token, apiUrl, login, notify, router, t, status]);

  return (
    <p className="visually-hidden" role="status">
      {t('working')}
    </p>
  );
}
