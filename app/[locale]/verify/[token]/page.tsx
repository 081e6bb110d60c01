import { accountRoute } from '@/components/account/account-route';
import { VERIFY_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { VerifyAccount } from '@/components/account/VerifyAccount';

/** The token is per request: never cached. */
export const dynamic = 'force-dynamic';

/** Renders nothing visible (spec §2): the component verifies and navigates. */
const route = accountRoute<{ token: string }>(
  'verify',
  '/verify',
  { bare: true, plain: true, messages: VERIFY_CLIENT_MESSAGE_PATHS },
  ({ params }) => <VerifyAccount token={decodeURIComponent(params.token) || null} />,
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
