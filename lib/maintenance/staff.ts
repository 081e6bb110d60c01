/**
 * Staff may still use the site during maintenance. The storefront holds no key to verify a session token,
 * so it never trusts one by itself: `isStaffToken` only DECODES the claims (a cheap pre-filter — a token
 * that does not even claim a staff role costs nothing), and `createStaffCheck` asks the API (GET /auth, the
 * same check as every API call: signature, expiry, user, password, role from the database) once per token,
 * caching the answer briefly. Decision and trade-offs: docs/adr/0004-storefront-verifies-staff-sessions.md.
 */
import { isStaffRole } from '../session/roles';
import { askApi, type ApiCheckOptions } from './api-check';

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
  return isStaffRole(payload.role);
}

const STAFF_CHECK_TTL_MS = 30_000;
const STAFF_CHECK_TIMEOUT_MS = 1_500;
/** Most distinct tokens remembered, and most verifications running at once (forged tokens cannot flood the API). */
const STAFF_CHECK_MAX_ENTRIES = 1_000;
const STAFF_CHECK_MAX_INFLIGHT = 20;

export interface StaffCheckOptions extends ApiCheckOptions {
  maxEntries?: number;
  maxInflight?: number;
}

export interface StaffCheck {
  /** Whether the API confirms `token` as a live session of a staff role (cached per token for a short while). */
  isStaff(token: string | undefined | null): Promise<boolean>;
  reset(): void;
}

/** Reads a staff role out of a GET /auth answer (`data.user.role`); anything else is false. */
function parseSessionRole(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const envelope = body as { success?: unknown; data?: { user?: { role?: unknown } | null } | null };
  if (envelope.success !== true) return false;
  const role = envelope.data?.user?.role;
  return isStaffRole(role);
}

export function createStaffCheck({
  apiUrl,
  ttlMs = STAFF_CHECK_TTL_MS,
  timeoutMs = STAFF_CHECK_TIMEOUT_MS,
  maxEntries = STAFF_CHECK_MAX_ENTRIES,
  maxInflight = STAFF_CHECK_MAX_INFLIGHT,
  fetchImpl,
  now = Date.now,
}: StaffCheckOptions): StaffCheck {
  const answers = new Map<string, { staff: boolean; at: number }>();
  const inflight = new Map<string, Promise<boolean>>();

  // API down or slow: false, so the visitor sees the maintenance screen (the safe side)
  const ask = (token: string) => askApi({ apiUrl, timeoutMs, fetchImpl }, 'auth', { authorization: `Bearer ${token}` }, parseSessionRole);

  function remember(token: string, staff: boolean): void {
    if (answers.size >= maxEntries) {
      const t = now();
      for (const [k, v] of answers) if (t - v.at >= ttlMs) answers.delete(k);
      // still full: forget the oldest half rather than grow
      let n = answers.size >= maxEntries ? Math.floor(maxEntries / 2) : 0;
      for (const k of answers.keys()) {
        if (n-- <= 0) break;
        answers.delete(k);
      }
    }
    answers.set(token, { staff, at: now() });
  }

  return {
    async isStaff(token) {
      // The claims are unverified: they may only rule a token OUT before any API call.
      if (!token || token.length > 4096 || !isStaffToken(token, now())) return false;
      const hit = answers.get(token);
      if (hit && now() - hit.at < ttlMs) return hit.staff;
      const running = inflight.get(token);
      if (running) return running;
      if (inflight.size >= maxInflight) return false;
      const p = ask(token)
        .then((staff) => {
          remember(token, staff);
          return staff;
        })
        .finally(() => inflight.delete(token));
      inflight.set(token, p);
      return p;
    },
    reset() {
      answers.clear();
      inflight.clear();
    },
  };
}
