/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRecentlyUnreachable, markApiReachable, markApiUnreachable, UNREACHABLE_WINDOW_MS } from './availability';
import { installUnavailableStatus, RETRY_AFTER_SECONDS } from './unavailable-status';

let apiDown = false;
let server: http.Server;
let base = '';

beforeAll(async () => {
  installUnavailableStatus(() => apiDown);
  server = http.createServer((req, res) => {
    if (req.url === '/fail-implicit') {
      res.statusCode = 500;
      res.setHeader('content-type', 'text/html');
      res.end('<h1>Algo salió mal</h1>');
    } else if (req.url === '/fail-explicit') {
      res.writeHead(500, 'Internal Server Error', { 'x-kept': 'yes' });
      res.end('error');
    } else if (req.url === '/not-found') {
      res.statusCode = 404;
      res.end('nf');
    } else {
      res.end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('installUnavailableStatus', () => {
  it('leaves a 500 alone while the API answers (a real bug stays a 500)', async () => {
    apiDown = false;
    const res = await fetch(`${base}/fail-implicit`);
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('turns the 500 of a page rendered during an API outage into 503, same body, Retry-After, no-store', async () => {
    apiDown = true;
    const res = await fetch(`${base}/fail-implicit`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('<h1>Algo salió mal</h1>');
  });

  it('handles writeHead(500, reason, headers) and keeps the headers', async () => {
    apiDown = true;
    const res = await fetch(`${base}/fail-explicit`);
    expect(res.status).toBe(503);
    expect(res.headers.get('x-kept')).toBe('yes');
  });

  it('never touches other statuses', async () => {
    apiDown = true;
    expect((await fetch(`${base}/ok`)).status).toBe(200);
    expect((await fetch(`${base}/not-found`)).status).toBe(404);
  });

  it('installs once', () => {
    expect(installUnavailableStatus(() => true)).toBe(false);
  });
});

describe('availability flag', () => {
  afterEach(() => markApiReachable());

  it('is down for a short window after a failure, then up again', () => {
    expect(apiRecentlyUnreachable(1_000_000)).toBe(false);
    markApiUnreachable(1_000_000);
    expect(apiRecentlyUnreachable(1_000_000 + UNREACHABLE_WINDOW_MS - 1)).toBe(true);
    expect(apiRecentlyUnreachable(1_000_000 + UNREACHABLE_WINDOW_MS)).toBe(false);
  });

  it('a reachable answer clears it at once', () => {
    markApiUnreachable(1_000_000);
    markApiReachable();
    expect(apiRecentlyUnreachable(1_000_001)).toBe(false);
  });
});
