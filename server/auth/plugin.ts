/**
 * Authentication for the whole API (spec §4, §6):
 * - `request.user` = { id, email, name, lastname, role, permissions, isVip } or null;
 * - `app.authenticate` (401 'La sesion ha expirado, inicia sesion nuevamente' without a valid Bearer
 *   token), `app.optionalAuth` (sets request.user when a valid token comes, never fails),
 *   `app.requireStaff` (401 / 403 'No tienes los permisos necesarios'), `app.requirePermission(...names)`
 *   (a staff role first, then any of the permissions: a permission never makes a customer staff);
 * - `app.auth`: token service, mailer, throttles, Google verifier and helpers for the account routes and
 *   for other features (e.g. `app.auth.createAutoLoginLink(userId, orderId)` for order mails).
 *
 * A token is accepted only while its user exists and its password fingerprint matches (a password change
 * logs out every other session). Roles and permissions are read from the database (cached 60 s per role).
 *
 * Changes that end or narrow a user's sessions (a password, a role, a disabled account, logout everywhere)
 * go through `app.auth.setPassword` / `app.auth.accountChanged`: it revokes the user's refresh tokens, then
 * the listeners (the realtime plugin) drop what was granted at connect time.
 *
 * Sessions (ADR 0005): `app.auth.session(user, remember, reply)` answers a short access token (the JSON the
 * page keeps) and sets the refresh token as an HttpOnly cookie on the API's origin (server/auth/refresh-tokens.ts).
 */
import path from 'node:path';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Timeouts } from '../env';
import { HttpError, MESSAGES } from '../errors';
import { CUSTOMER_MAIL_KINDS, type AlwaysSentMailKind, type CustomerMailKind } from '../mail/kinds';
import { createMailer, type Mailer, type MailMessage, type SentMail } from '../mail/transport';
import { autoLoginMail, resetPasswordMail, verificationMail, type MailLinks, type RenderedMail } from '../mail/templates';
import { createGoogleVerifier, DEFAULT_GOOGLE_JWKS_URL, type GoogleVerifier } from './google';
import { accessTokenTtlFromEnv, passwordFingerprint, TokenService } from './jwt';
import {
  issueRefreshToken,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  refreshLifetimeS,
  revokeUserRefreshTokens,
  type IssuedRefresh,
} from './refresh-tokens';
import { issueToken, TOKEN_TTL_MS } from './one-time-tokens';
import { AuthThrottle, DEFAULT_AUTH_LIMITS, type AuthLimits } from './rate-limit';
import { loadJwtSecret } from './secret';
import { findUserById, isStaffRole, RolePermissionsCache, setPasswordHash, VIP_PERMISSION, type UserRow } from './users';
import { countMails } from '../metrics';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  lastname: string;
  role: string;
  permissions: string[];
  isVip: boolean;
}

/** The user as the session answers show it (never the password hash). */
export interface PublicUser {
  id: number;
  email: string;
  name: string;
  lastname: string;
  role: string;
}

/** What happened to an account whose open sessions must not keep what they were granted. */
type AccountChange = 'password' | 'role' | 'disabled' | 'logout';
type AccountChangeListener = (userId: number, change: AccountChange) => void | Promise<void>;

interface SessionPayload {
  user: PublicUser;
  token: string;
  permissions: string[];
}

export interface AuthPluginOptions {
  /** HS256 secret (JWT_SECRET); when unset a random one is kept in `$DATA_DIR/jwt-secret` */
  jwtSecret?: string | null;
  /** storefront origin for the links in mails (STOREFRONT_URL, PUBLIC_SITE_URL) */
  siteUrl?: string;
  /** the API's public origin (PUBLIC_API_URL), for the one-click List-Unsubscribe-Post header */
  publicApiUrl?: string | null;
  smtpUrl?: string | null;
  mailFrom?: string | null;
  /** GOOGLE_CLIENT_ID; unset turns Google sign-in off (POST auth/google answers 404) */
  googleClientId?: string | null;
  /** GOOGLE_JWKS_URL (tests serve their own keys) */
  googleJwksUrl?: string | null;
  limits?: Partial<AuthLimits>;
  /** replaces the SMTP / outbox mailer (tests) */
  mailer?: Mailer;
  /** SMTP deadlines and mail retry delays (server/env.ts) */
  timeouts?: Partial<Timeouts>;
  /** how often the mail queue looks for due mail (default 5 s; tests use less) */
  mailPollMs?: number;
  /** access token lifetime in seconds (ACCESS_TOKEN_TTL_S; default 15 minutes) */
  accessTokenTtlS?: number;
}

