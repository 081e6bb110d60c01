import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { RESET_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm';
import { accountMetadata, type PageProps } from '@/components/account/metadata';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'reset', '/reset-password');
}

/** /reset-password with no token: 'Token invalido' and off to /login (spec §2). */
export default async function ResetPasswordNoTokenPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('account.reset');
  return (
    <AccountPage bare title={t('title')}>
      <ScopedMessages paths={RESET_CLIENT_MESSAGE_PATHS}>
        <ResetPasswordForm token={null} />
      </ScopedMessages>
    </AccountPage>
  );
}
