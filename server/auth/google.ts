/**
 * Google sign-in: verifies a Google ID token (RS256) against Google's published keys (JWKS, fetched and
 * cached by jose's createRemoteJWKSet). The JWKS URL is configurable (GOOGLE_JWKS_URL) so tests can serve
 * their own keys; audience = GOOGLE_CLIENT_ID; issuer accounts.google.com (with or without https://).
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** verify() resolves null for a refused token and rejects when the keys cannot be fetched. */
export interface GoogleVerifier {
  clientId: string;
  verify(credential: string): Promise<GoogleIdentity | null>;
}

export function createGoogleVerifier(opts: { clientId: string; jwksUrl?: string; getKey?: JWTVerifyGetKey }): GoogleVerifier {
  const jwks = opts.getKey ?? createRemoteJWKSet(new URL(opts.jwksUrl ?? DEFAULT_GOOGLE_JWKS_URL), { timeoutDuration: 5000 });
  return {
    clientId: opts.clientId,
    async verify(credential) {
      if (typeof credential !== 'string' || credential.length > 8192) return null;
      try {
        const { payload } = await jwtVerify(credential, jwks, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: opts.clientId,
          clockTolerance: 30,
        });
        const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
        if (!payload.sub || !email) return null;
        const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
        return {
          sub: payload.sub,
          email,
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          givenName: str(payload.given_name),
          familyName: str(payload.family_name),
          name: str(payload.name),
        };
      } catch (err) {
        // A bad token is a refusal; Google's keys being unreachable is not the user's fault.
        if (err instanceof joseErrors.JWKSTimeout) throw err;
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
