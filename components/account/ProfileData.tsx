'use client';

/** Profile → user data: name, e-mail and account type (read-only) and the editable contact number. */
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { expireSession } from '@/lib/session/SessionProvider';
import type { Profile } from '@/lib/contracts/account';
import { profileSchema, type ProfileValues, type ValidationMessages } from '@/lib/validation/account';
import { FormMessage, TextField } from '@/components/ui/Field';
import { useAccountForm, useAccountSubmit } from './hooks';
import { ProfileSection } from './ProfileSection';
import spin from '@/components/ui/Spinner.module.css';
import pstyles from './profile.module.css';
import { apiPaths } from '@/lib/api/paths';
import { Fact } from '@/components/ui/Fact';
import { AccountForm } from './AccountForm';

/** The profile's one editable field. */
const contactSchema = (m: ValidationMessages) => profileSchema(m).pick({ contactNumber: true });

export function ProfileData() {
  const t = useTranslations('account.profile');
  const { api, notify, confirmation, serverError, fail, clearError } = useAccountSubmit();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState(false);

  const form = useAccountForm(contactSchema, { contactNumber: '' });
  const { field, reset } = form;

  useEffect(() => {
    let cancelled = false;
    void api<Profile>(apiPaths.me, { auth: true }).then((res) => {
      if (cancelled) return;
      if (res.ok && res.data) {
        setProfile(res.data);
        reset({ contactNumber: res.data.contactNumber ?? '' });
      } else if (res.status === 401) {
        expireSession();
      } else setLoadError(true);
    });
    return () => {
      cancelled = true;
    };
  }, [api, reset]);

  const onSubmit = async (values: ProfileValues) => {
    clearError();
    const res = await api<Profile>(apiPaths.me, {
      method: 'PATCH',
      auth: true,
      body: { contactNumber: values.contactNumber || null },
    });
    if (res.ok && res.data) {
      setProfile(res.data);
      reset({ contactNumber: res.data.contactNumber ?? '' });
      notify('SUCCESS', res.message ? confirmation('saved') : t('saved'));
      return;
    }
    if (res.status === 401) expireSession();
    fail(res);
  };

  if (loadError) return <FormMessage tone="error">{t('loadError')}</FormMessage>;
  if (!profile) {
    return (
      <div className={pstyles.loading} role="status">
        <span className={spin.lg} aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  }

  return (
    <ProfileSection id="profile-data-title" title={t('dataTitle')}>
      <dl className={pstyles.facts}>
        <Fact label={t('name')}>
          {profile.name} {profile.lastname}
        </Fact>
        <Fact label={t('email')}>{profile.email}</Fact>
        <Fact label={t('role')}>{t.has(`roles.${profile.role}`) ? t(`roles.${profile.role}`) : profile.role}</Fact>
      </dl>
      {profile.isVip ? <p className={pstyles.vip}>★ {t('vip')}</p> : null}
      <AccountForm message={serverError} form={form} onValid={onSubmit} submit={t('save')} needsChange>
        <TextField
          id="profile-contact"
          label={t('contactNumber')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={t('contactNumberHint')}
          {...field('contactNumber')}
        />
      </AccountForm>
    </ProfileSection>
  );
}
