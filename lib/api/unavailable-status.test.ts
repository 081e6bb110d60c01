/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { installUnavailableStatus, markRenderUnavailable, RETRY_AFTER_SECONDS } from './unavailable-status';

/**
 * Real HTTP server and real concurrent requests: the 503 belongs to the response whose render hit the
 * API outage (marked from inside its own async context), never to a neighbour's genuine 500.
 */
let server: http.Server;
let base = '';
let releaseOutage: () => void = () => undefined;
let markedResolve: () => void = () => undefined;
const outageMarked = new Promise<void>((resolve) => {
  markedResolve = resolve;
});

const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  installUnavailableStatus();
  server = http.createServer(async (req, res) => {
    await tick(); // the mark happens deep inside awaited work, as in a render
    if (req.url === '/outage') {
      const held = new Promise<void>((resolve) => {
        releaseOutage = resolve;
      });
      markRenderUnavailable();
      markedResolve();
      await held; // still in flight while a neighbour fails
      res.statusCode = 500;
      res.setHeader('content-type', 'text/html');
      res.end('<h1>Algo salió mal</h1>');
    } else if (req.url === '/bug') {
      res.statusCode = 500;
      res.end('bug');
    } else if (req.url === '/outage-explicit') {
      markRenderUnavailable();
      res.writeHead(500, 'Internal Server Error', { 'x-kept': 'yes' });
      res.end('error');
    } else if (req.url === '/outage-not-found') {
      markRenderUnavailable();
      res.statusCode = 404;
      res.end('nf');
    } else {
      res.end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('503 scoped to the render that hit the API outage', () => {
  it('the outage render answers 503 + Retry-After + no-store, while a genuine 500 at the same moment stays 500', async () => {
    const outage = fetch(`${base}/outage`);
    await outageMarked; // the API is "down" for this request now
    const bug = await fetch(`${base}/bug`);
    expect(bug.status).toBe(500);
    expect(bug.headers.get('retry-after')).toBeNull();
    releaseOutage();
    const res = await outage;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('<h1>Algo salió mal</h1>');
    // and after it, a 500 is still a 500
    expect((await fetch(`${base}/bug`)).status).toBe(500);
  });

  it('handles writeHead(500, reason, headers) and keeps the headers', async () => {
    const res = await fetch(`${base}/outage-explicit`);
    expect(res.status).toBe(503);
    expect(res.headers.get('x-kept')).toBe('yes');
  });

  it('never touches other statuses of a marked response', async () => {
    expect((await fetch(`${base}/outage-not-found`)).status).toBe(404);
    expect((await fetch(`${base}/ok`)).status).toBe(200);
  });

  it('does nothing outside a request, and installs once', () => {
    expect(markRenderUnavailable()).toBe(false);
    expect(installUnavailableStatus()).toBe(false);
  });
});
