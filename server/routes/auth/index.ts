/**
 * Session and account routes (spec §7 "Session and account"), on the API host without prefix:
 * POST auth/login, GET auth, POST auth/register, POST auth/verify, POST auth/forgot,
 * POST auth/resendVerification, GET auth/canChangePassword, POST auth/changePassword, POST auth/autoLogin,
 * POST auth/google;
 * sessions (ADR 0005): POST auth/refresh (a new access token for the HttpOnly refresh cookie, rotated on every
 * use), DELETE auth/refresh (log out: revokes that session, clears the cookie), POST auth/logoutEverywhere;
 * plus GET api/auth/providers (is Google sign-in on?) and the staff-only POST api/auth/autoLoginLink.
 *
 * Throttles: every route here has a per-IP limit (@fastify/rate-limit route config); failed logins are
 * also counted per (account, address) (5 per 15 min) and per account (30 per hour, never blocking an
 * address that signed in to it before: server/auth/rate-limit.ts), reset mails per account (3 per
 * 15 min), verification re-sends at most one per 5 min per account.
 *
 * By concern: sign-in.ts (login, session check, Google), mailed-links.ts (registration, verification,
 * forgotten password, automatic sign-in links), sessions.ts (the refresh cookie); what they share: kit.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../personal';
import { authKit } from './kit';
import { mailedLinkRoutes } from './mailed-links';
import { sessionRoutes } from './sessions';
import { signInRoutes } from './sign-in';

const routes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);
  const kit = authKit(app);
  signInRoutes(app, kit);
  mailedLinkRoutes(app, kit);
  sessionRoutes(app, kit);
};

export default routes;
