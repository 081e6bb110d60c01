import { accountRoute } from '@/components/account/account-route';
import { RESET_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm';

/** The token is per request: never cached. */
export const dynamic = 'force-dynamic';

const route = accountRoute<{ token: string }>(
  'reset',
  '/reset-password',
  { bare: true, title: 'title', intro: true, messages: RESET_CLIENT_MESSAGE_PATHS },
  ({ params }) => <ResetPasswordForm token={decodeURIComponent(params.token) || null} />,
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
