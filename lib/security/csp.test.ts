import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { apiSources, buildCsp, documentSecurity, hstsHeader, NONCE_PATHS, STATIC_SECURITY_HEADERS, usesNonce } from './csp';

const ROOT = path.resolve(__dirname, '../..');
const env = { PUBLIC_API_URL: 'https://api.example.com', PUBLIC_SITE_URL: 'https://www.example.com' };

function directive(csp: string, name: string): string[] {
  const part = csp.split('; ').find((p) => p.startsWith(`${name} `));
  return part ? part.split(' ').slice(1) : [];
}

describe('usesNonce', () => {
  it.each(['/admin', '/admin/orders/12', '/en/orders', '/order/5', '/br/order/5', '/profile', '/login', '/verify/abc', '/reset-password/t'])(
    '%s is rendered per request: nonce',
    (p) => expect(usesNonce(p)).toBe(true),
  );
  it.each(['/', '/en', '/products', '/inciensos', '/inciensos/sahumerio', '/cart', '/checkout', '/register', '/faq', '/orderx', '/administracion'])(
    '%s is cached: no nonce',
    (p) => expect(usesNonce(p)).toBe(false),
  );
});

describe('NONCE_PATHS only lists pages rendered per request', () => {
  // A cached page answered with a nonce policy would have every script blocked.
  const files: Record<string, string> = {
    admin: 'app/[locale]/admin/layout.tsx',
    orders: 'app/[locale]/orders/page.tsx',
    order: 'app/[locale]/order/[orderId]/page.tsx',
    profile: 'app/[locale]/profile/page.tsx',
    suscriptions: 'app/[locale]/suscriptions/page.tsx',
    login: 'app/[locale]/login/page.tsx',
    autoLogin: 'app/[locale]/autoLogin/page.tsx',
    reset: 'app/[locale]/reset-password/[token]/page.tsx',
    verify: 'app/[locale]/verify/[token]/page.tsx',
    renew: 'app/[locale]/renew-session/page.tsx',
  };
  it('has one route file per pattern', () => expect(Object.keys(files)).toHaveLength(NONCE_PATHS.length));
  it.each(Object.entries(files))('%s is force-dynamic', (_name, file) => {
    const full = path.join(ROOT, file);
    expect(existsSync(full)).toBe(true);
    expect(readFileSync(full, 'utf8')).toMatch(/export const dynamic = 'force-dynamic'/);
  });
});

describe('buildCsp', () => {
  it('strict policy with a nonce: no unsafe-inline, no self-hosted script escape hatch', () => {
    const csp = buildCsp({ nonce: 'abc', apiUrl: 'http://localhost:4000' });
    expect(directive(csp, 'script-src')).toEqual(["'nonce-abc'", "'strict-dynamic'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
  });
  it('cached pages: self + inline (Next bootstrap) and Google sign-in only', () => {
    const csp = buildCsp({ apiUrl: 'http://localhost:4000' });
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/client']);
  });
  it.each([undefined, 'n'])('common limits (nonce %s)', (nonce) => {
    const csp = buildCsp({ nonce, apiUrl: 'http://localhost:4000' });
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(expect.arrayContaining(["'self'", 'http://localhost:4000', 'ws://localhost:4000']));
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:4000']);
    expect(csp).not.toMatch(/\*/);
  });
  it('https API: wss for the socket, upgrade-insecure-requests when the site is https', () => {
    expect(apiSources('https://api.example.com/')).toEqual(['https://api.example.com', 'wss://api.example.com']);
    expect(buildCsp({ apiUrl: 'https://api.example.com', https: true })).toMatch(/upgrade-insecure-requests$/);
  });
  it('a broken API URL adds no source instead of throwing', () => expect(apiSources('not a url')).toEqual([]));
  it('dev allows eval for React debugging', () => {
    expect(directive(buildCsp({ apiUrl: 'http://x', dev: true, nonce: 'n' }), 'script-src')).toContain("'unsafe-eval'");
  });
});

describe('documentSecurity', () => {
  it('nonce pages: the same policy on the request (for Next) and on the response', () => {
    const s = documentSecurity('/en/order/3', env, 'NONCE');
    expect(s.requestHeaders['x-nonce']).toBe('NONCE');
    expect(s.requestHeaders['content-security-policy']).toBe(s.responseHeaders['Content-Security-Policy']);
    expect(s.responseHeaders['Content-Security-Policy']).toContain("'nonce-NONCE'");
  });
  it('cached pages: nothing on the request, so the cached HTML never depends on a nonce', () => {
    const s = documentSecurity('/products', env, 'NONCE');
    expect(s.requestHeaders).toEqual({});
    expect(s.responseHeaders['Content-Security-Policy']).not.toContain('nonce');
  });
  it('fresh nonce per call', () => {
    const a = documentSecurity('/admin', env).requestHeaders['x-nonce'];
    const b = documentSecurity('/admin', env).requestHeaders['x-nonce'];
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
  });
  it('HSTS only on https or when forced', () => {
    expect(documentSecurity('/', env).responseHeaders['Strict-Transport-Security']).toMatch(/max-age=31536000/);
    expect(documentSecurity('/', { PUBLIC_SITE_URL: 'http://localhost:3000' }).responseHeaders['Strict-Transport-Security']).toBeUndefined();
    expect(hstsHeader({ HSTS: '1' })).not.toBeNull();
    expect(hstsHeader({ HSTS: '0', PUBLIC_SITE_URL: 'https://x' })).toBeNull();
  });
});

it('next.config.mjs sends the same static headers for every file, and nosniff on build assets', () => {
  const config = readFileSync(path.join(ROOT, 'next.config.mjs'), 'utf8');
  for (const [key, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
    expect(config).toContain(`{ key: '${key}', value: '${value}' }`);
  }
  expect(config).toMatch(/const SECURITY_HEADERS = \[\n  NOSNIFF,/);
  expect(config).toContain("{ source: '/((?!_next/static/).*)', headers: SECURITY_HEADERS }");
  expect(config).toContain("{ source: '/_next/static/:path*', headers: [NOSNIFF] }");
});
