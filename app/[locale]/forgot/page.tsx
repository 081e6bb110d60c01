import { accountRoute } from '@/components/account/account-route';
import { FORGOT_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ForgotForm } from '@/components/account/ForgotForm';

const route = accountRoute('forgot', '/forgot', { bare: true, title: 'title', intro: true, messages: FORGOT_CLIENT_MESSAGE_PATHS }, () => (
  <ForgotForm />
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
