import { accountRoute } from '@/components/account/account-route';
import { VERIFY_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { VerifyAccount } from '@/components/account/VerifyAccount';

/** /verify with no token: 'Token invalido' and off to /login (spec §2). */
const route = accountRoute('verify', '/verify', { bare: true, plain: true, messages: VERIFY_CLIENT_MESSAGE_PATHS }, () => (
  <VerifyAccount token={null} />
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
