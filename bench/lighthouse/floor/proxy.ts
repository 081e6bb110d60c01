import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

export default createMiddleware(routing);

// /plain is the variant without the proxy.
export const config = { matcher: ['/((?!api|_next|_vercel|plain|.*\\..*).*)'] };
