'use client';

/**
 * "Reenviar el correo" of verification (POST auth/resendVerification): shown where a customer learns
 * that the account still needs its e-mail confirmed (a blocked login, the registration's "check your
 * e-mail" screen). The API answers the same whether the address has an account, and limits re-sends.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useMessages } from '@/components/toast/MessagesProvider';
import { FormMessage } from '@/components/ui/Field';
import { useAccountApi, useFailureHandler, useServerConfirmation } from './hooks';
import styles from './account.module.css';

export function ResendVerification({ email }: { email: string }) {
  const t = useTranslations('account.login');
  const api = useAccountApi();
  const fail = useFailureHandler();
  const confirmation = useServerConfirmation();
  const { notify } = useMessages();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [answer, setAnswer] = useState<string | null>(null);

  const send = async () => {
    setState('sending');
    const res = await api('auth/resendVerification', { method: 'POST', body: { email } });
    if (res.ok) {
      const text = confirmation('verificationResent');
      setAnswer(text);
      notify('SUCCESS', text);
      setState('sent');
      return;
    }
    fail(res);
    setState('idle');
  };

  return (
    <div className={styles.form} data-testid="resend-verification">
      {answer ? <FormMessage tone="success">{answer}</FormMessage> : null}
      <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} disabled={state !== 'idle'} onClick={() => void send()}>
        {state === 'sending' ? t('resending') : t('resend')}
      </button>
    </div>
  );
}
