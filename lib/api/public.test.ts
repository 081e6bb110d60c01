import { describeFailure, handleApiError, publicApiBase, publicRequest, PublicApiError } from './public';

jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));
const expireSession = jest.fn();
jest.mock('@/lib/session/SessionProvider', () => ({ expireSession: () => expireSession() }));
let token: string | null = null;
let expiring = false;
jest.mock('@/lib/session/store', () => ({ readToken: () => token, expiresWithin: () => expiring }));
// lib/session/refresh.ts (one refresh per browser) has its own tests: here, what publicRequest does with its outcome
const refreshSession = jest.fn();
jest.mock('@/lib/session/refresh', () => ({ refreshMarginMs: () => 60_000, refreshSession: (...a: unknown[]) => refreshSession(...a) }));

function res(body: unknown, status = 200, json = true): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: json ? async () => body : async () => Promise.reject(new SyntaxError('Unexpected token <')),
  } as unknown as Response;
}

const t = (key: string) => ({ jwt: 'La sesion ha expirado, inicia sesion nuevamente', error500: 'Ha ocurrido un error en el servidor', request: 'Error en la solicitud' })[key] as string;

beforeEach(() => {
  token = null;
  expiring = false;
  refreshSession.mockReset();
  expireSession.mockReset();
  document.documentElement.dataset.apiUrl = 'http://api.test/';
});

describe('publicApiBase', () => {
  it('reads <html data-api-url> without trailing slash, with a default', () => {
    expect(publicApiBase()).toBe('http://api.test');
    delete document.documentElement.dataset.apiUrl;
    expect(publicApiBase()).toBe('http://localhost:4000');
  });
});

describe('publicRequest', () => {
  it('sends FormData as multipart: as-is, letting the browser set the content type', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: true, data: { id: 7 } }, 201));
    const form = new FormData();
    form.append('kind', 'bill');
    await expect(publicRequest('api/upload', { method: 'POST', body: form, fetchImpl })).resolves.toEqual({ id: 7 });
    const [, init] = fetchImpl.mock.calls[0];
    expect(init.body).toBe(form);
    expect(init.headers['content-type']).toBeUndefined();
  });

  it('returns data on 200/201 and sends the token as Bearer', async () => {
    token = 'tok';
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: true, data: { a: 1 } }, 201));
    await expect(publicRequest('/api/x', { method: 'POST', body: { b: 2 }, fetchImpl })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('http://api.test/api/x');
    expect(init.headers.authorization).toBe('Bearer tok');
    expect(init.headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"b":2}');
  });

  it('a 401 renews the access token (ADR 0005) and retries the call once with the new one', async () => {
    token = 'old';
    refreshSession.mockImplementation(async () => {
      token = 'new';
      return { kind: 'ok', session: { token: 'new', user: { id: 1, email: 'a@b.c' }, permissions: [] } };
    });
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(res({ success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' }, 401))
      .mockResolvedValueOnce(res({ success: true, data: { ok: 1 } }, 201));
    await expect(publicRequest('api/messages', { method: 'POST', body: { text: 'hola' }, fetchImpl })).resolves.toEqual({ ok: 1 });
    expect(refreshSession).toHaveBeenCalledWith('http://api.test', 'old');
    expect(fetchImpl.mock.calls.map(([, init]) => init.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(fetchImpl.mock.calls[1][1].body).toBe('{"text":"hola"}');
  });

  it('a refused renewal leaves the 401 to the caller (session closed, error.jwt); never a second retry', async () => {
    token = 'old';
    refreshSession.mockResolvedValue({ kind: 'expired' });
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: false, message: 'x' }, 401));
    await expect(publicRequest('api/x', { fetchImpl })).rejects.toMatchObject({ failure: { kind: 'unauthorized' } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    refreshSession.mockResolvedValue({ kind: 'ok', session: { token: 'new', user: { id: 1, email: 'a@b.c' }, permissions: [] } });
    fetchImpl.mockClear();
    await expect(publicRequest('api/x', { fetchImpl })).rejects.toMatchObject({ failure: { kind: 'unauthorized' } });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('a 401 whose renewal got no answer is a network failure, not a 401 that would log out', async () => {
    token = 'old';
    refreshSession.mockResolvedValue({ kind: 'unreachable' });
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: false, message: 'x' }, 401));
    await expect(publicRequest('api/x', { fetchImpl })).rejects.toMatchObject({ failure: { kind: 'network', status: 0 } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('renews a token about to expire before the call; a guest call (no token) never refreshes', async () => {
    token = 'old';
    expiring = true;
    refreshSession.mockResolvedValue({ kind: 'ok', session: { token: 'new', user: { id: 1, email: 'a@b.c' }, permissions: [] } });
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: true, data: 1 }));
    await publicRequest('api/y', { fetchImpl });
    expect(fetchImpl.mock.calls[0][1].headers.authorization).toBe('Bearer new');

    token = null;
    refreshSession.mockClear();
    fetchImpl.mockResolvedValue(res({ success: false }, 401));
    await expect(publicRequest('api/y', { fetchImpl })).rejects.toBeInstanceOf(PublicApiError);
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('omits the token when auth is false', async () => {
    token = 'tok';
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: true, data: 1 }));
    await publicRequest('api/y', { auth: false, fetchImpl });
    expect(fetchImpl.mock.calls[0][1].headers.authorization).toBeUndefined();
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [400, 'http'],
    [500, 'http'],
  ])('classifies HTTP %i as %s, keeping the server message', async (status, kind) => {
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: false, message: 'Mensaje del servidor' }, status));
    const err = await publicRequest('api/z', { fetchImpl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PublicApiError);
    expect((err as PublicApiError).failure).toEqual({ kind, status, message: 'Mensaje del servidor' });
  });

  it('a 200 with success:false is an http failure', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(res({ success: false, message: 'No' }));
    await expect(publicRequest('api/z', { fetchImpl })).rejects.toMatchObject({ failure: { kind: 'http', status: 200, message: 'No' } });
  });

  it('network errors and unparsable 2xx bodies are network failures; non-JSON errors keep their status', async () => {
    await expect(publicRequest('a', { fetchImpl: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) })).rejects.toMatchObject({
      failure: { kind: 'network', status: 0 },
    });
    await expect(publicRequest('a', { fetchImpl: jest.fn().mockResolvedValue(res(null, 200, false)) })).rejects.toMatchObject({
      failure: { kind: 'network' },
    });
    await expect(publicRequest('a', { fetchImpl: jest.fn().mockResolvedValue(res(null, 502, false)) })).rejects.toMatchObject({
      failure: { kind: 'http', status: 502 },
    });
  });

  it('rethrows aborts untouched', async () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    await expect(publicRequest('a', { fetchImpl: jest.fn().mockRejectedValue(abort) })).rejects.toBe(abort);
  });
});

