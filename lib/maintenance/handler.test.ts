/** @jest-environment node */
import { createMaintenanceFlag } from './flag';
import { maintenanceGate } from './handler';
import { createStaffCheck } from './staff';
import { localeFromPath } from '@/lib/locales';
import { maintenanceHtml, RETRY_AFTER_SECONDS } from './page';

function request(pathname: string, token?: string) {
  return {
    nextUrl: { pathname },
    cookies: { get: (name: string) => (name === 'userToken' && token ? { value: token } : undefined) },
  };
}

function flagAnswering(maintaince: boolean | 'down') {
  const fetchImpl = jest.fn().mockImplementation(async () =>
    maintaince === 'down'
      ? Promise.reject(new TypeError('fetch failed'))
      : new Response(JSON.stringify({ success: true, data: { minOrderPrice: 1, minLocalPrice: 1, maintaince } })),
  );
  return { flag: createMaintenanceFlag({ apiUrl: () => 'http://api.test', fetchImpl }), fetchImpl };
}

const staffToken = `x.${Buffer.from(JSON.stringify({ role: 'admin', exp: Date.now() / 1000 + 600 })).toString('base64url')}.y`;
const customerToken = `x.${Buffer.from(JSON.stringify({ role: 'customer', exp: Date.now() / 1000 + 600 })).toString('base64url')}.y`;

