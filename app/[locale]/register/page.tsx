import { accountRoute } from '@/components/account/account-route';
import { REGISTER_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { RegisterForm } from '@/components/account/RegisterForm';

const route = accountRoute('register', '/register', { wide: true, title: 'title', intro: true, messages: REGISTER_CLIENT_MESSAGE_PATHS }, () => (
  <RegisterForm />
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
