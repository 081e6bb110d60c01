/** What the account routes share: validation, token and throttle answers, and the per-app kit (docs, per-IP limits, mailed links). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstIssueMessage } from '../../../lib/validation/account';
import { ACCOUNT_MESSAGES as M } from '../../../lib/contracts/errors';
import { HttpError, invalidField } from '../../errors';
import { consumeToken, lastIssuedAt, type TokenCheck } from '../../auth/one-time-tokens';
import { authErrors } from '../../../lib/contracts/account';
import { findUserById, markEmailVerified, type UserRow } from '../../auth/users';
import { bearerSecurity } from '../personal';
import { routeDocs } from '../route-schema';

/** The app as the account routes see it (zod type provider). */
export type AuthApp = Parameters<FastifyPluginAsyncZod>[0];
export type AuthKit = ReturnType<typeof authKit>;

/** Runs a shared validation schema; a failure is a 400 with the field's Spanish message. */
export function check<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw invalidField(firstIssueMessage(r.error));
  return r.data;
}

export function tokenFailure(r: Exclude<TokenCheck, { ok: true }>): HttpError {
  return r.reason === 'expired' ? new HttpError(410, M.tokenExpired) : HttpError.badRequest(M.tokenInvalid);
}

export function tooMany(reply: FastifyReply, seconds: number): HttpError {
  reply.header('retry-after', String(seconds));
  return HttpError.tooManyRequests(M.tooManyAttempts);
}

/**
 * The refresh cookie is SameSite=Strict and CORS answers only the storefront origins; on top of that the
 * routes that use it refuse a request whose Origin is another site's page (a same-site sibling host, a form).
 */
export function fromStorefront(req: FastifyRequest, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origins.includes(origin);
}

/** Made once per app: the re-sends of one account wait for each other across the routes that send them. */
export function authKit(app: AuthApp) {
  const tags = ['cuenta'];
  const doc = routeDocs({ tags, errors: authErrors });
  const signedInDoc = routeDocs({ tags, security: bearerSecurity, errors: authErrors });
  const { throttle } = app.auth;
  const perIp = (max: number, windowMs: number) => ({ rateLimit: { max, timeWindow: windowMs } });
  const loginIp = perIp(throttle.limits.loginPerIp.max, throttle.limits.loginPerIp.windowMs);
  const sensitiveIp = perIp(throttle.limits.sensitivePerIp.max, throttle.limits.sensitivePerIp.windowMs);

  /**
   * Re-sends the verification mail unless one went out recently; true when sent. One account's re-sends run
   * one after another: two quick requests would otherwise both read the old "last sent" before either
   * stored its new link, and both send (seen on PostgreSQL, where they really run at once).
   */
  const resending = new Map<number, Promise<boolean>>();
  const resendOnce = async (user: UserRow): Promise<boolean> => {
    const last = await lastIssuedAt(app.db, user.id, 'verify');
    if (last && Date.now() - last.getTime() < throttle.limits.verifyResendMs) return false;
    try {
      await app.auth.sendVerification(user);
      return true;
    } catch (err) {
      app.log.error({ err }, 'no se pudo reenviar el mail de verificación');
      return false;
    }
  };
  const resendVerification = (user: UserRow): Promise<boolean> => {
    const next = (resending.get(user.id) ?? Promise.resolve(false)).then(() => resendOnce(user));
    resending.set(user.id, next);
    void next.finally(() => {
      if (resending.get(user.id) === next) resending.delete(user.id);
    });
    return next;
  };

  /** The account a used-up token was for (gone since → the token is invalid). */
  const userOfToken = async (userId: number): Promise<UserRow> => {
    const user = await findUserById(app.db, userId);
    if (!user) throw HttpError.badRequest(M.tokenInvalid);
    return user;
  };
  /** A mailed link's token used up: its account, whose e-mail the link proves (verified), and the link's order. */
  const openMailedLink = async (token: string, purpose: 'verify' | 'autologin'): Promise<{ user: UserRow; orderId: number | null }> => {
    const r = await consumeToken(app.db, token, purpose);
    if (!r.ok) throw tokenFailure(r);
    await markEmailVerified(app.db, r.userId);
    return { user: await userOfToken(r.userId), orderId: r.orderId };
  };
  return { doc, signedInDoc, throttle, perIp, loginIp, sensitiveIp, resendVerification, userOfToken, openMailedLink };
}
