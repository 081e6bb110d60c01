/**
 * Prometheus metrics of the storefront process (issue 27), started from instrumentation.ts on their own
 * loopback listener (STOREFRONT_METRICS_PORT, off unless set; optional bearer METRICS_TOKEN) — never on
 * the public site. Process metrics (CPU, memory, event-loop lag, GC) plus the render errors Next reports
 * through the `onRequestError` hook, by route template. Next exposes no page-cache hit counter to
 * instrumentation; the shop's own cache rates are on the API (shop_catalogue_cache_*).
 */
import type http from 'node:http';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { processWide } from '@/lib/process-wide';
import { createScrapeServer } from './scrape';

type State = { registry: Registry; errors: Counter<'route' | 'route_type' | 'render_source'>; server?: http.Server };

// One per process even if Next evaluates this module in more than one bundle.
const state = () =>
  processWide<State>('storefront.metrics', () => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const errors = new Counter({
      name: 'storefront_request_errors_total',
      help: 'Errores de renderizado o de rutas del storefront por plantilla de ruta',
      labelNames: ['route', 'route_type', 'render_source'] as const,
      registers: [registry],
    });
    return { registry, errors };
  });

export function recordRequestError(context: { routePath?: string; routeType?: string; renderSource?: string }): void {
  state().errors.inc({ route: context.routePath ?? 'unknown', route_type: context.routeType ?? 'unknown', render_source: context.renderSource ?? 'none' });
}

/** Starts the listener once; `port` 0 picks a free one (tests). */
export function startStorefrontMetrics(opts: { port: number; host?: string; token?: string }): Promise<http.Server> {
  const s = state();
  if (s.server) return Promise.resolve(s.server);
  const server = createScrapeServer(s.registry, opts.token);
  s.server = server;
  return new Promise((resolve, reject) => {
    server.once('error', (err) => {
      s.server = undefined;
      reject(err);
    });
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve(server));
  });
}
