import { render, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import account from '@/messages/es/account.json';
import { resetNotifyEmitter, subscribeNotify } from '@/lib/toast/emitter';
import { useSession, type SessionContextValue } from '@/lib/session/SessionProvider';
import { CartSync } from './CartSync';
import { clearDeviceCart, startCartSync } from './server-sync';

jest.mock('@/lib/session/SessionProvider', () => ({ useSession: jest.fn() }));
jest.mock('./server-sync', () => ({ startCartSync: jest.fn(() => ({ stop: jest.fn(), ready: Promise.resolve() })), clearDeviceCart: jest.fn() }));

const session = (over: Partial<SessionContextValue>) =>
  (useSession as jest.Mock).mockReturnValue({ status: 'anonymous', user: null, isVip: false, apiUrl: 'http://api.test', endedByLogout: false, ...over });

const view = () => (
  <NextIntlClientProvider locale="es" messages={{ account }} onError={() => {}}>
    <CartSync />
  </NextIntlClientProvider>
);

beforeEach(() => {
  jest.clearAllMocks();
  resetNotifyEmitter();
});

it('guests never start the sync (their cart stays the browser’s alone)', async () => {
  session({ status: 'anonymous' });
  render(view());
  await new Promise((r) => setTimeout(r, 20));
  expect(startCartSync).not.toHaveBeenCalled();
  expect(clearDeviceCart).not.toHaveBeenCalled();
});

it('a signed-in customer starts it, with the merge toast in Spanish; signing out empties the device copy', async () => {
  session({ status: 'authenticated', user: { id: 5, email: 'a@b.c' } });
  const shown: string[] = [];
  subscribeNotify((r) => shown.push(r.message));
  const { rerender } = render(view());
  await waitFor(() => expect(startCartSync).toHaveBeenCalledTimes(1));
  const options = (startCartSync as jest.Mock).mock.calls[0][0];
  expect(options).toMatchObject({ userId: 5, isVip: false, apiUrl: 'http://api.test' });
  options.onSignInMerge({ lines: 3, fromDevice: true, fromAccount: true });
  options.onSignInMerge({ lines: 1, fromDevice: false, fromAccount: true });
  options.onSignInMerge({ lines: 2, fromDevice: true, fromAccount: false });
  expect(shown).toEqual([
    'Unimos este carrito con el de tu cuenta: ahora tenés 3 artículos. Si un producto estaba en los dos, quedó la cantidad mayor.',
    'Recuperamos tu carrito guardado: 1 artículo.',
    'Guardamos tu carrito en tu cuenta: lo vas a encontrar en todos tus dispositivos.',
  ]);
  session({ status: 'anonymous', endedByLogout: true });
  rerender(view());
  await waitFor(() => expect(clearDeviceCart).toHaveBeenCalledTimes(1));
});
