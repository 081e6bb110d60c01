/**
 * Per-IP limits behind a reverse proxy, over real sockets (issue 19, items 4 and 5): the API listens on
 * 127.0.0.1, a small node:http proxy in front of it appends the client's address to X-Forwarded-For as
 * nginx's `$proxy_add_x_forwarded_for` does (deploy/nginx.conf), and "clients" are sockets bound to other
 * loopback addresses (127.0.0.10, 127.0.0.11…), standing in for hosts on the internet or a private network.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { STOREFRONT_KEY_HEADER, storefrontKeyFrom } from '../../lib/api/storefront-key';
import type { BuildAppOptions } from '../app';
import { loadEnv } from '../env';
import { MESSAGES } from '../errors';
import { createTestContext } from './helpers';

type Answer = { status: number; body: { success?: boolean; message?: string } };

/** One HTTP request from a chosen local address (a distinct "client" on this host). */
function send(
  port: number,
  opts: { path: string; method?: string; body?: unknown; headers?: Record<string, string>; from?: string },
): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: opts.path,
        method: opts.method ?? 'GET',
        localAddress: opts.from,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (raw += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: raw ? JSON.parse(raw) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A reverse proxy like deploy/nginx.conf's: forwards everything, appending the client's address to X-Forwarded-For. */
async function startProxy(target: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const sent = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    const headers = { ...req.headers, 'x-forwarded-for': sent ? `${String(sent)}, ${client}` : client };
    const upstream = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers, agent: false }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The API listening on 127.0.0.1 with a proxy in front of it. */
async function stack(appOptions: Partial<BuildAppOptions>) {
  const ctx = await createTestContext('pglite', appOptions);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const api = (ctx.app.server.address() as AddressInfo).port;
  const proxy = await startProxy(api);
  return {
    api,
    proxy: proxy.port,
    dispose: async () => {
      await proxy.close();
      await ctx.dispose();
    },
  };
}

let n = 0;
const failedLogin = (port: number, from: string, headers?: Record<string, string>) =>
  send(port, { path: '/auth/login', method: 'POST', body: { email: `nadie-${++n}@example.com`, password: 'no-es-esta' }, from, headers });

/** Statuses of `count` failed logins, each for another (unknown) account, so only the per-IP limit can answer 429. */
async function failedLogins(count: number, port: number, from: string, headers?: Record<string, string>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await failedLogin(port, from, headers)).status);
  return out;
}

const LOGIN_LIMIT = 20; // DEFAULT_AUTH_LIMITS.loginPerIp.max
const expected25 = [...Array<number>(LOGIN_LIMIT).fill(401), ...Array<number>(25 - LOGIN_LIMIT).fill(429)];

describe('detrás de un proxy en el mismo host, con la configuración por defecto (TRUST_PROXY y RATE_LIMIT_ALLOWLIST sin definir)', () => {
  let s: Awaited<ReturnType<typeof stack>>;
  before(async () => {
    const env = loadEnv({});
    s = await stack({ trustedProxies: env.trustedProxies, rateLimit: { max: 30, timeWindow: 60_000, allowList: env.rateLimitAllowList } });
  });
  after(() => s.dispose());

  it('25 logins fallidos a través del proxy: 401 y luego 429 después del límite', async () => {
    assert.deepEqual(await failedLogins(25, s.proxy, '127.0.0.10'), expected25);
    const blocked = await failedLogin(s.proxy, '127.0.0.10');
    assert.deepEqual(blocked.body, { success: false, message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    // another visitor behind the same proxy has their own count
    assert.equal((await failedLogin(s.proxy, '127.0.0.11')).status, 401);
  });

  it('el límite global también cuenta por visitante a través del proxy, no por la dirección del proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(s.proxy, { path: '/api/tags', from: '127.0.0.12' })).status);
    assert.deepEqual(statuses, [...Array<number>(30).fill(200), 429, 429]);
    assert.equal((await send(s.proxy, { path: '/api/tags', from: '127.0.0.13' })).status, 200);
  });
});

describe('el servidor del storefront se reconoce por su clave, no por su dirección', () => {
  const secret = 'secreto-del-storefront';
  let s: Awaited<ReturnType<typeof stack>>;
  before(async () => {
    s = await stack({ trustedProxies: ['loopback'], rateLimit: { max: 5, timeWindow: 60_000, allowList: [], storefrontKey: storefrontKeyFrom(secret) } });
  });
  after(() => s.dispose());

  it('con la clave no lo frena el límite global; con otra clave o sin ella, sí', async () => {
    const key = { [STOREFRONT_KEY_HEADER]: storefrontKeyFrom(secret) };
    for (let i = 0; i < 12; i++) assert.equal((await send(s.api, { path: '/api/tags', headers: key })).status, 200, `pedido ${i + 1}`);
    const wrong = { [STOREFRONT_KEY_HEADER]: storefrontKeyFrom('otro-secreto') };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await send(s.api, { path: '/api/tags', headers: wrong })).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
  });

  it('las rutas de ingreso nunca están exentas: ni con la clave ni desde una dirección de la allow-list', async () => {
    const key = { [STOREFRONT_KEY_HEADER]: storefrontKeyFrom(secret) };
    assert.deepEqual(await failedLogins(25, s.api, '127.0.0.20', key), expected25);
  });
});

