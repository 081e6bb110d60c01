/** @jest-environment node */
import { NextRequest } from 'next/server';

const gate = jest.fn();
jest.mock('@/lib/maintenance/handler', () => ({
  TOKEN_COOKIE: 'userToken',
  maintenanceGate: (...args: unknown[]) => gate(...args),
}));

import proxy from '@/proxy';

function req(path: string, cookie?: string) {
  return new NextRequest(new URL(path, 'http://shop.test'), { headers: cookie ? { cookie } : {} });
}

beforeEach(() => gate.mockReset().mockResolvedValue(null));

describe('proxy.ts', () => {
  it('returns the maintenance response when the gate gives one', async () => {
    gate.mockResolvedValue(new Response('mantenimiento', { status: 503, headers: { 'retry-after': '3600' } }));
    const res = await proxy(req('/velas'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3600');
  });

  it('Spanish URLs are served unprefixed (rewrite, never a redirect or a cookie)', async () => {
    const res = await proxy(req('/about-us'));
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('x-middleware-rewrite')).toContain('/es/about-us');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('keeps /en and /br prefixes', async () => {
    const en = await proxy(req('/en/faq'));
    expect(en.status).toBe(200);
    expect(en.headers.get('location')).toBeNull();
    expect((await proxy(req('/br/faq'))).headers.get('x-middleware-rewrite')).toContain('/pt-BR/faq');
  });

  it('sends signed-out visitors of protected pages to the login of their locale', async () => {
    const res = await proxy(req('/en/profile'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://shop.test/en/login?next=%2Fen%2Fprofile');
    const signedIn = await proxy(req('/en/profile', 'userToken=abc'));
    expect(signedIn.headers.get('location')).toBeNull();
  });
});
