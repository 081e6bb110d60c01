'use client';

/**
 * Registration (spec §2 Register, §5): first name, last name, e-mail, password (≥ 8), confirmation and
 * the terms. On success the API sends the confirmation e-mail and the form turns into a
 * "check your e-mail" state; login stays blocked until its link is followed.
 */
import { ResendVerification } from './ResendVerification';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { registerSchema, type RegisterValues } from '@/lib/validation/account';
import { CheckboxField, EmailField, PasswordField, TextField } from '@/components/ui/Field';
import { useAccountForm, useAccountSubmit } from './hooks';
import styles from './account.module.css';
import { AccountForm } from './AccountForm';

export function RegisterForm() {
  const t = useTranslations('account.register');
  const { api, notify, confirmation, serverError, fail, clearError } = useAccountSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useAccountForm(registerSchema, { name: '', lastname: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const { field } = form;

  const onSubmit = async (values: RegisterValues) => {
    clearError();
    const res = await api<{ email: string }>('auth/register', { method: 'POST', body: values });
    if (res.ok) {
      if (res.message) notify('SUCCESS', confirmation('registered'));
      setSentTo(values.email);
      return;
    }
    fail(res);
  };

  if (sentTo) {
    return (
      <div className={styles.center} data-testid="register-sent">
        <span className={styles.sentIcon} aria-hidden="true">
          ✉️
        </span>
        <h2 className={styles.title}>{t('sentTitle')}</h2>
        <p role="status">{t('sentText', { email: sentTo })}</p>
        <p className={styles.hint}>{t('sentSpam')}</p>
        <ResendVerification email={sentTo} />
        <Link href="/login" className={styles.button}>
          {t('sentLogin')}
        </Link>
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
      footer={
        <>
          {t('haveAccount')} <Link href="/login">{t('login')}</Link>
        </>
      }
    >
      <div className={styles.row}>
        <TextField id="register-name" label={t('name')} autoComplete="given-name" {...field('name')} />
        <TextField
          id="register-lastname"
          label={t('lastname')}
          autoComplete="family-name"
          {...field('lastname')}
        />
      </div>
      <EmailField id="register-email" label={t('email')} {...field('email')} />
      <PasswordField
        id="register-password"
        label={t('password')}
        autoComplete="new-password"
        hint={t('passwordHint')}
        {...field('password')}
      />
      <PasswordField
        id="register-confirm"
        label={t('confirmPassword')}
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      {/* The whole label ticks the box (a tap on a phone); the terms open from their own link. */}
      <CheckboxField id="register-terms" label={t('acceptTerms')} {...field('acceptTerms')} />
      <p className={styles.hint}>
        <Link href="/terms-and-conditions" target="_blank">
          {t('readTerms')}
        </Link>
      </p>
    </AccountForm>
  );
}
