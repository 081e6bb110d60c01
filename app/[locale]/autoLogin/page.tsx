import { accountRoute } from '@/components/account/account-route';
import { AUTO_LOGIN_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { AutoLogin } from '@/components/account/AutoLogin';
import { firstParam } from '@/components/account/metadata';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

const route = accountRoute('autoLogin', '/autoLogin', { bare: true, messages: AUTO_LOGIN_CLIENT_MESSAGE_PATHS }, async ({ searchParams }) => (
  <AutoLogin token={firstParam((await searchParams).token)} />
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
