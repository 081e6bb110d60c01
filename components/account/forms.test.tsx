import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notify as emittedNotify } from '@/lib/toast/emitter';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { REMEMBER_KEY, TOKEN_COOKIE } from '@/lib/session/store';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { ForgotForm } from './ForgotForm';
import { fakeJwt, mockFetch, withSession } from './test-utils';
import { router } from './test-router';

jest.mock('next/navigation', () => jest.requireActual<typeof import('./test-router')>('./test-router').navigationAt('/login'));
jest.mock('@/lib/toast/emitter', () => ({ notify: jest.fn(), subscribeNotify: jest.fn(() => () => {}) }));
// jest.mock above is hoisted over the imports, so this is the mock.
const notify = jest.mocked(emittedNotify);


beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  notify.mockClear();
  Object.values(router).forEach((f) => f.mockClear());
});

/** Fills the whole registration form (Ana Pérez, password 12345678, terms accepted) and sends it. */
async function register(email: string) {
  const user = userEvent.setup();
  withSession(<RegisterForm />);
  await user.type(screen.getByLabelText('Nombre'), 'Ana');
  await user.type(screen.getByLabelText('Apellido'), 'Pérez');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Contraseña'), '12345678');
  await user.type(screen.getByLabelText('Repetir contraseña'), '12345678');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

const errorTexts = () => Array.from(document.querySelectorAll('[data-field-error]')).map((e) => e.textContent);

describe('RegisterForm (spec §5 messages and generic form behaviour)', () => {
  it('an empty submit shows every message, warns "Completa bien los campos" for 2 s and sends nothing', async () => {
    const { fn } = mockFetch({});
    withSession(<RegisterForm />);
    await waitFor(() => expect(fn).not.toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(errorTexts()).toHaveLength(6));
    expect(errorTexts()).toEqual([
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Este Campo es Obligatorio',
      'Debe aceptar los terminos y condiciones',
    ]);
    expect(notify).toHaveBeenCalledWith('WARNING', 'Completa bien los campos', 2);
    expect(fn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the rule messages and clears each as the user corrects it', async () => {
    const user = userEvent.setup();
    mockFetch({});
    withSession(<RegisterForm />);
    await user.type(screen.getByLabelText('Nombre'), '123');
    await user.type(screen.getByLabelText('Apellido'), '@@');
    await user.type(screen.getByLabelText('Email'), 'ana@');
    await user.type(screen.getByLabelText('Contraseña'), '1234567');
    await user.type(screen.getByLabelText('Repetir contraseña'), '7654321');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() =>
      expect(errorTexts()).toEqual([
        'Ingresa un nombre válido',
        'Ingresa un apellido válido',
        'Debe ser un email valido',
        'La contraseña debe tener 8 caracteres al menos',
        'Las contraseñas no coinciden',
        'Debe aceptar los terminos y condiciones',
      ]),
    );
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await waitFor(() => expect(errorTexts()).not.toContain('Ingresa un nombre válido'));
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(errorTexts()).not.toContain('Debe aceptar los terminos y condiciones'));
  });

  it('a valid registration posts the data and shows the "check your e-mail" state', async () => {
    const { calls } = mockFetch({
      'POST auth/register': { status: 201, body: { success: true, message: 'Te registraste correctamente. Te enviamos un email para confirmar tu cuenta.', data: { email: 'ana@example.com' } } },
    });
    await register('Ana@Example.com');
    await screen.findByTestId('register-sent');
    expect(screen.getByText(/ana@example.com/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Ana',
      lastname: 'Pérez',
      email: 'ana@example.com',
      password: '12345678',
      confirmPassword: '12345678',
      acceptTerms: true,
    });
  });

  it('shows the duplicate message from the server', async () => {
    mockFetch({
      'POST auth/register': { status: 409, body: { success: false, message: 'Ya existe un registro como el que se esta intentando crear' } },
    });
    await register('ana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe un registro como el que se esta intentando crear');
  });
});

