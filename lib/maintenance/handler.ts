import { shopApiUrl } from '@/lib/api/config';
import { createMaintenanceFlag, type MaintenanceFlag } from './flag';
import { localeFromPath, maintenanceResponse } from './page';
import { isStaffToken } from './staff';

/** The session cookie (architecture.md). */
export const TOKEN_COOKIE = 'userToken';

/** One flag per server process (module state survives between proxy invocations on the Node runtime). */
export const maintenanceFlag: MaintenanceFlag = createMaintenanceFlag({ apiUrl: shopApiUrl });

export interface ProxyRequestLike {
  nextUrl: { pathname: string };
  cookies: { get(name: string): { value: string } | undefined };
}

/**
 * The maintenance branch of proxy.ts: the 503 screen when the shop is in maintenance and the
 * visitor is not staff, otherwise null (carry on).
 */
export async function maintenanceGate(
  request: ProxyRequestLike,
  flag: MaintenanceFlag = maintenanceFlag,
): Promise<Response | null> {
  if (!(await flag.get())) return null;
  if (isStaffToken(request.cookies.get(TOKEN_COOKIE)?.value)) return null;
  return maintenanceResponse(localeFromPath(request.nextUrl.pathname));
}

