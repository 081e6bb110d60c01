import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { REGISTER_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { RegisterForm } from '@/components/account/RegisterForm';
import { accountMetadata, type PageProps } from '@/components/account/metadata';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'register', '/register');
}

export default async function RegisterPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('account.register');
  return (
    <AccountPage title={t('title')} intro={t('intro')} wide>
      <ScopedMessages paths={REGISTER_CLIENT_MESSAGE_PATHS}>
        <RegisterForm />
      </ScopedMessages>
    </AccountPage>
  );
}
