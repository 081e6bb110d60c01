/**
 * Access tokens: HS256 JWTs (jose). Claims: sub = user id, role, pwd = a fingerprint of the password
 * hash (changing the password invalidates every older token), aud 'session', rem = remember-me, and — for
 * tokens issued with a refresh token — sid (the refresh family) and sxp (when that session ends, seconds).
 * Lifetime: ACCESS_TOKEN_TTL_S (15 minutes); the session itself lives in the refresh token (1 day, or 30
 * days with remember-me: server/auth/refresh-tokens.ts, ADR 0005).
 *
 * The same secret signs the one-click unsubscribe tokens of the mails (aud 'unsubscribe', no expiry),
 * which can never pass as a session token because the audience differs.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

export const ISSUER = 'aromas-del-alma';
export const SESSION_AUDIENCE = 'session';
const UNSUBSCRIBE_AUDIENCE = 'unsubscribe';
/** Session (refresh token) lifetimes: 30 days with remember-me, 1 day otherwise. */
export const REMEMBER_TTL_S = 30 * 24 * 3600;
export const SESSION_TTL_S = 24 * 3600;
/** Access token lifetime (ADR 0005): the one place it is set; ACCESS_TOKEN_TTL_S overrides it (tests). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** ACCESS_TOKEN_TTL_S from the environment: whole seconds, 5 s to 1 day; unset → the default. */
export function accessTokenTtlFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return ACCESS_TOKEN_TTL_S;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 5 || n > 86_400) throw new Error(`ACCESS_TOKEN_TTL_S: whole seconds from 5 to 86400, got "${raw}"`);
  return n;
}

export interface SessionClaims {
  userId: number;
  role: string;
  pwd: string;
  remember: boolean;
  exp: number;
  /** refresh family of the sign-in (absent on tokens issued before refresh tokens existed) */
  sid: string | null;
}

export interface AccessTokenOptions {
  remember: boolean;
  /** refresh family this access token belongs to */
  sid?: string;
  /** when the session (its refresh token) ends: the storefront keeps its cookie that long */
  sessionExpiresAt?: Date;
}

/** Short fingerprint of the stored password hash (or of its absence). */
export function passwordFingerprint(passwordHash: string | null | undefined): string {
  return createHash('sha256')
    .update(passwordHash ?? 'no-password')
    .digest('base64url')
    .slice(0, 12);
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    readonly accessTtlS: number = ACCESS_TOKEN_TTL_S,
  ) {}

  async signSession(
    user: { id: number; role: string; passwordHash: string | null },
    opts: AccessTokenOptions,
  ): Promise<{ token: string; expiresAt: Date }> {
    const ttl = this.accessTtlS;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = { role: user.role, pwd: passwordFingerprint(user.passwordHash), rem: opts.remember };
    if (opts.sid) claims.sid = opts.sid;
    if (opts.sessionExpiresAt) claims.sxp = Math.floor(opts.sessionExpiresAt.getTime() / 1000);
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomUUID()) // two tokens of one second never coincide (a refresh always answers a new one)
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .sign(this.secret);
    return { token, expiresAt: new Date((now + ttl) * 1000) };
  }

  /** The claims of a valid session token, or null (bad signature, expired, wrong audience, malformed). */
  async verifySession(token: string): Promise<SessionClaims | null> {
    const payload = await this.verified(token, SESSION_AUDIENCE);
    const userId = subjectId(payload);
    if (!payload || userId === null || typeof payload.exp !== 'number') return null;
    return {
      userId,
      role: typeof payload.role === 'string' ? payload.role : '',
      pwd: typeof payload.pwd === 'string' ? payload.pwd : '',
      remember: payload.rem === true,
      exp: payload.exp,
      sid: typeof payload.sid === 'string' ? payload.sid : null,
    };
  }

  /** A signed, reusable one-click unsubscribe token for the mails of one user. */
  signUnsubscribe(userId: number): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setIssuedAt()
      .sign(this.secret);
  }

  async verifyUnsubscribe(token: string): Promise<number | null> {
    return subjectId(await this.verified(token, UNSUBSCRIBE_AUDIENCE));
  }

  /** The payload of a token of ours for `audience`, or null (bad signature, expired, wrong audience, malformed). */
  private async verified(token: string, audience: string): Promise<JWTPayload | null> {
    try {
      return (await jwtVerify(token, this.secret, { algorithms: ['HS256'], issuer: ISSUER, audience })).payload;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

/** The user id a token is about (its subject), or null when there is none. */
function subjectId(payload: JWTPayload | null): number | null {
  const userId = Number(payload?.sub);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}
