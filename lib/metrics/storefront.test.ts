/**
 * @jest-environment node
 */
import type { AddressInfo } from 'node:net';
import { recordRequestError, startStorefrontMetrics } from './storefront';

describe('storefront metrics listener', () => {
  it('serves process metrics and render errors by route template over HTTP, only with the token', async () => {
    const server = await startStorefrontMetrics({ port: 0, token: 'storefront-token-0123456789' });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      recordRequestError({ routePath: '/[locale]/producto/[slug]', routeType: 'render', renderSource: 'react-server-components' });
      const res = await fetch(url, { headers: { authorization: 'Bearer storefront-token-0123456789' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^process_cpu_seconds_total \d/m);
      expect(text).toContain('storefront_request_errors_total{route="/[locale]/producto/[slug]",route_type="render",render_source="react-server-components"} 1');
      const other = await fetch(url.replace('/metrics', '/'), { headers: { authorization: 'Bearer storefront-token-0123456789' } });
      expect(other.status).toBe(404);
    } finally {
      server.close();
    }
  });
});
