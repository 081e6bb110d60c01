'use client';

/**
 * Login form (spec §2 Login, §5): e-mail (pattern, no spaces), password (≥ 7, show toggle), remember-me
 * (stores the e-mail under `remember` and pre-fills it), forgot and register links, Google sign-in when
 * configured. Used by the /login page and by the desktop login side panel.
 */
import { accountErrorKey } from '@/lib/session/error-text';
import { ResendVerification } from './ResendVerification';
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter as useNextRouter } from 'next/navigation';
import { Link, useRouter } from '@/i18n/navigation';
import { useSession } from '@/lib/session/SessionProvider';
import { safeNext } from '@/lib/session/guard';
import { isStaffRole } from '@/lib/session/roles';
import { readRemember, writeRemember } from '@/lib/session/store';
import type { SessionAnswer } from '@/lib/contracts/account';
import { loginSchema, type LoginValues } from '@/lib/validation/account';
import { CheckboxField, EmailField, FormMessage, PasswordField } from '@/components/ui/Field';
import { GoogleSignIn } from './GoogleSignIn';
import { useAccountForm, useAccountSubmit } from './hooks';
import styles from './account.module.css';
import { SubmitButton } from './SubmitButton';

export interface LoginFormProps {
  variant?: 'page' | 'panel';
  /** where to go after logging in (page variant); a same-origin path */
  next?: string | null;
  /** Google client id; null hides the button; undefined asks the API (GET api/auth/providers) */
  googleClientId?: string | null;
  /** called after a successful login (panel variant closes itself) */
  onSuccess?: () => void;
  /** called when one of the form's links is followed (the panel closes itself) */
  onNavigate?: () => void;
  /** id prefix so the page form and the panel form never share ids */
  idPrefix?: string;
}

export function LoginForm({ variant = 'page', next, googleClientId, onSuccess, onNavigate, idPrefix = 'login' }: LoginFormProps) {
  const t = useTranslations('account.login');
  const session = useSession();
  const { api, notify, confirmation, serverError, fail, clearError } = useAccountSubmit();
  const router = useRouter();
  const nextRouter = useNextRouter();
  // A login refused because the e-mail is not verified yet: offer to send the mail again.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const { field, submitWith, setValue, formState } = useAccountForm(loginSchema, { email: '', password: '', remember: false });

  useEffect(() => {
    const r = readRemember();
    if (r) {
      setValue('email', r.email);
      setValue('remember', true);
    }
  }, [setValue]);

  const finish = (data: SessionAnswer, message: string | null) => {
    session.login({ token: data.token, user: data.user, permissions: data.permissions ?? [] });
    notify('SUCCESS', message ? confirmation('loginOk') : t('success', { name: data.user.name ?? data.user.email }));
    if (onSuccess) onSuccess();
    if (variant === 'page') {
      const target = safeNext(next, '');
      if (target) nextRouter.replace(target);
      // staff come to work: the order board, not the shop's home (issue 32, item 7)
      else router.replace(isStaffRole(data.user.role) ? '/admin' : '/');
    } else {
      nextRouter.refresh();
    }
  };

  const onSubmit = async (values: LoginValues) => {
    clearError();
    setUnverifiedEmail(null);
    const res = await api<SessionAnswer>('auth/login', { method: 'POST', body: values });
    if (res.ok && res.data?.token) {
      writeRemember(values.remember, values.email);
      finish(res.data, res.message);
      return;
    }
    const key = accountErrorKey(res.code);
    if (res.status === 403 && (key === 'unverified' || key === 'unverifiedNoResend')) setUnverifiedEmail(values.email);
    fail(res);
  };

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <div className={styles.form}>
      {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
      {unverifiedEmail ? <ResendVerification key={unverifiedEmail} email={unverifiedEmail} /> : null}
      <form className={styles.form} noValidate onSubmit={submitWith(onSubmit)} aria-label={t('panelTitle')}>
        <EmailField
          id={id('email')}
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          {...field('email')}
        />
        <PasswordField
          id={id('password')}
          label={t('password')}
          autoComplete="current-password"
          {...field('password')}
        />
        <div className={styles.inline}>
          <CheckboxField id={id('remember')} label={t('remember')} {...field('remember')} />
          <Link href="/forgot" onClick={onNavigate}>
            {t('forgot')}
          </Link>
        </div>
        <SubmitButton block disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <span aria-live="polite">{t('submit')}…</span> : t('submit')}
        </SubmitButton>
      </form>
      <GoogleSignIn clientId={googleClientId} onSession={(data, message) => finish(data, message)} variant={variant} />
      <p className={styles.footer}>
        {t('noAccount')}{' '}
        <Link href="/register" onClick={onNavigate}>
          {t('register')}
        </Link>
      </p>
    </div>
  );
}
