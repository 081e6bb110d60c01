import { setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
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
      <AutoLogin token={firstParam(sp.token)} />
    </AccountPage>
  );
}