describe('LoginForm', () => {
  it('validates e-mail (no spaces) and password (≥ 7) before sending', async () => {
    const user = userEvent.setup();
    const { fn } = mockFetch({});
    withSession(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana @example.com');
    await user.type(screen.getByLabelText('Contraseña'), '123456');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(errorTexts()).toEqual(['Debe ser un email valido', 'La contraseña debe tener 7 caracteres al menos']));
    expect(fn.mock.calls.filter(([url]) => String(url).endsWith('/auth/login'))).toHaveLength(0);
    expect(notify).toHaveBeenCalledWith('WARNING', 'Completa bien los campos', 2);
  });

  it('shows "Los datos son incorrectos" on wrong credentials', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST auth/login': { status: 401, body: { success: false, message: 'Los datos son incorrectos' } } });
    withSession(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Los datos son incorrectos');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it('maps the error by its code, not by the server text', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST auth/login': { status: 401, body: { success: false, message: 'Texto cambiado en el servidor', code: 'WRONG_CREDENTIALS' } } });
    withSession(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Los datos son incorrectos');
  });

  it('an unverified account (403 UNVERIFIED) offers to resend the link; another 403 does not', async () => {
    const user = userEvent.setup();
    const unverified = { success: false, message: 'Tenés que verificar tu email antes de ingresar. Te reenviamos el enlace.', code: 'UNVERIFIED' };
    mockFetch({ 'POST auth/login': { status: 403, body: unverified } });
    const { unmount } = withSession(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByTestId('resend-verification')).toBeInTheDocument();
    unmount();
    // the same text under another code is not an unverified account
    mockFetch({ 'POST auth/login': { status: 403, body: { ...unverified, code: 'FORBIDDEN' } } });
    withSession(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes los permisos necesarios');
    expect(screen.queryByTestId('resend-verification')).toBeNull();
  });

  it('logs in, stores the session, remembers the e-mail, keeps the cart and goes to next', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cartItems', '[{"id":1,"units":4}]');
    const token = fakeJwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 });
    const { calls } = mockFetch({
      'POST auth/login': {
        status: 200,
        body: {
          success: true,
          message: 'Ingresaste correctamente',
          data: { user: { id: 1, email: 'ana@example.com', name: 'Ana', lastname: 'P', role: 'customer' }, token, permissions: [] },
        },
      },
    });
    withSession(<LoginForm next="/profile" />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
    await user.click(screen.getByLabelText('Recordarme'));
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/profile'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'ana@example.com', password: 'secreta1', remember: true });
    expect(Cookies.get(TOKEN_COOKIE)).toBe(token);
    expect(JSON.parse(localStorage.getItem(REMEMBER_KEY)!)).toEqual({ checked: true, email: 'ana@example.com' });
    expect(localStorage.getItem('cartItems')).toBe('[{"id":1,"units":4}]');
    expect(notify).toHaveBeenCalledWith('SUCCESS', 'Ingresaste correctamente');
  });

  it('pre-fills a remembered e-mail', async () => {
    localStorage.setItem(REMEMBER_KEY, JSON.stringify({ checked: true, email: 'recordado@example.com' }));
    mockFetch({});
    withSession(<LoginForm />);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('recordado@example.com'));
    expect(screen.getByLabelText('Recordarme')).toBeChecked();
  });

  it('the password toggle shows and hides the password', async () => {
    mockFetch({});
    withSession(<LoginForm />);
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('never shows the Google button when the API has no Google client id', async () => {
    mockFetch({ 'GET api/auth/providers': { status: 200, body: { success: true, data: { google: null } } } });
    withSession(<LoginForm />);
    await act(async () => {});
    expect(document.querySelector('[data-google-signin]')).toBeNull();
  });
});

describe('ResetPasswordForm', () => {
  it('without a token shows "Token invalido" and goes to /login', async () => {
    mockFetch({});
    withSession(<ResetPasswordForm token={null} />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('ERROR', 'Token invalido'));
    expect(router.replace).toHaveBeenCalledWith('/login');
  });

  it('uses the spec messages (7 by the check, the message says 8) and "Confirmar contraseña"', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET auth/canChangePassword': { status: 200, body: { success: true, message: 'El enlace es válido' } } });
    withSession(<ResetPasswordForm token="abcdefghijklmnopqrstuvwxyz012345" />);
    await user.type(await screen.findByLabelText('Nueva contraseña'), '123456');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'x');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(errorTexts()).toEqual(['Contraseña debe tener un minimo de 8 caracteres', 'Confirmar contraseña']));
  });

  it('a rejected token shows the server message and goes to /login', async () => {
    mockFetch({ 'GET auth/canChangePassword': { status: 410, body: { success: false, message: 'El token ha expirado' } } });
    withSession(<ResetPasswordForm token="abcdefghijklmnopqrstuvwxyz012345" />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('ERROR', 'El token ha expirado'));
    expect(router.replace).toHaveBeenCalledWith('/login');
  });
});

describe('ForgotForm', () => {
  it('shows the server message above the form', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST auth/forgot': { status: 404, body: { success: false, message: 'No hay una cuenta registrada con ese email' } } });
    withSession(<ForgotForm />);
    await user.type(screen.getByLabelText('Email'), 'nadie@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No hay una cuenta registrada con ese email');
  });

  it('a network failure shows the spec warning text', async () => {
    const user = userEvent.setup();
    mockFetch({});
    withSession(<ForgotForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un prolema en la solicitud, vuelve a intentarlo');
  });
});
