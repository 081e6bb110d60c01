import { accountRoute } from '@/components/account/account-route';
import { PROFILE_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ProfileTabs } from '@/components/account/ProfileTabs';
import { isProfileTab } from '@/components/account/profile-tabs';
import { firstParam } from '@/components/account/metadata';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

/** Signed-in only (proxy.ts guard + client-side redirect). */
const route = accountRoute('profile', '/profile', { plain: true, messages: PROFILE_CLIENT_MESSAGE_PATHS }, async ({ searchParams }) => {
  const tab = firstParam((await searchParams).tab);
  return <ProfileTabs initialTab={isProfileTab(tab) ? tab : 'orders'} />;
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
