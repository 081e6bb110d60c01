import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { LoginForm } from '@/components/account/LoginForm';
import { accountMetadata, firstParam, type PageProps } from '@/components/account/metadata';
import { getGoogleClientId } from '@/components/account/providers';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'login', '/login');
}

export default async function LoginPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, sp, googleClientId] = await Promise.all([getTranslations('account.login'), searchParams, getGoogleClientId()]);
  return (
    <AccountPage title={t('title')} intro={t('intro')}>
      <LoginForm variant="page" next={firstParam(sp.next)} googleClientId={googleClientId} />
    </AccountPage>
  );
}