describe('maintenanceGate (proxy.ts maintenance branch)', () => {
  it('a staff session whose access token expired is sent to /renew-session (and only that page passes), never locked out', async () => {
    const { flag } = flagAnswering(true);
    const claims = (o: Record<string, unknown>) => `x.${Buffer.from(JSON.stringify(o)).toString('base64url')}.y`;
    const now = Date.now() / 1000;
    const expiredStaff = claims({ role: 'admin', exp: now - 5, sxp: now + 3600 });
    const res = await maintenanceGate(request('/en/admin/orders', expiredStaff), flag, createStaffCheck({ apiUrl: () => 'http://api.test', fetchImpl: jest.fn() }));
    expect(res?.status).toBe(307);
    expect(res?.headers.get('location')).toBe('/en/renew-session?next=%2Fadmin%2Forders');
    expect(await maintenanceGate(request('/en/renew-session', expiredStaff), flag)).toBeNull();
    // a customer's expired token, or a staff one whose session is over: the maintenance screen
    for (const t of [claims({ role: 'customer', exp: now - 5, sxp: now + 3600 }), claims({ role: 'admin', exp: now - 5, sxp: now - 1 }), claims({ role: 'admin', exp: now - 5 })]) {
      expect((await maintenanceGate(request('/renew-session', t), flag))?.status).toBe(503);
    }
  });

  it('serves the translated 503 screen with Retry-After while in maintenance', async () => {
    const { flag } = flagAnswering(true);
    const res = await maintenanceGate(request('/velas/vela-de-soja'), flag);
    expect(res?.status).toBe(503);
    expect(res?.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res?.headers.get('cache-control')).toBe('no-store');
    expect(res?.headers.get('x-robots-tag')).toContain('noindex');
    expect(res?.headers.get('content-type')).toContain('text/html');
    const html = await res!.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Estamos haciendo mantenimiento');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('answers in the locale of the path', async () => {
    const { flag } = flagAnswering(true);
    expect(await (await maintenanceGate(request('/en/products'), flag))!.text()).toContain('We are doing some maintenance');
    expect(await (await maintenanceGate(request('/br'), flag))!.text()).toContain('<html lang="pt-BR">');
  });

  /** A staff check whose API knows `valid` as a staff session and refuses everything else (401). */
  function apiKnowing(valid: Record<string, string>) {
    const fetchImpl = jest.fn().mockImplementation(async (_url: string, init: RequestInit) => {
      const token = String((init.headers as Record<string, string>).authorization).replace(/^Bearer /, '');
      const role = valid[token];
      return role
        ? new Response(JSON.stringify({ success: true, data: { user: { id: 1, role }, permissions: [] } }))
        : new Response(JSON.stringify({ success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' }), { status: 401 });
    });
    return { staff: createStaffCheck({ apiUrl: () => 'http://api.test', fetchImpl }), fetchImpl };
  }

  it('lets staff the API confirms through and keeps customers out', async () => {
    const { flag } = flagAnswering(true);
    const { staff } = apiKnowing({ [staffToken]: 'admin', [customerToken]: 'customer' });
    expect(await maintenanceGate(request('/', staffToken), flag, staff)).toBeNull();
    expect((await maintenanceGate(request('/', customerToken), flag, staff))?.status).toBe(503);
  });

  it('issue 19 item 12: an unsigned forged token claiming a staff role gets the 503 screen', async () => {
    const { flag } = flagAnswering(true);
    const { staff, fetchImpl } = apiKnowing({});
    const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '1', role: 'superadmin', exp: Date.now() / 1000 + 600 })).toString('base64url')}.`;
    expect((await maintenanceGate(request('/', forged), flag, staff))?.status).toBe(503);
    expect((await maintenanceGate(request('/', staffToken), flag, staff))?.status).toBe(503);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(fetchImpl.mock.calls[0]![0]).toBe('http://api.test/auth');
  });

  it('asks the API once per token within the cache lifetime; never for a token that claims no staff role', async () => {
    const { flag } = flagAnswering(true);
    const { staff, fetchImpl } = apiKnowing({ [staffToken]: 'admin' });
    for (let i = 0; i < 50; i++) expect(await maintenanceGate(request(`/p${i}`, staffToken), flag, staff)).toBeNull();
    for (let i = 0; i < 50; i++) expect((await maintenanceGate(request(`/p${i}`, customerToken), flag, staff))?.status).toBe(503);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('the API down or a demoted account: the maintenance screen (the safe side)', async () => {
    const { flag } = flagAnswering(true);
    const down = createStaffCheck({ apiUrl: () => 'http://api.test', fetchImpl: jest.fn().mockRejectedValue(new TypeError('fetch failed')) });
    expect((await maintenanceGate(request('/', staffToken), flag, down))?.status).toBe(503);
    let t = 0;
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ success: true, data: { user: { role: 'admin' } } })))
      .mockResolvedValueOnce(new Response(JSON.stringify({ success: true, data: { user: { role: 'customer' } } })));
    const check = createStaffCheck({ apiUrl: () => 'http://api.test', fetchImpl, now: () => t });
    expect(await check.isStaff(staffToken)).toBe(true);
    t = 31_000; // past the 30 s cache: the API is asked again and the role is gone
    expect(await check.isStaff(staffToken)).toBe(false);
  });

  it('caps the verifications in flight: a flood of forged tokens cannot flood the API', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const fetchImpl = jest.fn().mockImplementation(async () => {
      await gate;
      return new Response('{}', { status: 401 });
    });
    const check = createStaffCheck({ apiUrl: () => 'http://api.test', fetchImpl, maxInflight: 3 });
    const forged = (i: number) => `x.${Buffer.from(JSON.stringify({ role: 'admin', n: i })).toString('base64url')}.y`;
    const answers = Array.from({ length: 10 }, (_, i) => check.isStaff(forged(i)));
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    release();
    expect(await Promise.all(answers)).toEqual(Array(10).fill(false));
  });

  it('does nothing when not in maintenance, or when the API is down', async () => {
    expect(await maintenanceGate(request('/'), flagAnswering(false).flag)).toBeNull();
    expect(await maintenanceGate(request('/'), flagAnswering('down').flag)).toBeNull();
  });

  it('reads the flag once for many requests', async () => {
    const { flag, fetchImpl } = flagAnswering(false);
    for (let i = 0; i < 100; i++) await maintenanceGate(request(`/p${i}`), flag);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('maintenance page', () => {
  it('maps path prefixes to locales', () => {
    expect(localeFromPath('/')).toBe('es');
    expect(localeFromPath('/english')).toBe('es');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/faq')).toBe('en');
    expect(localeFromPath('/br/faq')).toBe('pt-BR');
    expect(localeFromPath('/brasil')).toBe('es');
  });

  it('links the WhatsApp number in the contact line (no raw placeholder left)', () => {
    const html = maintenanceHtml('es');
    expect(html).toContain('href="https://wa.me/5491100000000"');
    expect(html).not.toContain('{number}');
    expect(html).not.toMatch(/<script/i);
  });
});
