'use client';

/**
 * Forgot password (spec §2 /forgot): an e-mail field and a back-to-login link; the server's message is
 * shown above the form.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { forgotSchema, type ForgotValues } from '@/lib/validation/account';
import { EmailField } from '@/components/ui/Field';
import { useAccountApi, useAccountForm, useServerConfirmation, useServerError } from './hooks';
import { AccountForm } from './AccountForm';

export function ForgotForm() {
  const t = useTranslations('account');
  const api = useAccountApi();
  const confirmation = useServerConfirmation();
  const serverError = useServerError();
  const [answer, setAnswer] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const form = useAccountForm(forgotSchema, { email: '' });
  const { field } = form;

  const onSubmit = async (values: ForgotValues) => {
    setAnswer(null);
    const res = await api('auth/forgot', { method: 'POST', body: values });
    if (res.ok) {
      setAnswer({ tone: 'success', text: res.message ? confirmation('forgotSent') : t('forgot.sent', { email: values.email }) });
    } else if (res.status === 0) {
      setAnswer({ tone: 'error', text: t('form.network') });
    } else {
      setAnswer({ tone: 'error', text: serverError(res) });
    }
  };

  return (
    <AccountForm
      message={answer?.text}
      tone={answer?.tone}
      form={form}
      onValid={onSubmit}
      submit={t('forgot.submit')}
      block
      footer={<Link href="/login">{t('forgot.back')}</Link>}
    >
      <EmailField id="forgot-email" label={t('forgot.email')} {...field('email')} />
    </AccountForm>
  );
}
