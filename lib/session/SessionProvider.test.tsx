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

it('shows "loading" until GET /auth answers, then the user and permissions (and stores a renewed token)', async () => {
  const token = fakeJwt({ sub: '3', exp });
  const renewed = fakeJwt({ sub: '3', exp: exp + 100 });
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
  expect(Cookies.get(TOKEN_COOKIE)).toBe(renewed);
  expect(JSON.parse(localStorage.getItem(PERMISSIONS_KEY)!)).toEqual(['isVip']);
});

it('a refused check closes the session but keeps the guest cart', async () => {
  saveSession({ token: fakeJwt({ sub: '3', exp }), user, permissions: ['isVip'] });
  localStorage.setItem('cartItems', '[{"id":9,"units":2}]');
  mockFetch({ 'GET auth': { status: 401, body: { success: false, message: 'La sesion ha expirado, inicia sesion nuevamente' } } });
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