/** Reads the plugin's options from the environment (explicit options win). */
function authOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthPluginOptions {
  const str = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    jwtSecret: str(env.JWT_SECRET),
    siteUrl: str(env.STOREFRONT_URL) ?? str(env.PUBLIC_SITE_URL) ?? undefined,
    publicApiUrl: str(env.PUBLIC_API_URL),
    smtpUrl: str(env.SMTP_URL),
    mailFrom: str(env.MAIL_FROM),
    googleClientId: str(env.GOOGLE_CLIENT_ID),
    googleJwksUrl: str(env.GOOGLE_JWKS_URL),
    accessTokenTtlS: accessTokenTtlFromEnv(env.ACCESS_TOKEN_TTL_S),
    ...loginLimitFromEnv(env.LOGIN_RATE_LIMIT_PER_MINUTE),
  };
}

/**
 * LOGIN_RATE_LIMIT_PER_MINUTE: sign-ins per minute per address (default 20, DEFAULT_AUTH_LIMITS). A QA
 * deployment that runs the whole Playwright suite from one address signs in far more often than a shop
 * counter behind one NAT: it raises it there (playwright.config.ts, scripts/staging-proof.mjs). Failed
 * logins keep their own per-account limits whatever this says.
 */
function loginLimitFromEnv(raw: string | undefined): Pick<AuthPluginOptions, 'limits'> {
  if (raw === undefined || raw.trim() === '') return {};
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(`LOGIN_RATE_LIMIT_PER_MINUTE: a whole number from 1 to 100000, got "${raw}"`);
  return { limits: { loginPerIp: { max: n, windowMs: 60_000 } } };
}

