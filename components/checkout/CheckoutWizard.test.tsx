import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PublicApiError } from '@/lib/api/public';
import { CHECKOUT_STORAGE_KEY } from './steps';
import { renderEs } from './test-utils';
import { handleError, notify } from './test-mocks';

// --- mocks: URL, router, session, cart, toasts, API ------------------------------------------------
let search = new URLSearchParams();
const router = {
  push: jest.fn((href: string) => {
    search = new URLSearchParams(href.split('?')[1] ?? '');
  }),
  replace: jest.fn((href: string) => {
    search = new URLSearchParams(href.split('?')[1] ?? '');
  }),
  back: jest.fn(),
  refresh: jest.fn(),
};
jest.mock('next/navigation', () => ({ useSearchParams: () => search }));
jest.mock('@/i18n/navigation', () => ({
  useRouter: () => router,
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
jest.mock('@/lib/session/SessionProvider', () => ({ useSession: () => ({ status: 'authenticated' }) }));
jest.mock('@/components/toast/MessagesProvider', () => jest.requireActual<typeof import('./test-mocks')>('./test-mocks').messagesMock());
jest.mock('@/lib/api/public', () => jest.requireActual<typeof import('./test-mocks')>('./test-mocks').publicApiMock());
const clear = jest.fn();
let cartLines: { id: number; units: number; unitPrice: number; regularPrice: number; lineTotal: number; tier: null; parentId: number }[] = [];
jest.mock('@/components/cart/CartProvider', () => ({
  useCart: () => ({
    ready: true,
    state: { pricing: { lines: cartLines } },
    totals: { lineCount: cartLines.length, cartTotalCents: cartLines.reduce((s, l) => s + l.lineTotal, 0) },
    groups: cartLines.map((l) => ({
      fatherId: l.id,
      fatherName: 'Agua Florida',
      lines: [{ item: { id: l.id, cartName: 'Agua Florida' }, priced: l }],
    })),
    clear,
  }),
}));
const api = {
  transports: jest.fn(async () => [
    { id: 4, name: 'Cruz del Sur', fatherId: null, isAble: true },
    { id: 9, name: 'Don Pedro', fatherId: null, isAble: false },
  ]),
  addresses: jest.fn(async () => [{ id: 7, province: 'Córdoba', city: 'Córdoba', street: 'San Martín', number: '10', postalCode: '5000' }]),
  billing: jest.fn(async () => [{ id: 3, taxCondition: 'Monotributista', documentType: 'CUIT', number: '20123456786' }]),
  createOrder: jest.fn(),
  createAddress: jest.fn(),
  createBilling: jest.fn(),
};
jest.mock('@/lib/api/orders', () => ({
  get ordersApi() {
    return api;
  },
}));

import { CheckoutWizard } from './CheckoutWizard';

async function renderWizard() {
  let view!: ReturnType<typeof renderEs>;
  // The lists load right after mount: let their promises settle inside act.
  await act(async () => {
    view = renderEs(<CheckoutWizard minOrderPrice={100000} minLocalPrice={50000} />);
  });
  return view;
}

beforeEach(() => {
  search = new URLSearchParams();
  window.sessionStorage.clear();
  jest.clearAllMocks();
  cartLines = [{ id: 29, parentId: 29, units: 30, unitPrice: 548700, regularPrice: 590000, lineTotal: 16461000, tier: null }];
});

const continueBtn = () => screen.getByTestId('checkout-continue');

it('empty cart → message and a link to /products', async () => {
  cartLines = [];
  await renderWizard();
  expect(screen.getByText('Tu carrito está vacío')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ver productos' })).toHaveAttribute('href', '/products');
});

it('puts the first step in the URL (replace, no history entry)', async () => {
  await renderWizard();
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/checkout?step=delivery', { scroll: false }));
  expect(router.push).not.toHaveBeenCalled();
});

it('Continue without a choice warns for 2 s and stays', async () => {
  search = new URLSearchParams('step=delivery');
  await renderWizard();
  fireEvent.click(continueBtn());
  expect(notify).toHaveBeenCalledWith('WARNING', 'Elegí una forma de entrega', 2);
  expect(router.push).not.toHaveBeenCalled();
});

it('pickup walks delivery → billing → summary, pushing each step', async () => {
  search = new URLSearchParams('step=delivery');
  const view = await renderWizard();
  fireEvent.click(screen.getByRole('radio', { name: /Retiro en el local/ }));
  fireEvent.click(continueBtn());
  expect(router.push).toHaveBeenLastCalledWith('/checkout?step=billing', { scroll: false });
  view.rerender(<CheckoutWizard minOrderPrice={100000} minLocalPrice={50000} />);
  expect(screen.getByRole('heading', { name: 'Datos de facturación' })).toBeInTheDocument();
  expect(screen.getByText('Paso 2 de 3')).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('radio', { name: /CUIT 20-12345678-6/ }));
  fireEvent.click(continueBtn());
  expect(router.push).toHaveBeenLastCalledWith('/checkout?step=summary', { scroll: false });
  view.rerender(<CheckoutWizard minOrderPrice={100000} minLocalPrice={50000} />);
  expect(screen.getByTestId('checkout-summary')).toBeInTheDocument();
  // Back walks the history Continue pushed.
  fireEvent.click(screen.getByTestId('checkout-back'));
  expect(router.back).toHaveBeenCalledTimes(1);
  // Choices survive a reload.
  expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)!)).toMatchObject({ delivery: 'pickup', billingId: 3 });
});

