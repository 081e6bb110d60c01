/**
 * Runs once when a storefront server process starts (Next instrumentation hook). Node runtime only:
 * each request gets its own scope, so a page whose render failed because the shop API is down, hung or
 * short-circuited answers 503 instead of 500 (lib/api/unavailable-status.ts explains why this cannot be
 * done inside the page, and why only that response is touched); a path with a malformed %-escape answers
 * 400 instead of Next's 500 (lib/security/bad-path.ts); and, with STOREFRONT_METRICS_PORT set, Prometheus
 * metrics on their own loopback port (lib/metrics/storefront.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // every variable checked once, before the first request: a bad one stops the start, named (lib/env.ts)
  const { storefrontEnvAtStart } = await import('./lib/env');
  const env = storefrontEnvAtStart();
  const { installUnavailableStatus } = await import('./lib/api/unavailable-status');
  installUnavailableStatus();
  // the shop's prebuilt 503 and 404 pages: rendered once, served without a render (lib/status-pages)
  const { installStatusPages } = await import('./lib/status-pages/templates');
  installStatusPages();
  const { installBadPathGuard } = await import('./lib/security/bad-path');
  installBadPathGuard();
  const port = env.STOREFRONT_METRICS_PORT;
  if (port > 0) {
    const { startStorefrontMetrics } = await import('./lib/metrics/storefront');
    // a taken port must not stop the shop from selling: say so and go on (the scrape's `up` shows it)
    await startStorefrontMetrics({ port, host: env.STOREFRONT_METRICS_HOST, token: env.METRICS_TOKEN }).catch((err: Error) =>
      console.error(`métricas del storefront: no se pudo abrir el puerto ${port}: ${err.message}`),
    );
  }
}

export async function onRequestError(
  _err: unknown,
  _request: unknown,
  context: { routePath?: string; routeType?: string; renderSource?: string },
): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { recordRequestError } = await import('./lib/metrics/storefront');
  recordRequestError(context);
}