interface AuthServices {
  tokens: TokenService;
  mailer: Mailer;
  throttle: AuthThrottle;
  google: GoogleVerifier | null;
  siteUrl: string;
  permissions: RolePermissionsCache;
  /**
   * Opens a session for `user`: a new refresh family (its token set as the HttpOnly cookie on `reply`) and
   * the access token, public user and permission names the answer carries.
   */
  session(user: UserRow, remember: boolean, reply: FastifyReply): Promise<SessionPayload>;
  /** The answer of a session continued with an already issued refresh token (POST auth/refresh). */
  continueSession(user: UserRow, refresh: IssuedRefresh, reply: FastifyReply): Promise<SessionPayload>;
  /** Expires the refresh cookie in the browser (logout, a refused refresh). */
  clearRefreshCookie(reply: FastifyReply): void;
  /** The refresh token in the request's cookies, or null. */
  refreshCookie(req: FastifyRequest): string | null;
  /** the full AuthUser of a user row */
  toAuthUser(user: UserRow): Promise<AuthUser>;
  /** storefront links that manage the mail preferences of a user */
  mailLinks(userId: number): Promise<MailLinks>;
  /** renders nothing; sends a rendered mail to a user */
  /**
   * A mail to a customer, of a kind from server/mail/kinds.ts: an "order updates" mail is not sent (null) while
   * the customer has that preference off.
   */
  sendTo<K extends CustomerMailKind>(
    user: { id: number; email: string },
    kind: K,
    render: (links: MailLinks) => RenderedMail,
  ): Promise<K extends AlwaysSentMailKind ? SentMail : SentMail | null>;
  sendVerification(user: UserRow): Promise<SentMail>;
  sendPasswordReset(user: UserRow): Promise<SentMail>;
  /**
   * A single-use auto-login link (7 days) that lands the customer on /order/{orderId}. The orders
   * feature puts it in its mails; `sendAutoLogin` also sends the standard "news about your order" mail.
   */
  createAutoLoginLink(userId: number, orderId: number, requestedBy?: number | null): Promise<{ url: string; expiresAt: Date }>;
  /** Mails the auto-login link to the customer (never to whoever asked); `requestedBy` is recorded with it. */
  sendAutoLogin(user: UserRow, orderId: number, orderLabel: string, requestedBy?: number | null): Promise<{ sent: SentMail; expiresAt: Date }>;
  /**
   * Sets a password: revokes the user's unused one-time links (verify, reset, auto-login) in the same
   * transaction and ends every open socket of the user (`accountChanged(…, 'password')`).
   */
  setPassword(userId: number, passwordHash: string, opts?: { verifyEmail?: boolean }): Promise<void>;
  /**
   * An account changed: revokes the user's refresh tokens (every session ends within one access token's
   * lifetime), then tells the listeners (realtime: disconnect the user's sockets on every instance).
   */
  accountChanged(userId: number, change: AccountChange): Promise<void>;
  onAccountChange(listener: AccountChangeListener): void;
  /** absolute storefront URL of a Spanish path */
  siteLink(pathAndQuery: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
    /** preHandler: 401 unless a valid session token comes */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: sets request.user when a valid token comes; never fails */
    optionalAuth: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a session, 403 unless the role is a staff role */
    requireStaff: preHandlerAsyncHookHandler;
    /** preHandler factory: 401 without a session, 403 unless a staff role holding one of the permissions */
    requirePermission(...names: string[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** claims of the token that authenticated the request */
    session: { exp: number; remember: boolean } | null;
  }
}

export function publicUser(u: Pick<UserRow, 'id' | 'email' | 'name' | 'lastname' | 'role'>): PublicUser {
  return { id: u.id, email: u.email, name: u.name, lastname: u.lastname, role: u.role };
}

function bearer(req: FastifyRequest): string | null | 'malformed' {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(h);
  return m ? m[1]! : 'malformed';
}

export default fp<AuthPluginOptions>(
  async (app, rawOpts) => {
    const opts: AuthPluginOptions = { ...authOptionsFromEnv(), ...stripUndefined(rawOpts) };
    const secret = await loadJwtSecret({ secret: opts.jwtSecret, dataDir: app.dataDir });
    const tokens = new TokenService(secret, opts.accessTokenTtlS);
    const mailer = countMails(
      opts.mailer ??
      createMailer({
        smtpUrl: opts.smtpUrl,
        outboxDir: path.join(app.dataDir, 'outbox'),
        from: opts.mailFrom ?? undefined,
        log: app.log,
        db: app.db,
        timeouts: opts.timeouts,
        pollMs: opts.mailPollMs,
      }),
    );
    const throttle = new AuthThrottle({ ...DEFAULT_AUTH_LIMITS, ...opts.limits }, app.counters);
    const google = opts.googleClientId
      ? createGoogleVerifier({ clientId: opts.googleClientId, jwksUrl: opts.googleJwksUrl ?? DEFAULT_GOOGLE_JWKS_URL })
      : null;
    const siteUrl = (opts.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    const apiUrl = opts.publicApiUrl ? opts.publicApiUrl.replace(/\/+$/, '') : null;
    const permissions = new RolePermissionsCache();
    const db = app.db;

    const siteLink = (p: string) => `${siteUrl}${p.startsWith('/') ? p : `/${p}`}`;

    const toAuthUser = async (user: UserRow): Promise<AuthUser> => {
      const perms = await permissions.get(db, user.roleId);
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        lastname: user.lastname,
        role: user.role,
        permissions: perms,
        isVip: perms.includes(VIP_PERMISSION),
      };
    };

    const mailLinks = async (userId: number): Promise<MailLinks> => {
      const t = encodeURIComponent(await tokens.signUnsubscribe(userId));
      return {
        preferences: siteLink(`/suscriptions?token=${t}`),
        unsubscribe: siteLink(`/suscriptions?token=${t}&unsubscribe=1`),
        oneClick: apiUrl ? `${apiUrl}/api/user/subscriptions/unsubscribe?token=${t}` : null,
      };
    };

    const sendTo = (async (user: { id: number; email: string }, kind: CustomerMailKind, render: (links: MailLinks) => RenderedMail) => {
      if (CUSTOMER_MAIL_KINDS[kind] === 'orderUpdates') {
        const [row] = await db.select({ wants: users.mailOrderUpdates }).from(users).where(eq(users.id, user.id)).limit(1);
        if (!row?.wants) return null;
      }
      const rendered = render(await mailLinks(user.id));
      const message: MailMessage = { to: user.email, kind, ...rendered };
      return mailer.send(message);
    }) as AuthServices['sendTo'];

    const createAutoLoginLink: AuthServices['createAutoLoginLink'] = async (userId, orderId, requestedBy = null) => {
      const { token, expiresAt } = await issueToken(db, { userId, kind: 'autologin', orderId, ttlMs: TOKEN_TTL_MS.autologin, requestedBy });
      return { url: siteLink(`/autoLogin?token=${encodeURIComponent(token)}`), expiresAt };
    };

    /** Secure whenever the API is reached over https (its public URL says so, or the request came that way). */
    const refreshCookieHeader = (req: FastifyRequest, value: string, maxAgeS: number): string => {
      const secure = apiUrl?.startsWith('https:') || req.protocol === 'https';
      const expires = new Date(maxAgeS > 0 ? Date.now() + maxAgeS * 1000 : 0).toUTCString();
      return [
        `${REFRESH_COOKIE}=${value}`,
        `Path=${REFRESH_COOKIE_PATH}`,
        `Max-Age=${maxAgeS}`,
        `Expires=${expires}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    };

    const continueSession = async (user: UserRow, refresh: IssuedRefresh, reply: FastifyReply): Promise<SessionPayload> => {
      const [{ token }, perms] = await Promise.all([
        tokens.signSession(
          { id: user.id, role: user.role, passwordHash: user.passwordHash },
          { remember: refresh.remember, sid: refresh.familyId, sessionExpiresAt: refresh.expiresAt },
        ),
        permissions.get(db, user.roleId),
      ]);
      reply.header('set-cookie', refreshCookieHeader(reply.request, refresh.token, refreshLifetimeS(refresh.remember)));
      return { user: publicUser(user), token, permissions: perms };
    };

    const listeners: AccountChangeListener[] = [];
    const accountChanged: AuthServices['accountChanged'] = async (userId, change) => {
      // Not caught: a change whose sessions could not be ended must fail loudly, not leave them alive.
      await revokeUserRefreshTokens(db, userId);
      for (const listener of listeners) {
        try {
          await listener(userId, change);
        } catch (err) {
          app.log.error({ err, userId, change }, 'aviso de cambio de cuenta');
        }
      }
    };

    const services: AuthServices = {
      tokens,
      mailer,
      throttle,
      google,
      siteUrl,
      permissions,
      siteLink,
      toAuthUser,
      mailLinks,
      sendTo,
      createAutoLoginLink,
      async session(user, remember, reply) {
        return continueSession(user, await issueRefreshToken(db, { userId: user.id, remember }), reply);
      },
      continueSession,
      clearRefreshCookie(reply) {
        reply.header('set-cookie', refreshCookieHeader(reply.request, '', 0));
      },
      refreshCookie(req) {
        return readCookie(req.headers.cookie, REFRESH_COOKIE);
      },
      async sendVerification(user) {
        const { token } = await issueToken(db, { userId: user.id, kind: 'verify' });
        const url = siteLink(`/verify/${encodeURIComponent(token)}`);
        return sendTo(user, 'verify', (links) => verificationMail({ name: user.name, url }, links));
      },
      async sendPasswordReset(user) {
        const { token } = await issueToken(db, { userId: user.id, kind: 'reset' });
        const url = siteLink(`/reset-password/${encodeURIComponent(token)}`);
        return sendTo(user, 'reset', (links) => resetPasswordMail({ name: user.name, url }, links));
      },
      async sendAutoLogin(user, orderId, orderLabel, requestedBy = null) {
        const { url, expiresAt } = await createAutoLoginLink(user.id, orderId, requestedBy);
        const sent = await sendTo(user, 'autologin', (links) => autoLoginMail({ name: user.name, url, orderLabel }, links));
        return { sent, expiresAt };
      },
      async setPassword(userId, passwordHash, opts = {}) {
        await setPasswordHash(db, userId, passwordHash, opts.verifyEmail ?? false);
        await accountChanged(userId, 'password');
      },
      accountChanged,
      onAccountChange(listener) {
        listeners.push(listener);
      },
    };

    app.decorate('auth', services);
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    /** The user of the request's token: null without a token; throws 401 for a bad one. */
    const resolve = async (req: FastifyRequest): Promise<AuthUser | null> => {
      const raw = bearer(req);
      if (raw === null) return null;
      if (raw === 'malformed') throw HttpError.unauthorized();
      const claims = await tokens.verifySession(raw);
      if (!claims) throw HttpError.unauthorized();
      const row = await findUserById(db, claims.userId);
      if (!row || passwordFingerprint(row.passwordHash) !== claims.pwd) throw HttpError.unauthorized();
      req.session = { exp: claims.exp, remember: claims.remember };
      return toAuthUser(row);
    };

    const authenticate: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
      const user = await resolve(req);
      if (!user) throw HttpError.unauthorized();
      req.user = user;
    };

    const optionalAuth: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
      try {
        req.user = await resolve(req);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) {
          req.user = null;
          return;
        }
        throw err;
      }
    };

    const requireStaff: preHandlerAsyncHookHandler = async (req, reply) => {
      await authenticate.call(app, req, reply);
      if (!req.user || !isStaffRole(req.user.role)) throw HttpError.forbidden(MESSAGES.forbidden);
    };

    app.decorate('authenticate', authenticate);
    app.decorate('optionalAuth', optionalAuth);
    app.decorate('requireStaff', requireStaff);
    // Staff first: a permission granted to a customer role (by mistake or by a later migration) must never
    // open a staff route. Any one of `names` is enough.
    app.decorate('requirePermission', (...names: string[]): preHandlerAsyncHookHandler => {
      if (names.length === 0) throw new Error('requirePermission: at least one permission');
      return async (req, reply) => {
        await requireStaff.call(app, req, reply);
        if (!names.some((n) => req.user!.permissions.includes(n))) throw HttpError.forbidden(MESSAGES.forbidden);
      };
    });

    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'auth', dependencies: ['db'] },
);

/** One cookie's value from a Cookie header (no decoding: our values are base64url), or null. */
function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!o) return out;
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** pino redaction paths: passwords and tokens never reach the log. */
const REDACT_PATHS = [
  'req.body.password',
  'req.body.confirmPassword',
  'req.body.newPassword',
  'req.body.currentPassword',
  'req.body.token',
  'req.body.credential',
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.confirmPassword',
  'body.newPassword',
  'body.currentPassword',
  'password',
  'passwordHash',
  '*.password',
  '*.passwordHash',
];

type RedactOption = string[] | { paths: string[]; censor?: unknown; remove?: boolean };
type Serializers = Record<string, (value: never) => unknown>;
type LoggerOption = boolean | { redact?: RedactOption; serializers?: Serializers } | undefined;

/** Query parameters whose values are secrets (one-time links, unsubscribe tokens, Google credentials). */
const SECRET_PARAM = /token|secret|password|credential|code|key/i;

/** The URL with the values of secret-looking query parameters replaced: a logged URL carries no live link. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq < 0 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[oculto]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  host?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the URL's secrets redacted. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Adds REDACT_PATHS and the URL-redacting request serializer to Fastify's logger options (used by app.ts);
 * false / undefined stay silent.
 */
export function withRedaction<T extends LoggerOption>(logger: T): T {
  if (!logger) return logger;
  const base: { redact?: RedactOption; serializers?: Serializers } = logger === true ? {} : logger;
  const current = base.redact;
  const paths = [...new Set([...(Array.isArray(current) ? current : (current?.paths ?? [])), ...REDACT_PATHS])];
  const redact = current && !Array.isArray(current) ? { ...current, paths } : { paths, censor: '[oculto]' };
  return { ...base, redact, serializers: { ...base.serializers, req: serializeRequest } } as unknown as T;
}
