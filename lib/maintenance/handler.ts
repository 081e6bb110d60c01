import { shopApiUrl } from '@/lib/api/config';
import { createMaintenanceFlag, type MaintenanceFlag } from './flag';
import { localeFromPath } from '@/lib/locales';
import { maintenanceResponse } from './page';
import { createStaffCheck, type StaffCheck } from './staff';

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
  if (await staff.isStaff(request.cookies.get(TOKEN_COOKIE)?.value)) return null;
  return maintenanceResponse(localeFromPath(request.nextUrl.pathname));
}