describe('una dirección en RATE_LIMIT_ALLOWLIST no exime de los límites de ingreso', () => {
  let s: Awaited<ReturnType<typeof stack>>;
  before(async () => {
    const env = loadEnv({ RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1' });
    s = await stack({ trustedProxies: [], rateLimit: { max: 5, timeWindow: 60_000, allowList: env.rateLimitAllowList } });
  });
  after(() => s.dispose());

  it('25 logins fallidos desde una dirección exenta del límite global: 429 después de 20', async () => {
    assert.deepEqual(await failedLogins(25, s.api, '127.0.0.1'), expected25);
    // the global limit still exempts it
    for (let i = 0; i < 8; i++) assert.equal((await send(s.api, { path: '/api/tags', from: '127.0.0.1' })).status, 200);
  });
});

describe('TRUST_PROXY: sólo los proxies listados pueden decir quién es el cliente', () => {
  it('TRUST_PROXY=true (antes: loopback y toda red privada) se rechaza al iniciar; una lista inválida también', () => {
    for (const value of ['true', '1']) assert.throws(() => loadEnv({ TRUST_PROXY: value }), /TRUST_PROXY/);
    for (const value of ['10.0.0.300', 'uniquelocal', '10.0.0.0/33', 'proxy.example']) assert.throws(() => loadEnv({ TRUST_PROXY: value }), /TRUST_PROXY/);
    assert.throws(() => loadEnv({ RATE_LIMIT_ALLOWLIST: 'localhost' }), /RATE_LIMIT_ALLOWLIST/);
    assert.deepEqual(loadEnv({}).trustedProxies, ['loopback']);
    assert.deepEqual(loadEnv({ TRUST_PROXY: 'false' }).trustedProxies, []);
    assert.deepEqual(loadEnv({ TRUST_PROXY: '10.0.0.2, fd00::/8' }).trustedProxies, ['10.0.0.2', 'fd00::/8']);
    assert.deepEqual(loadEnv({}).rateLimitAllowList, []);
  });

  describe('un host de la red privada que dice ser 127.0.0.1 (allow-list 127.0.0.1, proxy 10.0.0.2)', () => {
    let ctx: Awaited<ReturnType<typeof createTestContext>>;
    before(async () => {
      const env = loadEnv({ TRUST_PROXY: '10.0.0.2', RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
      ctx = await createTestContext('pglite', { trustedProxies: env.trustedProxies, rateLimit: { max: 3, timeWindow: 60_000, allowList: env.rateLimitAllowList } });
    });
    after(() => ctx.dispose());

    /** The statuses of five GET /api/tags from `remoteAddress` carrying this X-Forwarded-For. */
    const fiveFrom = async (remoteAddress: string, forwardedFor: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await ctx.app.inject({ url: '/api/tags', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
        statuses.push(r.statusCode);
      }
      return statuses;
    };

    it('directo, con X-Forwarded-For: 127.0.0.1, sigue limitado', async () => {
      assert.deepEqual(await fiveFrom('10.0.0.7', '127.0.0.1'), [200, 200, 200, 429, 429]);
    });

    it('a través del proxy listado, lo que el cliente escribió no cuenta: cuenta la dirección que el proxy agregó', async () => {
      assert.deepEqual(await fiveFrom('10.0.0.2', '127.0.0.1, 10.0.0.8'), [200, 200, 200, 429, 429]);
    });
  });

  describe('sobre sockets: proxy de confianza 127.0.0.1, atacante en 127.0.0.30 conectando directo a la API', () => {
    let s: Awaited<ReturnType<typeof stack>>;
    before(async () => {
      const env = loadEnv({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
      s = await stack({ trustedProxies: env.trustedProxies, rateLimit: { max: 3, timeWindow: 60_000, allowList: env.rateLimitAllowList } });
    });
    after(() => s.dispose());

    it('X-Forwarded-For: 127.0.0.1 no lo exime; a través del proxy cuenta su propia dirección', async () => {
      const spoof = { 'x-forwarded-for': '127.0.0.1' };
      const direct: number[] = [];
      for (let i = 0; i < 5; i++) direct.push((await send(s.api, { path: '/api/tags', from: '127.0.0.30', headers: spoof })).status);
      assert.deepEqual(direct, [200, 200, 200, 429, 429]);
      const proxied: number[] = [];
      for (let i = 0; i < 5; i++) proxied.push((await send(s.proxy, { path: '/api/tags', from: '127.0.0.31', headers: spoof })).status);
      assert.deepEqual(proxied, [200, 200, 200, 429, 429]);
    });
  });
});
