import { setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { AUTO_LOGIN_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { AutoLogin } from '@/components/account/AutoLogin';
import { accountMetadata, firstParam, type PageProps } from '@/components/account/metadata';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'autoLogin', '/autoLogin');
}

export default async function AutoLoginPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  return (
    <AccountPage bare>
      <ScopedMessages paths={AUTO_LOGIN_CLIENT_MESSAGE_PATHS}>
        <AutoLogin token={firstParam(sp.token)} />
      </ScopedMessages>
    </AccountPage>
  );
}
