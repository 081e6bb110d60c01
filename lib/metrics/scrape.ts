/**
 * The Prometheus scrape endpoint both processes serve on their own listener (the API's server/metrics, the
 * storefront's lib/metrics/storefront.ts): GET /metrics only; with a token, anything without
 * `Authorization: Bearer <token>` gets 401. Node's http and a prom-client registry, nothing else.
 */
import http from 'node:http';
import type { Registry } from 'prom-client';

export function createScrapeServer(registry: Registry, token: string | undefined): http.Server {
  return http.createServer((req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
}
