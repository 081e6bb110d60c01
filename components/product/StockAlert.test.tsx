import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import product from '@/messages/es/product.json';
import { fakeJwt, mockFetch } from '@/components/account/test-utils';
import { forgetStockAlerts, StockAlert } from './StockAlert';

type Session = { status: 'loading' | 'anonymous' | 'authenticated'; user: { id: number; email: string } | null };
let mockSession: Session = { status: 'anonymous', user: null };
jest.mock('@/lib/session/SessionProvider', () => ({ useSession: () => mockSession, expireSession: jest.fn() }));
const notify = jest.fn();
jest.mock('@/lib/toast/emitter', () => ({ notify: (...args: unknown[]) => notify(...args) }));

const PATH = '/velas/vela-de-soja';
const CLASSES = { root: 'alert', button: 'button', hint: 'hint' };

function renderAlert(props: { variationId?: number; locale?: string } = {}) {
  return render(
    <NextIntlClientProvider locale={props.locale ?? 'es'} messages={{ product }} onError={() => {}}>
      <StockAlert classes={CLASSES} productId={7} variationId={props.variationId} label="Vela de soja – Lavanda" path={PATH} />
    </NextIntlClientProvider>,
  );
}

const signedIn = () => {
  mockSession = { status: 'authenticated', user: { id: 3, email: 'ana@example.com' } };
  // a valid token for publicRequest (no refresh needed)
  document.cookie = `userToken=${fakeJwt({ id: 3, exp: Math.floor(Date.now() / 1000) + 3600 })}; path=/`;
};

beforeEach(() => {
  forgetStockAlerts();
  notify.mockReset();
  mockSession = { status: 'anonymous', user: null };
  document.cookie = 'userToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('StockAlert', () => {
  it('a guest gets a link to sign in that returns to the product page, and no API call', () => {
    const { fn } = mockFetch({});
    renderAlert();
    const link = screen.getByRole('link', { name: 'Avisame cuando haya stock: Vela de soja – Lavanda' });
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent(PATH)}`);
    expect(link).toHaveAttribute('title', 'Ingresá para que te avisemos cuando haya stock');
    expect(fn).not.toHaveBeenCalled();
  });

  it('keeps the locale prefix on the way to the sign-in page and back', () => {
    mockFetch({});
    renderAlert({ locale: 'en' });
    expect(screen.getByRole('link')).toHaveAttribute('href', `/en/login?next=${encodeURIComponent(`/en${PATH}`)}`);
  });

  it('while the session check runs: a disabled button, no API call', () => {
    mockSession = { status: 'loading', user: null };
    const { fn } = mockFetch({});
    renderAlert();
    expect(screen.getByRole('button', { name: /Avisame cuando haya stock/ })).toBeDisabled();
    expect(fn).not.toHaveBeenCalled();
  });

  it('signed in: loads the state once for every row of the page, subscribes, then cancels', async () => {
    signedIn();
    const { calls } = mockFetch({
      'GET api/stock-alerts': { status: 200, body: { success: true, data: [{ productId: 7, variationId: 9, createdAt: '2026-11-27T10:00:00.000Z' }] } },
      'POST api/stock-alerts': { status: 201, body: { success: true, data: { productId: 7, variationId: 8, createdAt: '2026-11-27T11:00:00.000Z' } } },
      'DELETE api/stock-alerts': { status: 200, body: { success: true, data: { removed: true } } },
    });
    render(
      <NextIntlClientProvider locale="es" messages={{ product }} onError={() => {}}>
        <StockAlert classes={CLASSES} productId={7} variationId={8} label="Lavanda" path={PATH} />
        <StockAlert classes={CLASSES} productId={7} variationId={9} label="Rosa" path={PATH} />
      </NextIntlClientProvider>,
    );
    const lavanda = await screen.findByRole('button', { name: 'Avisame cuando haya stock: Lavanda' });
    await waitFor(() => expect(lavanda).toBeEnabled());
    // Rosa was already subscribed: its button cancels
    expect(screen.getByRole('button', { name: 'Cancelar aviso: Rosa' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Ya te vamos a avisar');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/api\/stock-alerts\?productId=7$/);
    expect(calls[0]!.auth).toMatch(/^Bearer /);

    await act(async () => fireEvent.click(lavanda));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { productId: 7, variationId: 8 } });
    expect(screen.getByRole('button', { name: 'Cancelar aviso: Lavanda' })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('SUCCESS', 'Listo: te vamos a avisar cuando haya stock');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar aviso: Lavanda' })));
    expect(calls.at(-1)!.method).toBe('DELETE');
    expect(calls.at(-1)!.url).toMatch(/api\/stock-alerts\?productId=7&variationId=8$/);
    expect(screen.getByRole('button', { name: 'Avisame cuando haya stock: Lavanda' })).toBeInTheDocument();
    expect(notify).toHaveBeenLastCalledWith('INFO', 'Cancelaste el aviso');
  });

  it('a simple product subscribes without a variation; the API refusal (409) is shown and the state kept', async () => {
    signedIn();
    const { calls } = mockFetch({
      'GET api/stock-alerts': { status: 200, body: { success: true, data: [] } },
      'POST api/stock-alerts': { status: 409, body: { success: false, message: 'Este producto tiene stock: ya lo podés pedir', code: 'STOCK_ALERT_IN_STOCK' } },
    });
    renderAlert();
    const button = await screen.findByRole('button', { name: /Avisame cuando haya stock/ });
    await waitFor(() => expect(button).toBeEnabled());
    await act(async () => fireEvent.click(button));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { productId: 7 } });
    expect(notify).toHaveBeenCalledWith('ERROR', 'Este producto tiene stock: ya lo podés pedir');
    expect(screen.getByRole('button', { name: /Avisame cuando haya stock/ })).toBeEnabled();
  });

  it('a network failure says so and leaves the button usable', async () => {
    signedIn();
    mockFetch({ 'GET api/stock-alerts': { status: 200, body: { success: true, data: [] } } });
    renderAlert();
    const button = await screen.findByRole('button', { name: /Avisame cuando haya stock/ });
    await waitFor(() => expect(button).toBeEnabled());
    await act(async () => fireEvent.click(button));
    expect(notify).toHaveBeenCalledWith('ERROR', 'No pudimos guardar el aviso. Probá de nuevo.');
    expect(button).toBeEnabled();
  });
});