it('a deep link to a step that is not reachable yet is replaced by the first incomplete one', async () => {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'address', transport: { kind: 'listed', id: 4, name: 'Cruz del Sur' } }));
  search = new URLSearchParams('step=summary');
  await renderWizard();
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/checkout?step=address', { scroll: false }));
  expect(screen.getByRole('heading', { name: 'Dirección de envío' })).toBeInTheDocument();
});

it('the address step: an invalid typed address is not sent, "Continuar" stays and says why', async () => {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'address', transport: { kind: 'listed', id: 4, name: 'Cruz del Sur' } }));
  search = new URLSearchParams('step=address');
  await renderWizard();
  await screen.findByRole('radio', { name: /San Martín 10/ });
  fireEvent.click(screen.getByRole('button', { name: 'Agregar otra dirección' }));
  fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: 'Misiones' } });
  await act(async () => {
    fireEvent.click(continueBtn());
  });
  await waitFor(() => expect(notify).toHaveBeenCalledWith('WARNING', 'Completa bien los campos', 2));
  expect(api.createAddress).not.toHaveBeenCalled();
  expect(router.push).not.toHaveBeenCalled();
});

it('the address step: a typed address is saved by "Continuar" and chosen (no separate save needed)', async () => {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'address', transport: { kind: 'listed', id: 4, name: 'Cruz del Sur' } }));
  api.addresses.mockResolvedValueOnce([]);
  api.createAddress.mockResolvedValueOnce({ id: 21, province: 'Misiones', city: 'Posadas', street: 'Colón', number: '1', postalCode: '3300', floor: null, extraData: null, state: 'active', createdAt: '2026-11-25T00:00:00.000Z' });
  search = new URLSearchParams('step=address');
  await renderWizard();
  for (const [label, value] of [['Provincia', 'Misiones'], ['Ciudad', 'Posadas'], ['Calle', 'Colón'], ['Número', '1'], ['Código postal', '3300']]) {
    fireEvent.change(screen.getByLabelText(label!), { target: { value } });
  }
  await act(async () => {
    fireEvent.click(continueBtn());
  });
  await waitFor(() => expect(router.push).toHaveBeenLastCalledWith('/checkout?step=billing', { scroll: false }));
  expect(api.createAddress).toHaveBeenCalledWith(expect.objectContaining({ province: 'Misiones', city: 'Posadas', postalCode: '3300' }));
  expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)!)).toMatchObject({ addressId: 21 });
});

it('the billing step: a typed CUIT is saved by "Continuar"; a single saved record is preselected next time', async () => {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'pickup' }));
  api.billing.mockResolvedValueOnce([]);
  api.createBilling.mockResolvedValueOnce({ id: 12, taxCondition: 'Monotributista', documentType: 'CUIT', number: '20123456786', documentNumber: '20123456786', createdAt: '2026-11-25T00:00:00.000Z' });
  search = new URLSearchParams('step=billing');
  const view = await renderWizard();
  fireEvent.change(screen.getByLabelText('Condición frente al IVA'), { target: { value: 'Monotributista' } });
  fireEvent.change(screen.getByLabelText(/Número/), { target: { value: '20-12345678-6' } });
  await act(async () => {
    fireEvent.click(continueBtn());
  });
  await waitFor(() => expect(router.push).toHaveBeenLastCalledWith('/checkout?step=summary', { scroll: false }));
  expect(api.createBilling).toHaveBeenCalledWith({ taxCondition: 'Monotributista', documentType: 'CUIT', number: '20123456786' });
  view.unmount();
  // Next visit: the one saved record is chosen already.
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'pickup' }));
  search = new URLSearchParams('step=billing');
  await renderWizard();
  expect(await screen.findByRole('radio', { name: /CUIT 20-12345678-6/ })).toBeChecked();
});

it("'Otro' transport without a name shows the field error and 'Completa bien los campos'", async () => {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'depot' }));
  search = new URLSearchParams('step=transport');
  await renderWizard();
  await screen.findByRole('radio', { name: /Cruz del Sur/ });
  expect(screen.getByRole('radio', { name: /Don Pedro/ })).toBeDisabled();
  fireEvent.click(screen.getByRole('radio', { name: /Otro/ }));
  fireEvent.click(continueBtn());
  expect(notify).toHaveBeenCalledWith('WARNING', 'Completa bien los campos', 2);
  expect(screen.getByRole('alert')).toHaveTextContent('Completa este campo');
});

