/**
 * Runs once when a storefront server process starts (Next instrumentation hook). Node runtime only:
 * each request gets its own scope, so a page whose render failed because the shop API is down, hung or
 * short-circuited answers 503 instead of 500 (lib/api/unavailable-status.ts explains why this cannot be
 * done inside the page, and why only that response is touched), and a path with a malformed
 * %-escape answers 400 instead of Next's 500 (lib/security/bad-path.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installUnavailableStatus } = await import('./lib/api/unavailable-status');
  installUnavailableStatus();
  const { installBadPathGuard } = await import('./lib/security/bad-path');
  installBadPathGuard();
}
