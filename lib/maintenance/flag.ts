/**
 * The maintenance flag (api/config `maintaince`, spelled as on the wire) as proxy.ts reads it on
 * every page request — cheaply:
 * - an in-memory value with a short TTL (20 s): at most one API call per TTL per server process;
 * - one in-flight request shared by all concurrent callers;
 * - stale-while-revalidate: once a value exists, callers never wait; an expired value is returned
 *   while a refresh runs in the background;
 * - a failure (API down, timeout, bad answer) counts as "not in maintenance" (the pages then show
 *   their own error handling), and is itself cached for the TTL so a down API is not hammered.
 */
import { apiPaths } from '@/lib/api/paths';
import { askApi, type ApiCheckOptions } from './api-check';

const MAINTENANCE_TTL_MS = 20_000;
const MAINTENANCE_TIMEOUT_MS = 1_500;

export interface MaintenanceFlag {
  /** Whether the shop is in maintenance (cached; see above). */
  get(): Promise<boolean>;
  /** Forgets the cached value (tests, or after a config change pushed to this process). */
  reset(): void;
}

/** Reads `data.maintaince === true` out of an api/config envelope; anything else is false. */
export function parseMaintenance(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const envelope = body as { success?: unknown; data?: { maintaince?: unknown } | null };
  if (envelope.success === false) return false;
  return envelope.data?.maintaince === true;
}

export function createMaintenanceFlag({
  apiUrl,
  ttlMs = MAINTENANCE_TTL_MS,
  timeoutMs = MAINTENANCE_TIMEOUT_MS,
  fetchImpl,
  now = Date.now,
}: ApiCheckOptions): MaintenanceFlag {
  let value = false;
  let fetchedAt = 0;
  let known = false;
  let inflight: Promise<boolean> | null = null;

  const load = () => askApi({ apiUrl, timeoutMs, fetchImpl }, apiPaths.config, {}, parseMaintenance);

  function refresh(): Promise<boolean> {
    if (!inflight) {
      inflight = load()
        .then((next) => {
          value = next;
          fetchedAt = now();
          known = true;
          return next;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  }

  return {
    get() {
      if (!known) return refresh();
      if (now() - fetchedAt >= ttlMs) void refresh();
      return Promise.resolve(value);
    },
    reset() {
      value = false;
      fetchedAt = 0;
      known = false;
      inflight = null;
    },
  };
}