const READY = {
  delivery: 'address',
  transport: { kind: 'listed', id: 4, name: 'Cruz del Sur' },
  addressId: 7,
  billingId: 3,
};

/** Every step filled in (READY) and the wizard at its summary. */
function openReadySummary() {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(READY));
  search = new URLSearchParams('step=summary');
}

/** The ready summary, the API refusing the order with `error`, and 'Enviar pedido' pressed. */
async function sendRefusedWith(error: PublicApiError) {
  openReadySummary();
  api.createOrder.mockRejectedValueOnce(error);
  await renderWizard();
  await send();
}

/** After a failed send: the cart is not cleared and the customer can send again. */
function expectCartKept() {
  expect(clear).not.toHaveBeenCalled();
  expect(screen.getByTestId('checkout-send')).toBeEnabled();
}

/** Presses 'Enviar pedido' and lets the send settle. */
async function send() {
  await act(async () => {
    fireEvent.click(await screen.findByTestId('checkout-send'));
  });
}

it('Enviar pedido posts the payload, clears the cart and opens /order/{id}', async () => {
  openReadySummary();
  api.createOrder.mockResolvedValueOnce({ id: 42 });
  await renderWizard();
  // interior (Córdoba): VAT shown, minimum plus VAT reached
  expect(await screen.findByTestId('summary-vat')).toHaveTextContent('34.568,10');
  await act(async () => {
    fireEvent.click(screen.getByTestId('checkout-send'));
  });
  expect(api.createOrder).toHaveBeenCalledWith(
    {
      products: [{ id: 29, quantity: 30 }],
      billingDataId: 3,
      toSucc: false,
      transportId: 4,
      otherTransport: null,
      addressId: 7,
    },
    { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
  );
  expect(clear).toHaveBeenCalled();
  expect(notify).toHaveBeenCalledWith('SUCCESS', '¡Recibimos tu pedido!');
  expect(router.push).toHaveBeenLastCalledWith('/order/42');
  expect(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
});

it("a refused order shows 'Error al crear orden' with the server's message and keeps the cart", async () => {
  await sendRefusedWith(
    new PublicApiError({ kind: 'http', status: 400, message: 'Tu compra no alcanza el mínimo de $ 121.000 (mínimo + IVA) para envíos al interior' }),
  );
  expect(notify).toHaveBeenCalledWith(
    'ERROR',
    'Error al crear orden: Tu compra no alcanza el mínimo de $ 121.000 (mínimo + IVA) para envíos al interior',
    6,
  );
  expectCartKept();
});

it('no answer from the API (network failure or deadline): the customer is told the order was not sent, the cart stays', async () => {
  await sendRefusedWith(new PublicApiError({ kind: 'network', status: 0 }));
  expect(notify).toHaveBeenCalledWith(
    'ERROR',
    'Error al crear orden: el pedido no se envió. Tu carrito sigue guardado: probá de nuevo en unos segundos.',
    8,
  );
  expect(handleError).not.toHaveBeenCalled();
  expectCartKept();
});

it('sending again after a failure reuses the Idempotency-Key of the attempt (the API cannot store the order twice)', async () => {
  openReadySummary();
  api.createOrder.mockRejectedValueOnce(new PublicApiError({ kind: 'network', status: 0 }));
  api.createOrder.mockRejectedValueOnce(new PublicApiError({ kind: 'http', status: 500, message: 'Ha ocurrido un error en el servidor' }));
  api.createOrder.mockResolvedValueOnce({ id: 43 });
  await renderWizard();
  for (let i = 0; i < 3; i++) {
    await send();
  }
  expect(api.createOrder).toHaveBeenCalledTimes(3);
  const keys = api.createOrder.mock.calls.map((call) => (call as unknown[])[1] as { idempotencyKey: string });
  expect(keys[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toEqual(keys[0]);
  expect(keys[2]).toEqual(keys[0]);
  expect(router.push).toHaveBeenLastCalledWith('/order/43');
});

it('a 401 while sending goes through the generic handler (session ends)', async () => {
  const error = new PublicApiError({ kind: 'unauthorized', status: 401 });
  await sendRefusedWith(error);
  expect(handleError).toHaveBeenCalledWith(error);
});

it('below the minimum the summary says what is missing', async () => {
  cartLines = [{ id: 29, parentId: 29, units: 1, unitPrice: 590000, regularPrice: 590000, lineTotal: 590000, tier: null }];
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ delivery: 'pickup', billingId: 3 }));
  search = new URLSearchParams('step=summary');
  await renderWizard();
  expect(await screen.findByTestId('summary-minimum')).toHaveTextContent(/mínimo para retiro en el local/);
});
