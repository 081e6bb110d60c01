import { accountRoute } from '@/components/account/account-route';
import { RESET_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm';

/** /reset-password with no token: 'Token invalido' and off to /login (spec §2). */
const route = accountRoute('reset', '/reset-password', { bare: true, title: 'title', messages: RESET_CLIENT_MESSAGE_PATHS }, () => (
  <ResetPasswordForm token={null} />
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
