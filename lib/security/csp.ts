/**
 * Content-Security-Policy and the other document headers set by proxy.ts (runs at request time, so the
 * API origin and HSTS come from the running server's environment, not the build machine's).
 *
 * Two policies, because of how pages are rendered:
 * - Pages rendered per request (`dynamic = 'force-dynamic'`: the staff back-office, orders, a single
 *   order with its chat, profile, login and the token pages) get a strict policy with a fresh nonce:
 *   `script-src 'nonce-…' 'strict-dynamic'`. Next reads the nonce from the request's CSP header and puts
 *   it on its own scripts; chunks those scripts load (and Google Identity Services) are trusted through
 *   'strict-dynamic'. These are the pages that show text other people typed (customers' names and
 *   addresses to staff, chat messages), so they are where a script-injection bug would hurt most.
 * - Cached pages (home, catalogue, products, cart, checkout, static pages: ISR, one HTML for every
 *   visitor) cannot carry a per-request nonce without being rendered per request, which would throw
 *   their cache away. They get the policy Next documents for static pages: `script-src 'self'
 *   'unsafe-inline'` (Next's inline bootstrap scripts) — no eval, no other script origins — and the same
 *   tight limits on everything else (objects, base, frames, forms, images, connections).
 * Styles stay 'unsafe-inline' on both: React renders style="" attributes, which cannot carry a nonce.
 * NONCE_PATHS must only list routes that are really rendered per request: a cached page served with a
 * nonce policy would have its scripts blocked (csp.test.ts checks the list against the route files).
 */
import { splitLocalePrefix } from '@/lib/locales';

/** Spanish paths (locale prefix removed) rendered per request. */
export const NONCE_PATHS: RegExp[] = [
  /^\/admin(\/.*)?$/,
  /^\/orders\/?$/,
  /^\/order\/[^/]+\/?$/,
  /^\/profile\/?$/,
  /^\/suscriptions\/?$/,
  /^\/login\/?$/,
  /^\/renew-session\/?$/,
  /^\/autoLogin\/?$/,
  /^\/reset-password\/[^/]+\/?$/,
  /^\/verify\/[^/]+\/?$/,
];

export function usesNonce(pathname: string): boolean {
  const [, rest] = splitLocalePrefix(pathname);
  return NONCE_PATHS.some((re) => re.test(rest));
}

/** 16 random bytes, base64 (a valid CSP nonce-source). */
function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Google Identity Services ("Sign in with Google", components/account/GoogleSignIn). */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** The API origin plus its websocket twin (socket.io uses the websocket transport only). */
export function apiSources(apiUrl: string): string[] {
  try {
    const u = new URL(apiUrl);
    const ws = `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
    return [u.origin, ws];
  } catch {
    return [];
  }
}

export interface CspOptions {
  /** present on per-request pages: strict nonce policy */
  nonce?: string;
  /** the API as the browser reaches it (PUBLIC_API_URL) */
  apiUrl: string;
  /** `next dev` needs eval (React's debugging) and websocket HMR */
  dev?: boolean;
  /** add upgrade-insecure-requests (site served over https) */
  https?: boolean;
}

export function buildCsp({ nonce, apiUrl, dev = false, https = false }: CspOptions): string {
  const api = apiSources(apiUrl);
  const script = nonce
    ? [`'nonce-${nonce}'`, "'strict-dynamic'"]
    : ["'self'", "'unsafe-inline'", `${GOOGLE_GSI}client`];
  if (dev) script.push("'unsafe-eval'");
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', ["'self'", "'unsafe-inline'", `${GOOGLE_GSI}style`]],
    ['img-src', ["'self'", 'data:', 'blob:', ...api.slice(0, 1)]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...api, GOOGLE_GSI, ...(dev ? ['ws:'] : [])]],
    ['frame-src', [GOOGLE_GSI]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
  ];
  const parts = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** HSTS only when the site is served over https (PUBLIC_SITE_URL) or forced with HSTS=1; HSTS=0 turns it off. */
export function hstsHeader(env: { HSTS?: string; PUBLIC_SITE_URL?: string }): string | null {
  const on = env.HSTS === '1' || (env.HSTS !== '0' && (env.PUBLIC_SITE_URL ?? '').startsWith('https://'));
  return on ? 'max-age=31536000; includeSubDomains' : null;
}

export interface DocumentSecurity {
  /** set on the request so Next can put the nonce on its scripts (per-request pages only) */
  requestHeaders: Record<string, string>;
  /** set on the response */
  responseHeaders: Record<string, string>;
}

/**
 * The headers of one page request. The static ones (nosniff, referrer, permissions, frame options) are
 * also sent for every file by next.config.mjs; repeating them here covers proxy-made answers too.
 */
export function documentSecurity(
  pathname: string,
  env: { NODE_ENV?: string; PUBLIC_API_URL?: string; SHOP_API_URL?: string; PUBLIC_SITE_URL?: string; HSTS?: string },
  nonce?: string,
): DocumentSecurity {
  const apiUrl = env.PUBLIC_API_URL ?? env.SHOP_API_URL ?? 'http://localhost:4000';
  const https = (env.PUBLIC_SITE_URL ?? '').startsWith('https://');
  const dev = env.NODE_ENV === 'development';
  // cached pages never need one: no random bytes spent on them
  const fresh = usesNonce(pathname) ? (nonce ?? createNonce()) : undefined;
  const csp = buildCsp({ nonce: fresh, apiUrl, dev, https });
  const responseHeaders: Record<string, string> = { 'Content-Security-Policy': csp, ...STATIC_SECURITY_HEADERS };
  const hsts = hstsHeader(env);
  if (hsts) responseHeaders['Strict-Transport-Security'] = hsts;
  return {
    requestHeaders: fresh ? { 'content-security-policy': csp, 'x-nonce': fresh } : {},
    responseHeaders,
  };
}

/** Same values as next.config.mjs headers() (kept in sync by csp.test.ts). */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};
