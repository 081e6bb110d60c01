/**
 * Signed-in guard (spec §2, §6): checkout, profile, the order list, single orders, the price list and the staff
 * back-office (/admin) need a session.
 * Pure, so proxy.ts (edge) can call it: `guardRedirect(pathname, Boolean(req.cookies.get('userToken')))`.
 */
import { splitLocalePrefix } from '../locales';

/** Protected Spanish paths: exact matches and sub-trees. */
const PROTECTED: RegExp[] = [
  /^\/checkout(\/.*)?$/,
  /^\/profile(\/.*)?$/,
  /^\/orders(\/.*)?$/,
  // the customer's price list (issue 23 §3)
  /^\/price-list\/?$/,
  /^\/order\/[^/]+\/?$/,
  // the staff back-office (the API checks the role on every call)
  /^\/admin(\/.*)?$/,
];

export function isProtectedPath(pathname: string): boolean {
  const [, rest] = splitLocalePrefix(pathname);
  return PROTECTED.some((re) => re.test(rest));
}

/**
 * Where to send a request, or null to let it through: a protected path without the `userToken`
 * cookie goes to the login page of the same locale with `next` = the requested path.
 */
export function guardRedirect(pathname: string, hasToken: boolean): string | null {
  if (hasToken || !isProtectedPath(pathname)) return null;
  const [prefix] = splitLocalePrefix(pathname);
  return `${prefix}/login?next=${encodeURIComponent(pathname)}`;
}

/**
 * The `next` parameter made safe to navigate to: only a same-origin absolute path
 * (no scheme, no protocol-relative "//host", no backslash tricks); anything else gives the fallback.
 */
export function safeNext(next: string | null | undefined, fallback = '/'): string {
  if (!next || typeof next !== 'string') return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  return next;
}
