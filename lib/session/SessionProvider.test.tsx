import { act, render, screen, waitFor } from '@testing-library/react';
import { notify as emittedNotify } from '@/lib/toast/emitter';
import Cookies from 'js-cookie';
import { IntlEs, fakeJwt, mockFetch } from '@/components/account/test-utils';
import { SessionProvider, expireSession, useSession } from './SessionProvider';
import { PERMISSIONS_KEY, TOKEN_COOKIE, USER_INFO_KEY, saveSession } from './store';

jest.mock('@/lib/toast/emitter', () => ({ notify: jest.fn(), subscribeNotify: jest.fn(() => () => {}) }));
// jest.mock above is hoisted over the imports, so this is the mock.
const notify = jest.mocked(emittedNotify);

const API = 'http://api.test';
const exp = Math.floor(Date.now() / 1000) + 3600;
const user = { id: 3, email: 'vip@example.com', name: 'Martín', lastname: 'Gómez', role: 'vipcustomer' };

function Probe() {
  const s = useSession();
  return (
    <div>
      <span data-testid="status">{s.status}</span>
      <span data-testid="email">{s.user?.email ?? ''}</span>
      <span data-testid="vip">{String(s.hasPermission('isVip'))}</span>
      <button onClick={() => s.logout()}>salir</button>
    </div>
  );
}

function mount(children = <Probe />) {
  return render(
    <IntlEs>
      <SessionProvider apiUrl={API}>{children}</SessionProvider>
    </IntlEs>,
  );
}

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  notify.mockClear();
});

it('without a token it is anonymous at once and asks nothing', async () => {
  const { fn } = mockFetch({});
  mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
  expect(fn).not.toHaveBeenCalled();
});

it('shows "loading" until GET /auth answers, then the user and permissions (the check never renews the token)', async () => {
  const token = fakeJwt({ sub: '3', exp });
  const renewed = fakeJwt({ sub: '3', exp: exp + 100 }); // an old API's renewal: ignored (ADR 0005)
  saveSession({ token, user, permissions: [] });
  let answer!: () => void;
  const gate = new Promise<void>((r) => (answer = r));
  const { calls } = mockFetch({
    'GET auth': () => ({ status: 200, body: { success: true, data: { user, permissions: ['isVip'], token: renewed } } }),
  });
  const realFetch = global.fetch;
  global.fetch = (async (...args: Parameters<typeof fetch>) => {
    await gate;
    return realFetch(...args);
  }) as typeof fetch;
  mount();
  expect(screen.getByTestId('status')).toHaveTextContent('loading');
  await act(async () => answer());
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
  expect(screen.getByTestId('email')).toHaveTextContent('vip@example.com');
  expect(screen.getByTestId('vip')).toHaveTextContent('true');
  expect(calls[0].auth).toBe(`Bearer ${token}`);
  expect(Cookies.get(TOKEN_COOKIE)).toBe(token);
  expect(JSON.parse(localStorage.getItem(PERMISSIONS_KEY)!)).toEqual(['isVip']);
});

