/**
 * Staff may still use the site during maintenance. proxy.ts only DECODES the `userToken` JWT (no
 * signature check: it has no secret, and it must stay cheap); a forged token would merely show the
 * storefront pages, whose data calls the API verifies anyway (every API call checks the token).
 */
export const STAFF_ROLES: readonly string[] = ['superadmin', 'admin', 'employee', 'orderemployee'];

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload, or null when the token is not a decodable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1] || parts[1].length > 4096) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as unknown;
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether the token claims a staff role (`role` claim) and has not expired (`exp`, seconds). */
export function isStaffToken(token: string | undefined | null, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeJwtPayload(token);
  if (!payload) return false;
  if (typeof payload.exp === 'number' && payload.exp * 1000 <= nowMs) return false;
  return typeof payload.role === 'string' && STAFF_ROLES.includes(payload.role);
}
