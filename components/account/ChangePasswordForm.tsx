'use client';

/**
 * Profile → change password (spec §2 Profile, §4): after a successful change the user is logged in with
 * the returned token and sent to /.
 */
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { expireSession, useSession } from '@/lib/session/SessionProvider';
import type { SessionAnswer } from '@/lib/contracts/account';
import { changePasswordSchema, type ChangePasswordValues } from '@/lib/validation/account';
import { PasswordField } from '@/components/ui/Field';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountForm, useAccountSubmit } from './hooks';
import { ProfileSection } from './ProfileSection';
import { apiPaths } from '@/lib/api/paths';
import { AccountForm } from './AccountForm';

export function ChangePasswordForm() {
  const t = useTranslations('account.profile');
  const { api, notify, confirmation, serverError, fail, clearError } = useAccountSubmit();
  const session = useSession();
  const router = useRouter();

  const form = useAccountForm(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const { field } = form;

  const onSubmit = async (values: ChangePasswordValues) => {
    clearError();
    const res = await api<SessionAnswer>(apiPaths.password, { method: 'POST', auth: true, body: values });
    if (res.ok && res.data?.token) {
      session.login({ token: res.data.token, user: res.data.user, permissions: res.data.permissions ?? [] });
      notify('SUCCESS', res.message ? confirmation('passwordChanged') : t('passwordChanged'));
      router.push('/');
      return;
    }
    if (res.status === 401) {
      expireSession();
      router.push('/');
    }
    fail(res);
  };

  return (
    <ProfileSection id="profile-password-title" title={t('passwordTitle')}>
      <AccountForm message={serverError} form={form} onValid={onSubmit} submit={t('changePassword')}>
        <PasswordField id="profile-current-password" label={t('currentPassword')} autoComplete="current-password" {...field('currentPassword')} />
        <NewPasswordFields idPrefix="profile" labels={{ newPassword: t('newPassword'), confirmPassword: t('confirmPassword') }} field={field} />
      </AccountForm>
    </ProfileSection>
  );
}
