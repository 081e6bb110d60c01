import { accountRoute } from '@/components/account/account-route';
import { RENEW_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { firstParam } from '@/components/account/metadata';
import { SessionRenew } from '@/components/account/SessionRenew';
import { safeNext } from '@/lib/session/guard';

/** Reads the query string (next): rendered per request. */
export const dynamic = 'force-dynamic';

/**
 * /renew-session?next=… — where per-request pages send a visitor whose access token expired (ADR 0005):
 * the browser renews it with the API's refresh cookie and goes back to `next` (a same-site path only).
 */
const route = accountRoute('renew', '/renew-session', { title: 'metaTitle', messages: RENEW_CLIENT_MESSAGE_PATHS }, async ({ searchParams }) => (
  <SessionRenew next={safeNext(firstParam((await searchParams).next))} />
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
