import { accountRoute } from '@/components/account/account-route';
import { SUBSCRIPTIONS_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { Subscriptions } from '@/components/account/Subscriptions';
import { firstParam } from '@/components/account/metadata';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

const route = accountRoute(
  'subscriptions',
  '/suscriptions',
  { bare: true, title: 'title', messages: SUBSCRIPTIONS_CLIENT_MESSAGE_PATHS },
  async ({ searchParams }) => {
    const sp = await searchParams;
    return <Subscriptions token={firstParam(sp.token)} unsubscribe={firstParam(sp.unsubscribe) === '1'} />;
  },
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
