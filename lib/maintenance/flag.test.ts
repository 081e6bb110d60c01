/** @jest-environment node */
import { createMaintenanceFlag, parseMaintenance } from './flag';

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(fetchImpl: jest.Mock, ttlMs = 20_000) {
  let now = 1_000_000;
  const flag = createMaintenanceFlag({ apiUrl: () => 'http://api.test/', ttlMs, fetchImpl, now: () => now });
  return { flag, advance: (ms: number) => (now += ms) };
}

describe('parseMaintenance', () => {
  it('is true only for data.maintaince === true', () => {
    expect(parseMaintenance({ success: true, data: { maintaince: true } })).toBe(true);
    expect(parseMaintenance({ success: true, data: { maintaince: false } })).toBe(false);
    expect(parseMaintenance({ success: true, data: { maintaince: 'true' } })).toBe(false);
    expect(parseMaintenance({ success: false, data: { maintaince: true } })).toBe(false);
    expect(parseMaintenance(null)).toBe(false);
    expect(parseMaintenance('x')).toBe(false);
  });
});

describe('maintenance flag cache', () => {
  it('calls api/config once per TTL', async () => {
    const fetchImpl = jest.fn().mockImplementation(async () => answer({ success: true, data: { maintaince: true } }));
    const { flag, advance } = setup(fetchImpl);
    expect(await flag.get()).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0][0]).toBe('http://api.test/api/config');
    for (let i = 0; i < 50; i++) expect(await flag.get()).toBe(true);
    advance(19_999);
    expect(await flag.get()).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('shares one in-flight request between concurrent callers', async () => {
    let release: (r: Response) => void = () => {};
    const fetchImpl = jest.fn().mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    const { flag } = setup(fetchImpl);
    const all = Promise.all([flag.get(), flag.get(), flag.get()]);
    release(answer({ success: true, data: { maintaince: true } }));
    expect(await all).toEqual([true, true, true]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('after the TTL serves the old value at once and refreshes in the background', async () => {
    const fetchImpl = jest
      .fn()
      .mockImplementationOnce(async () => answer({ success: true, data: { maintaince: false } }))
      .mockImplementationOnce(async () => answer({ success: true, data: { maintaince: true } }));
    const { flag, advance } = setup(fetchImpl);
    expect(await flag.get()).toBe(false);
    advance(20_000);
    expect(await flag.get()).toBe(false); // stale value, refresh started
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await new Promise((r) => setImmediate(r));
    expect(await flag.get()).toBe(true);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
    ['an HTTP error', async () => answer({ success: false, message: 'x' }, 503)],
    ['a non-JSON answer', async () => new Response('<html>', { status: 200 })],
  ])('treats %s as "not in maintenance", cached for the TTL', async (_label, impl) => {
    const fetchImpl = jest.fn().mockImplementation(impl);
    const { flag } = setup(fetchImpl);
    expect(await flag.get()).toBe(false);
    expect(await flag.get()).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout', async () => {
    const fetchImpl = jest.fn().mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const flag = createMaintenanceFlag({ apiUrl: () => 'http://api.test', fetchImpl, timeoutMs: 20 });
    const started = Date.now();
    expect(await flag.get()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reset() forgets the value', async () => {
    const fetchImpl = jest.fn().mockImplementation(async () => answer({ success: true, data: { maintaince: true } }));
    const { flag } = setup(fetchImpl);
    await flag.get();
    flag.reset();
    await flag.get();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
