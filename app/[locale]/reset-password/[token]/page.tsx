import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { RESET_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm';
import { accountMetadata, type PageProps } from '@/components/account/metadata';

/** The token is per request: never cached. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'reset', '/reset-password');
}

export default async function ResetPasswordPage({ params }: PageProps<{ token: string }>) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('account.reset');
  return (
    <AccountPage bare title={t('title')} intro={t('intro')}>
      <ScopedMessages paths={RESET_CLIENT_MESSAGE_PATHS}>
        <ResetPasswordForm token={decodeURIComponent(token) || null} />
      </ScopedMessages>
    </AccountPage>
  );
}
