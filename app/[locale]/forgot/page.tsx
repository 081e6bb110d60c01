import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { FORGOT_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ForgotForm } from '@/components/account/ForgotForm';
import { accountMetadata, type PageProps } from '@/components/account/metadata';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'forgot', '/forgot');
}

export default async function ForgotPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('account.forgot');
  return (
    <AccountPage bare title={t('title')} intro={t('intro')}>
      <ScopedMessages paths={FORGOT_CLIENT_MESSAGE_PATHS}>
        <ForgotForm />
      </ScopedMessages>
    </AccountPage>
  );
}
