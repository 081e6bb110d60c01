/** @jest-environment node */
import { createMaintenanceFlag } from './flag';
import { maintenanceGate } from './handler';
import { localeFromPath, maintenanceHtml, RETRY_AFTER_SECONDS } from './page';

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

  it('lets staff through and keeps customers out', async () => {
    const { flag } = flagAnswering(true);
    expect(await maintenanceGate(request('/', staffToken), flag)).toBeNull();
    expect((await maintenanceGate(request('/', customerToken), flag))?.status).toBe(503);
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
