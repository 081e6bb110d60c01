import { shopApiUrl } from '@/lib/api/config';
import { createMaintenanceFlag, type MaintenanceFlag } from './flag';
import { localeFromPath, splitLocalePrefix } from '@/lib/locales';
import { maintenanceResponse } from './page';
import { createStaffCheck, decodeJwtPayload, isStaffToken, type StaffCheck } from './staff';

/** The session cookie (architecture.md). */
export const TOKEN_COOKIE = 'userToken';

/** One flag per server process (module state survives between proxy invocations on the Node runtime). */
const maintenanceFlag: MaintenanceFlag = createMaintenanceFlag({ apiUrl: shopApiUrl });
/** Staff sessions confirmed by the API (asked only while in maintenance; cached 30 s per token). */
const staffCheck: StaffCheck = createStaffCheck({ apiUrl: shopApiUrl });

export interface ProxyRequestLike {
  nextUrl: { pathname: string };
  cookies: { get(name: string): { value: string } | undefined };
}

/**
 * The maintenance branch of proxy.ts: the 503 screen when the shop is in maintenance and the
 * visitor is not staff as the API confirms it (never a claim read from the cookie), otherwise null.
 */
export async function maintenanceGate(
  request: ProxyRequestLike,
  flag: MaintenanceFlag = maintenanceFlag,
  staff: StaffCheck = staffCheck,
): Promise<Response | null> {
  if (!(await flag.get())) return null;
  const token = request.cookies.get(TOKEN_COOKIE)?.value;
  if (await staff.isStaff(token)) return null;
  const renew = renewExpiredStaff(request.nextUrl.pathname, token);
  if (renew !== undefined) return renew;
  return maintenanceResponse(localeFromPath(request.nextUrl.pathname));
}

/**
 * A staff session whose 15-minute access token expired (ADR 0005) would be locked out for the whole
 * maintenance: no page could renew it. Its claims (decoded, not trusted) say staff, so the browser is sent
 * to /renew-session — a page with no shop data — which renews the token with the API's HttpOnly cookie and
 * comes back through this gate, where the API must confirm the new token. A forged claim gets nothing but
 * a refused renewal. Returns null to let /renew-session through, a redirect to it, or undefined (not such a token).
 */
function renewExpiredStaff(pathname: string, token: string | undefined): Response | null | undefined {
  if (!token || isStaffToken(token) || !isStaffToken(token, 0)) return undefined;
  const sxp = decodeJwtPayload(token)?.sxp;
  if (typeof sxp !== 'number' || sxp * 1000 <= Date.now()) return undefined; // no session left to renew
  const [prefix, rest] = splitLocalePrefix(pathname);
  if (/^\/renew-session\/?$/.test(rest)) return null;
  const location = `${prefix}/renew-session?next=${encodeURIComponent(rest)}`;
  return new Response(null, { status: 307, headers: { location, 'cache-control': 'no-store' } });
}