describe('handleApiError (spec §8)', () => {
  const setup = () => ({ notify: jest.fn(), navigate: jest.fn(), clear: jest.fn() });

  it('401: error.jwt, session cleared, go to /', () => {
    const d = setup();
    handleApiError(new PublicApiError({ kind: 'unauthorized', status: 401, message: 'x' }), { t, ...d });
    expect(d.notify).toHaveBeenCalledWith('ERROR', 'La sesion ha expirado, inicia sesion nuevamente');
    expect(d.clear).toHaveBeenCalled();
    expect(d.navigate).toHaveBeenCalledWith('/');
  });

  it('401 without an injected clear uses the session provider', () => {
    handleApiError(new PublicApiError({ kind: 'unauthorized', status: 401 }), { t, notify: jest.fn(), navigate: jest.fn() });
    expect(expireSession).toHaveBeenCalled();
  });

  it("403: the server's message, go to /, session kept", () => {
    const d = setup();
    handleApiError(new PublicApiError({ kind: 'forbidden', status: 403, message: 'No tienes los permisos necesarios' }), { t, ...d });
    expect(d.notify).toHaveBeenCalledWith('ERROR', 'No tienes los permisos necesarios');
    expect(d.navigate).toHaveBeenCalledWith('/');
    expect(d.clear).not.toHaveBeenCalled();
  });

  it("other statuses: the server's message, or 'Error en la solicitud'", () => {
    const d = setup();
    handleApiError(new PublicApiError({ kind: 'http', status: 400, message: 'Los parametros son incorrectos' }), { t, ...d });
    handleApiError(new PublicApiError({ kind: 'http', status: 500 }), { t, ...d });
    expect(d.notify.mock.calls).toEqual([
      ['ERROR', 'Los parametros son incorrectos'],
      ['ERROR', 'Error en la solicitud'],
    ]);
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('network or unknown failures: error.error500; aborts are silent', () => {
    const d = setup();
    handleApiError(new PublicApiError({ kind: 'network', status: 0 }), { t, ...d });
    handleApiError(new Error('boom'), { t, ...d });
    handleApiError(Object.assign(new Error('x'), { name: 'AbortError' }), { t, ...d });
    expect(d.notify.mock.calls).toEqual([
      ['ERROR', 'Ha ocurrido un error en el servidor'],
      ['ERROR', 'Ha ocurrido un error en el servidor'],
    ]);
    expect(describeFailure(Object.assign(new Error('x'), { name: 'AbortError' }), t)).toBeNull();
  });
});

describe('publicRequest deadline (issue 29)', () => {
  /** a fetch that never answers until its signal aborts, like a hung API */
  const hung = jest.fn(
    (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      }),
  ) as unknown as typeof fetch;

  it('a call the API never answers fails as a network failure (error.error500) after the deadline', async () => {
    const t0 = Date.now();
    const err = await publicRequest('api/products', { fetchImpl: hung, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(err).toBeInstanceOf(PublicApiError);
    expect((err as PublicApiError).failure.kind).toBe('network');
    expect(describeFailure(err, t)?.message).toBe('Ha ocurrido un error en el servidor');
  });

  it("the caller's own abort stays an AbortError (ignored, no message)", async () => {
    const controller = new AbortController();
    const call = publicRequest('api/products', { fetchImpl: hung, timeoutMs: 10_000, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await call;
    expect((err as Error).name).toBe('AbortError');
    expect(describeFailure(err, t)).toBeNull();
  });
});