describe('short access tokens (ADR 0005)', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const session = (extra: Record<string, unknown> = {}) => fakeJwt({ sub: '3', iat: now() - 900, exp: now() - 5, sxp: now() + 86_400, ...extra });

  it('an expired access token at startup: POST auth/refresh (with the cookie) first, then the check with the new token', async () => {
    const stale = session();
    const fresh = fakeJwt({ sub: '3', iat: now(), exp: now() + 900, sxp: now() + 86_400 });
    saveSession({ token: stale, user, permissions: [] });
    const { calls, fn } = mockFetch({
      'POST auth/refresh': { status: 200, body: { success: true, data: { user, permissions: ['isVip'], token: fresh } } },
      'GET auth': { status: 200, body: { success: true, data: { user, permissions: ['isVip'] } } },
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${API}/auth/refresh`, `GET ${API}/auth`]);
    expect((fn.mock.calls[0][1] as RequestInit).credentials).toBe('include');
    expect(calls[1].auth).toBe(`Bearer ${fresh}`);
    expect(Cookies.get(TOKEN_COOKIE)).toBe(fresh);
  });

  it('a refused refresh ends the session (the guest cart stays)', async () => {
    saveSession({ token: session(), user, permissions: [] });
    localStorage.setItem('cartItems', '[{"id":9,"units":2}]');
    mockFetch({ 'POST auth/refresh': { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } } });
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(localStorage.getItem('cartItems')).toBe('[{"id":9,"units":2}]');
  });

  it('renews shortly before expiry while the page stays open; a refused renewal logs out with error.jwt', async () => {
    jest.useFakeTimers();
    try {
      const first = fakeJwt({ sub: '3', iat: now(), exp: now() + 9, sxp: now() + 86_400 });
      const second = fakeJwt({ sub: '3', iat: now(), exp: now() + 900, sxp: now() + 86_400 });
      saveSession({ token: first, user, permissions: [] });
      let refreshAnswer: { status: number; body: unknown } = { status: 200, body: { success: true, data: { user, permissions: [], token: second } } };
      const { calls } = mockFetch({
        'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } },
        'POST auth/refresh': () => refreshAnswer,
      });
      mount();
      await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
      expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(0);
      // a third of a 9-second token before its end: at ~6 s
      await act(async () => {
        await jest.advanceTimersByTimeAsync(6500);
      });
      expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
      expect(Cookies.get(TOKEN_COOKIE)).toBe(second);
      expect(screen.getByTestId('status')).toHaveTextContent('authenticated');

      refreshAnswer = { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } };
      await act(async () => {
        await jest.advanceTimersByTimeAsync(900_000);
      });
      expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
      expect(notify).toHaveBeenCalledWith('ERROR', 'La sesion ha expirado, inicia sesion nuevamente');
    } finally {
      jest.useRealTimers();
    }
  });

  it('logout asks the API to revoke the refresh cookie (DELETE auth/refresh, credentials included)', async () => {
    saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: [] });
    const { calls, fn } = mockFetch({
      'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } },
      'DELETE auth/refresh': { status: 200, body: { success: true, message: 'Cerraste sesion correctamente' } },
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    act(() => screen.getByText('salir').click());
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `${API}/auth/refresh`)).toBe(true));
    const del = fn.mock.calls.find((c) => (c[1] as RequestInit).method === 'DELETE')!;
    expect((del[1] as RequestInit).credentials).toBe('include');
  });
});

it('a refused check closes the session but keeps the guest cart', async () => {
  saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: ['isVip'] });
  localStorage.setItem('cartItems', '[{"id":9,"units":2}]');
  const refused = { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } };
  mockFetch({ 'GET auth': refused, 'POST auth/refresh': refused });
  mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
  expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  expect(localStorage.getItem('cartItems')).toBe('[{"id":9,"units":2}]');
});

it('an unreachable API keeps the stored session', async () => {
  saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: [] });
  mockFetch({});
  mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
  expect(screen.getByTestId('email')).toHaveTextContent('vip@example.com');
});

// Seen in CI: a reload while GET /auth was answering cut its body off; the check read that as "signed out"
// and deleted the cookie, so the reloaded cart asked a signed-in customer to log in.
it('a check cut off mid-answer (a reload), a 429 or a 403 keeps the session and its cookie', async () => {
  const token = fakeJwt({ sub: '3', exp });
  for (const answer of [{ status: 200, body: null, cut: true }, { status: 429, body: {} }, { status: 403, body: { success: false } }]) {
    saveSession({ token, user, permissions: [] });
    mockFetch({ 'GET auth': answer });
    const view = mount();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(Cookies.get(TOKEN_COOKIE)).toBe(token);
    expect(screen.getByTestId('email')).toHaveTextContent('vip@example.com');
    view.unmount();
  }
});

it('a 401 whose renewal gets no answer keeps the session; a refused renewal ends it', async () => {
  const token = fakeJwt({ sub: '3', exp });
  saveSession({ token, user, permissions: [] });
  mockFetch({
    'GET auth': { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } },
    'POST auth/refresh': { status: 503, body: { success: false } },
  });
  const view = mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
  expect(Cookies.get(TOKEN_COOKIE)).toBe(token);
  view.unmount();

  mockFetch({
    'GET auth': { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } },
    'POST auth/refresh': { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } },
  });
  mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
  expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
});

it('logout clears the session and says "Cerraste sesion correctamente"', async () => {
  saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: [] });
  localStorage.setItem('cartTotal', '1500');
  mockFetch({ 'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } } });
  mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
  act(() => screen.getByText('salir').click());
  expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
  expect(notify).toHaveBeenCalledWith('SUCCESS', 'Cerraste sesion correctamente');
  expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  expect(localStorage.getItem('cartTotal')).toBe('1500');
});

it('expireSession() (a 401 elsewhere) closes the session', async () => {
  saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: [] });
  mockFetch({ 'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } } });
  mount();
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
  act(() => expireSession());
  expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
  expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
});

it('a nested provider reuses the outer one (one session check)', async () => {
  saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: [] });
  const { fn } = mockFetch({ 'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } } });
  mount(
    <SessionProvider apiUrl="http://other.test">
      <Probe />
    </SessionProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
  expect(fn).toHaveBeenCalledTimes(1);
  expect(String(fn.mock.calls[0][0])).toBe(`${API}/auth`);
});

it('useSession outside any provider is a harmless "loading" value', () => {
  render(<Probe />);
  expect(screen.getByTestId('status')).toHaveTextContent('loading');
});
