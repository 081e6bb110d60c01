'use client';

/**
 * Reset password (spec §2 /reset-password/{token}): new password + confirmation. The link is checked
 * first (GET auth/canChangePassword); a missing or rejected token shows 'Token invalido' and goes to
 * /login. On success the returned session is stored and the user goes to / (spec §4).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { useSession } from '@/lib/session/SessionProvider';
import type { SessionAnswer } from '@/lib/contracts/account';
import { resetSchema, type ResetValues } from '@/lib/validation/account';
import { FormMessage } from '@/components/ui/Field';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountForm, useAccountSubmit, useServerError } from './hooks';
import styles from './account.module.css';
import spin from '@/components/ui/Spinner.module.css';
import { AccountForm } from './AccountForm';

export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations('account.reset');
  const { api, notify, confirmation, serverError, fail, clearError } = useAccountSubmit();
  const errorText = useServerError();
  const session = useSession();
  const router = useRouter();
  const [state, setState] = useState<'checking' | 'ready' | 'rejected'>(token ? 'checking' : 'rejected');

  const checked = useRef<string | null | undefined>(undefined);

  // Check the link once per token (the session changing after the reset must not re-check it).
  useEffect(() => {
    if (checked.current === token) return;
    checked.current = token;
    const reject = (message: string) => {
      notify('ERROR', message);
      setState('rejected');
      router.replace('/login');
    };
    if (!token) {
      reject(t('invalid'));
      return;
    }
    // No cancellation: the check runs once, and a late answer after unmount is harmless.
    void api(`auth/canChangePassword?token=${encodeURIComponent(token)}`).then((res) => {
      if (res.ok) setState('ready');
      else if (res.status === 0) setState('ready'); // offline check: let the submit tell
      else reject(errorText(res, t('invalid')));
    });
  }, [token, api, notify, router, errorText, t]);

  const form = useAccountForm(resetSchema, { newPassword: '', confirmPassword: '' });
  const { field } = form;

  const onSubmit = async (values: ResetValues) => {
    clearError();
    const res = await api<SessionAnswer>('auth/changePassword', { method: 'POST', body: { token, ...values } });
    if (res.ok && res.data?.token) {
      session.login({ token: res.data.token, user: res.data.user, permissions: res.data.permissions ?? [] });
      notify('SUCCESS', res.message ? confirmation('passwordChanged') : t('success'));
      router.replace('/');
      return;
    }
    fail(res);
  };

  if (state === 'checking') {
    return (
      <div className={styles.center} role="status">
        <span className={spin.xl} aria-hidden="true" />
        <p>{t('checking')}</p>
      </div>
    );
  }

  if (state === 'rejected') {
    return (
      <div className={styles.center}>
        <FormMessage tone="error">{t('invalid')}</FormMessage>
        <Link href="/forgot">{t('requestNew')}</Link>
      </div>
    );
  }

  return (
    <AccountForm
      message={serverError}
      form={form}
      onValid={onSubmit}
      submit={t('submit')}
      block
      footer={<Link href="/login">{t('back')}</Link>}
    >
      <NewPasswordFields idPrefix="reset" labels={{ newPassword: t('newPassword'), confirmPassword: t('confirmPassword') }} field={field} />
    </AccountForm>
  );
}
