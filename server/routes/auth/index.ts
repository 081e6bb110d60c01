/**
 * Session and account routes (spec §7 "Session and account"), on the API host without prefix:
 * POST auth/login, GET auth, POST auth/register, POST auth/verify, POST auth/forgot,
 * POST auth/resendVerification, GET auth/canChangePassword, POST auth/changePassword, POST auth/autoLogin,
 * POST auth/google;
 * sessions (ADR 0005): POST auth/refresh (a new access token for the HttpOnly refresh cookie, rotated on every
 * use), DELETE auth/refresh (log out: revokes that session, clears the cookie), POST auth/logoutEverywhere;
 * plus GET api/auth/providers (is Google sign-in on?) and the staff-only POST api/auth/autoLoginLink.
 * By concern: ./sign-in.ts, ./registration.ts, ./password.ts, ./auto-login.ts, ./sessions.ts; what they share
 * (validation, token answers, per-IP limits, the verification re-send) is ./kit.ts.
 *
 * Throttles: every route here has a per-IP limit (@fastify/rate-limit route config); failed logins are
 * also counted per (account, address) (5 per 15 min) and per account (30 per hour, never blocking an
 * address that signed in to it before: server/auth/rate-limit.ts), reset mails per account (3 per
 * 15 min), verification re-sends at most one per 5 min per account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../personal';
import { autoLoginRoutes } from './auto-login';
import { authKit } from './kit';
import { passwordRoutes } from './password';
import { registrationRoutes } from './registration';
import { sessionRoutes } from './sessions';
import { signInRoutes } from './sign-in';

const routes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);
  const kit = authKit(app);
  signInRoutes(app, kit);
  registrationRoutes(app, kit);
  passwordRoutes(app, kit);
  autoLoginRoutes(app, kit);
  sessionRoutes(app, kit);
};

export default routes;
