/**
 * Session tokens: HS256 JWTs (jose). Claims: sub = user id, role, pwd = a fingerprint of the password
 * hash (changing the password invalidates every older token), aud 'session'. Lifetime: 30 days with
 * remember-me, 1 day otherwise.
 *
 * The same secret signs the one-click unsubscribe tokens of the mails (aud 'unsubscribe', no expiry),
 * which can never pass as a session token because the audience differs.
 */
import { createHash } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export const ISSUER = 'aromas-del-alma';
export const SESSION_AUDIENCE = 'session';
const UNSUBSCRIBE_AUDIENCE = 'unsubscribe';
const REMEMBER_TTL_S = 30 * 24 * 3600;
const SESSION_TTL_S = 24 * 3600;

export interface SessionClaims {
  userId: number;
  role: string;
  pwd: string;
  remember: boolean;
  exp: number;
}

/** Short fingerprint of the stored password hash (or of its absence). */
export function passwordFingerprint(passwordHash: string | null | undefined): string {
  return createHash('sha256')
    .update(passwordHash ?? 'no-password')
    .digest('base64url')
    .slice(0, 12);
}

export class TokenService {
  constructor(private readonly secret: Uint8Array) {}

  async signSession(
    user: { id: number; role: string; passwordHash: string | null },
    remember: boolean,
  ): Promise<{ token: string; expiresAt: Date }> {
    const ttl = remember ? REMEMBER_TTL_S : SESSION_TTL_S;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ role: user.role, pwd: passwordFingerprint(user.passwordHash), rem: remember })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
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
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: SESSION_AUDIENCE,
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.exp !== 'number') return null;
      return {
        userId,
        role: typeof payload.role === 'string' ? payload.role : '',
        pwd: typeof payload.pwd === 'string' ? payload.pwd : '',
        remember: payload.rem === true,
        exp: payload.exp,
      };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
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
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: UNSUBSCRIBE_AUDIENCE,
      });
      const userId = Number(payload.sub);
      return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    } catch {
      return null;
    }
  }
}
