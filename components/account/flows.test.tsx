import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notify as emittedNotify } from '@/lib/toast/emitter';
import Cookies from 'js-cookie';
import { TOKEN_COOKIE, saveSession } from '@/lib/session/store';
import { AutoLogin, AUTO_LOGIN_FAIL_DELAY_MS } from './AutoLogin';
import { LoginPanel } from './LoginPanel';
import { VerifyAccount } from './VerifyAccount';
import { Subscriptions } from './Subscriptions';
import { fakeJwt, mockFetch, withSession } from './test-utils';
import { router } from './test-router';

jest.mock('next/navigation', () => jest.requireActual<typeof import('./test-router')>('./test-router').navigationAt('/'));
jest.mock('@/lib/toast/emitter', () => ({ notify: jest.fn(), subscribeNotify: jest.fn(() => () => {}) }));
// jest.mock above is hoisted over the imports, so this is the mock.
const notify = jest.mocked(emittedNotify);

const exp = Math.floor(Date.now() / 1000) + 3600;
const user = { id: 5, email: 'ana@example.com', name: 'Ana', lastname: 'Pérez', role: 'customer' };

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  notify.mockClear();
  Object.values(router).forEach((f) => f.mockClear());
});

describe('VerifyAccount (/verify/{token})', () => {
  it('renders nothing visible; an accepted token stores the session, says so and goes to /', async () => {
    const token = fakeJwt({ sub: '5', exp });
    const { calls } = mockFetch({
      'POST auth/verify': { status: 200, body: { success: true, message: 'Se ha verificado la cuenta con exito', data: { token, user, permissions: [] } } },
    });
    const { container } = withSession(<VerifyAccount token="tok-ok-123456789012345678901" />);
    expect(container.textContent).toBe('Verificando tu cuenta…');
    expect(container.querySelector('.visually-hidden')).not.toBeNull();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(notify).toHaveBeenCalledWith('SUCCESS', 'Se ha verificado la cuenta con exito');
    expect(Cookies.get(TOKEN_COOKIE)).toBe(token);
    expect(calls.filter((c) => c.url.endsWith('/auth/verify'))).toHaveLength(1);
  });

  it('a rejected token says "Token invalido" and goes to /login', async () => {
    mockFetch({ 'POST auth/verify': { status: 400, body: { success: false, message: 'Token invalido' } } });
    withSession(<VerifyAccount token="tok-bad-12345678901234567890" />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(notify).toHaveBeenCalledWith('ERROR', 'Token invalido');
  });
});

describe('VerifyAccount, signed in already (a used link opened again)', () => {
  it('goes to the account, told it is verified, instead of "Token invalido" and the login form', async () => {
    saveSession({ token: fakeJwt({ sub: '5', exp }), user, permissions: [] });
    mockFetch({
      'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } },
      'POST auth/verify': { status: 400, body: { success: false, message: 'Token invalido' } },
    });
    withSession(<VerifyAccount token="tok-used-1234567890123456789" />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/profile'));
    expect(notify).toHaveBeenCalledWith('INFO', 'Tu cuenta ya está verificada');
    expect(notify).not.toHaveBeenCalledWith('ERROR', 'Token invalido');
    expect(router.replace).not.toHaveBeenCalledWith('/login');
  });
});

describe('AutoLogin (/autoLogin?token=)', () => {
  it('success stores the session from User.Role.Permissions and goes to /order/{order}', async () => {
    const token = fakeJwt({ sub: '5', exp });
    mockFetch({
      'POST auth/autoLogin': {
        status: 200,
        body: {
          success: true,
          message: 'Ingresaste correctamente. Te mostramos tu pedido.',
          data: { User: { id: 5, email: 'vip@example.com', name: 'Martín', Role: { name: 'vipcustomer', Permissions: [{ name: 'isVip' }] } }, token, order: 42 },
        },
      },
    });
    withSession(<AutoLogin token="auto-123456789012345678901234" />);
    expect(screen.getByRole('status')).toHaveTextContent('Ingresando…');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/order/42'));
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(['isVip']);
    expect(notify).toHaveBeenCalledWith('SUCCESS', 'Ingresaste correctamente. Te mostramos tu pedido.');
  });

  it('failure warns with the title and the server message, and after 0.5 s shows three lines and a link to /login', async () => {
    jest.useFakeTimers();
    try {
      mockFetch({ 'POST auth/autoLogin': { status: 410, body: { success: false, message: 'El token ha expirado' } } });
      withSession(<AutoLogin token="auto-expired-1234567890123456" />);
      await act(async () => {
        await Promise.resolve();
      });
      await waitFor(() => expect(notify).toHaveBeenCalledWith('WARNING', 'Error: El token ha expirado'));
      expect(screen.queryByTestId('autologin-failed')).toBeNull();
      act(() => jest.advanceTimersByTime(AUTO_LOGIN_FAIL_DELAY_MS));
      const box = screen.getByTestId('autologin-failed');
      expect(box.querySelector('h1')).toHaveTextContent('No pudimos ingresar automáticamente');
      expect(box.querySelectorAll('p')).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Ir a ingresar' })).toHaveAttribute('href', '/login');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a network failure warns with "Ha ocurrido un error en el servidor"; no token fails without a request', async () => {
    const { fn } = mockFetch({});
    withSession(<AutoLogin token="auto-net-12345678901234567890" />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('WARNING', 'Error: Ha ocurrido un error en el servidor'));
    fn.mockClear();
    withSession(<AutoLogin token={null} />);
    await screen.findAllByTestId('autologin-failed', {}, { timeout: 2000 });
    expect(fn.mock.calls.filter(([u]) => String(u).includes('autoLogin'))).toHaveLength(0);
  });
});

describe('LoginPanel', () => {
  it('shows nothing while the session check runs or when logged in', async () => {
    saveSession({ token: fakeJwt({ sub: '5', exp }), user, permissions: [] });
    mockFetch({ 'GET auth': { status: 200, body: { success: true, data: { user, permissions: [] } } } });
    const { container } = withSession(<LoginPanel googleClientId={null} />);
    expect(container).toBeEmptyDOMElement();
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
  });

  it('for guests opens a dialog with the login form; Escape closes it and returns focus', async () => {
    mockFetch({});
    withSession(<LoginPanel googleClientId={null} />);
    const trigger = await screen.findByRole('button', { name: 'Ingresar' });
    fireEvent.click(trigger);
    // the dialog and its form load on the first press
    const dialog = await screen.findByRole('dialog', { name: 'Ingresar' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Recordarme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot');
    expect(screen.getByRole('link', { name: 'Registrate' })).toHaveAttribute('href', '/register');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});

describe('Subscriptions', () => {
  it('an invalid link says so; a valid one shows the switches and "unsubscribe from everything" works', async () => {
    const { calls } = mockFetch({
      'GET api/user/subscriptions': { status: 200, body: { success: true, data: { email: 'ana@example.com', orderMails: true, news: true } } },
      'POST api/user/subscriptions': { status: 200, body: { success: true, data: { email: 'ana@example.com', orderMails: false, news: false } } },
    });
    withSession(<Subscriptions token="signed.token.value" />);
    expect(await screen.findByLabelText('Novedades de mis pedidos')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Darme de baja de todo' }));
    expect(await screen.findByText(/no vas a recibir más emails/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ orderMails: false, news: false });
    expect(screen.getByLabelText('Novedades y ofertas de la tienda')).not.toBeChecked();
  });

  it('without a token shows the invalid-link message', () => {
    mockFetch({});
    withSession(<Subscriptions token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace no es válido o venció');
  });
});
