import { setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { VERIFY_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { VerifyAccount } from '@/components/account/VerifyAccount';
import { accountMetadata, type PageProps } from '@/components/account/metadata';

/** The token is per request: never cached. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'verify', '/verify');
}

/** Renders nothing visible (spec §2): the component verifies and navigates. */
export default async function VerifyPage({ params }: PageProps<{ token: string }>) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  return (
    <AccountPage bare plain>
      <ScopedMessages paths={VERIFY_CLIENT_MESSAGE_PATHS}>
        <VerifyAccount token={decodeURIComponent(token) || null} />
      </ScopedMessages>
    </AccountPage>
  );
}
