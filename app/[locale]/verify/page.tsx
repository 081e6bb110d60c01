import { setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { VERIFY_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { VerifyAccount } from '@/components/account/VerifyAccount';
import { accountMetadata, type PageProps } from '@/components/account/metadata';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'verify', '/verify');
}

/** /verify with no token: 'Token invalido' and off to /login (spec §2). */
export default async function VerifyNoTokenPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AccountPage bare plain>
      <ScopedMessages paths={VERIFY_CLIENT_MESSAGE_PATHS}>
        <VerifyAccount token={null} />
      </ScopedMessages>
    </AccountPage>
  );
}
