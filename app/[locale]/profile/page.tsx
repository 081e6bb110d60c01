import { setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { PROFILE_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ProfileTabs } from '@/components/account/ProfileTabs';
import { isProfileTab } from '@/components/account/profile-tabs';
import { accountMetadata, firstParam, type PageProps } from '@/components/account/metadata';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'profile', '/profile');
}

/** Signed-in only (proxy.ts guard + client-side redirect). */
export default async function ProfilePage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const tab = firstParam((await searchParams).tab);
  return (
    <AccountPage plain>
      <ScopedMessages paths={PROFILE_CLIENT_MESSAGE_PATHS}>
        <ProfileTabs initialTab={isProfileTab(tab) ? tab : 'orders'} />
      </ScopedMessages>
    </AccountPage>
  );
}
