/** @jest-environment node */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ApiOutageError } from './errors';

jest.mock('server-only', () => ({}));

/**
 * The circuit breaker against a real listener that accepts and never answers (a hung API). While the
 * half-open trial call waits for its deadline, every other call fails at once: cockatiel alone would
 * make each of them wait for the trial, i.e. up to a whole deadline per visitor.
 */
const CALL_MS = 400;
const HALF_OPEN_MS = 300;
let hung: net.Server;
let url = '';
const sockets: net.Socket[] = [];

beforeAll(async () => {
  process.env.SHOP_API_TIMEOUT_MS = String(CALL_MS);
  process.env.SHOP_API_BREAKER_FAILURES = '1';
  process.env.SHOP_API_BREAKER_HALF_OPEN_MS = String(HALF_OPEN_MS);
  hung = net.createServer((s) => void sockets.push(s));
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}/api/products`;
});
afterAll(() => {
  for (const s of sockets) s.destroy();
  hung.close();
});

async function timedCall(fetchApi: typeof import('./resilience').fetchApi): Promise<{ ms: number; error: unknown }> {
  const t0 = performance.now();
  try {
    await fetchApi(url, { cache: 'no-store' }, CALL_MS);
    return { ms: performance.now() - t0, error: undefined };
  } catch (error) {
    return { ms: performance.now() - t0, error };
  }
}

it('calls during the half-open trial fail at once; the trial waits its deadline and reopens the breaker', async () => {
  const { fetchApi, apiBreakerState } = await import('./resilience');
  // one timeout opens the breaker (SHOP_API_BREAKER_FAILURES=1)
  const first = await timedCall(fetchApi);
  expect(first.error).toBeInstanceOf(ApiOutageError);
  expect((first.error as ApiOutageError).kind).toBe('timeout');
  expect(first.ms).toBeGreaterThanOrEqual(CALL_MS - 20);
  expect(apiBreakerState()).toBe('open');
  // open: at once
  const open = await timedCall(fetchApi);
  expect((open.error as ApiOutageError).kind).toBe('circuit-open');
  expect(open.ms).toBeLessThan(100);

  await new Promise((r) => setTimeout(r, HALF_OPEN_MS + 50));
  const trial = timedCall(fetchApi); // let through: waits the hung API
  await new Promise((r) => setTimeout(r, 20));
  expect(apiBreakerState()).toBe('half-open');
  const during = await Promise.all([timedCall(fetchApi), timedCall(fetchApi), timedCall(fetchApi)]);
  for (const d of during) {
    expect((d.error as ApiOutageError).kind).toBe('circuit-open');
    expect(d.ms).toBeLessThan(100);
  }
  const t = await trial;
  expect((t.error as ApiOutageError).kind).toBe('timeout');
  expect(t.ms).toBeGreaterThanOrEqual(CALL_MS - 20);
  expect(apiBreakerState()).toBe('open');
});
