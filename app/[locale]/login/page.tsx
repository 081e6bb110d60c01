import { accountRoute } from '@/components/account/account-route';
import { LoginForm } from '@/components/account/LoginForm';
import { firstParam } from '@/components/account/metadata';
import { getGoogleClientId } from '@/components/account/providers';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

// The login form's messages are in the root layout's list already (the top bar's login panel).
const route = accountRoute('login', '/login', { title: 'title', intro: true }, async ({ searchParams }) => {
  const [sp, googleClientId] = await Promise.all([searchParams, getGoogleClientId()]);
  return <LoginForm variant="page" next={firstParam(sp.next)} googleClientId={googleClientId} />;
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
