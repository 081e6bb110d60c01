import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { formatCents } from '@/lib/money';
import { getShopToasts, resetShopToasts } from '@/lib/toast/shop-toasts';
import { cartItem, offer } from '@/lib/cart/test-helpers';
import type { CartItem } from '@/lib/cart';
import { CartProvider } from './CartProvider';
import { CartView } from './CartView';
import { IntlWrapper, seedStorage } from './test-utils';
import type { LookupFetcher } from './lookup';

const mockSession: { isVip: boolean; status: 'loading' | 'anonymous' | 'authenticated' } = {
  isVip: false,
  status: 'anonymous',
};
jest.mock('@/lib/session/SessionProvider', () => ({
  useSession: () => mockSession,
}));

const hemOffers = [offer(1, 12, 80, { name: 'Docena' }), offer(2, 48, 70, { name: 'Caja' })];
const velaOffers = [offer(3, 10, 450, { name: 'Por 10' })];

const hem = (id: number, name: string, units: number): CartItem =>
  cartItem(id, 10, units, {
    cartName: name,
    cartFatherName: 'Sahumerio Hem',
    price: 100,
    offers: hemOffers,
    path: '/sahumerios/sahumerio-hem',
    image: '/uploads/products/hem.webp',
  });
const vela = (units: number): CartItem =>
  cartItem(20, 20, units, { cartName: 'Vela de soja', cartFatherName: 'Vela de soja', price: 500, offers: velaOffers, path: '/velas/vela-de-soja' });

// The page asks for fresh prices on mount; here the API has nothing new to say.
const quietFetcher: LookupFetcher = async () => ({ requestedIds: [], found: [] });

function Page({ children }: { children?: ReactNode }) {
  return (
    <IntlWrapper>
      <CartProvider refreshOnMount={false} fetcher={quietFetcher}>
        <CartView minOrderPrice={100000} minLocalPrice={50000} />
        {children}
      </CartProvider>
    </IntlWrapper>
  );
}

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
const money = (pesos: number) => nbsp(formatCents(Math.round(pesos * 100)));
/** Renders and lets the page's refresh settle. */
async function renderPage() {
  const result = render(<Page />);
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  return result;
}

const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ') ?? '';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  mockSession.status = 'anonymous';
  mockSession.isVip = false;
  act(() => resetShopToasts());
});

describe('CartView', () => {
  it('server HTML shows a neutral placeholder, never cart numbers', async () => {
    seedStorage([vela(2)]);
    const html = renderToString(<Page />);
    expect(html).toContain('Cargando tu carrito');
    expect(html).not.toContain('Vela de soja');
  });

  it('an empty cart shows the friendly empty state with a link to /products', async () => {
    await renderPage();
    const empty = screen.getByTestId('cart-empty');
    expect(within(empty).getByRole('heading', { name: 'Tu carrito está vacío' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Ver productos' })).toHaveAttribute('href', '/products');
  });

  it('groups lines by parent, strikes the regular price where a tier applies, and nudges to the next tier', async () => {
    seedStorage([hem(11, 'Lavanda', 6), vela(2), hem(12, 'Salvia', 6)]);
    await renderPage();
    const groups = screen.getAllByTestId('cart-group');
    expect(groups).toHaveLength(2);

    // Sahumerio Hem: 12 units across two variations reach "Docena" ($80 instead of $100).
    const hemGroup = groups[0];
    expect(within(hemGroup).getByRole('heading', { level: 3, name: 'Sahumerio Hem' })).toBeInTheDocument();
    expect(within(hemGroup).getByRole('link', { name: 'Sahumerio Hem' })).toHaveAttribute('href', '/sahumerios/sahumerio-hem');
    const hemLines = within(hemGroup).getAllByTestId('cart-line');
    expect(hemLines.map((l) => within(l).getByText(/^(Lavanda|Salvia)$/).textContent)).toEqual(['Lavanda', 'Salvia']);
    for (const line of hemLines) {
      const regular = within(line).getByTestId('regular-price');
      expect(regular.tagName).toBe('DEL');
      expect(text(regular)).toContain(money(100));
      expect(text(within(line).getByTestId('unit-price'))).toContain(`${money(80)} c/u`);
      expect(text(within(line).getByTestId('line-total'))).toContain(money(480));
    }
    expect(text(within(hemGroup).getByTestId('tier-badge'))).toBe('Precio por cantidad: Docena');
    expect(text(within(hemGroup).getByTestId('tier-nudge'))).toContain(`Agregá 36 unidades más para pagar ${money(70)} c/u`);
    expect(within(hemGroup).getByText('12 unidades en total')).toBeInTheDocument();

    // Vela de soja: a simple product, no tier yet, 8 more units for $450.
    const velaGroup = groups[1];
    expect(within(velaGroup).queryByTestId('regular-price')).toBeNull();
    expect(within(velaGroup).queryByTestId('tier-badge')).toBeNull();
    expect(text(within(velaGroup).getByTestId('unit-price'))).toContain(`${money(500)} c/u`);
    expect(text(within(velaGroup).getByTestId('tier-nudge'))).toContain(`Agregá 8 unidades más para pagar ${money(450)} c/u`);

    // Totals and article counts.
    expect(text(screen.getByTestId('cart-total'))).toBe(money(960 + 1000));
    expect(screen.getByTestId('summary-lines')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-units')).toHaveTextContent('14');
    expect(screen.getByTestId('cart-counts')).toHaveTextContent('3 artículos · 14 unidades');
    expect(text(screen.getByTestId('summary-savings'))).toBe(money(240));
  });

  it('the singular nudge reads "1 unidad más"', async () => {
    seedStorage([vela(9)]);
    await renderPage();
    expect(text(screen.getByTestId('tier-nudge'))).toContain(`Agregá 1 unidad más para pagar ${money(450)} c/u`);
  });

  it('below every minimum: lists each minimum (the interior one with IVA) and blocks sending', async () => {
    mockSession.status = 'authenticated';
    seedStorage([vela(2)]); // $1.000
    await renderPage();
    const notice = screen.getByTestId('minimum-notice');
    expect(notice).toHaveAttribute('data-zone', 'unknown');
    const rules = within(notice).getAllByTestId('minimum-rule').map(text);
    expect(rules).toEqual([
      `Retiro en el local: compra mínima ${nbsp(formatCents(5_000_000, { decimals: 0 }))} — te faltan ${money(49000)}`,
      `Envío a CABA: compra mínima ${nbsp(formatCents(10_000_000, { decimals: 0 }))} — te faltan ${money(99000)}`,
      `Envío al interior: compra mínima ${nbsp(formatCents(12_100_000, { decimals: 0 }))} con IVA — te faltan ${money(120000)}`,
    ]);
    const summary = screen.getByTestId('cart-summary');
    expect(within(summary).getByRole('button', { name: 'Enviar pedido' })).toBeDisabled();
    expect(within(summary).queryByRole('link', { name: 'Enviar pedido' })).toBeNull();
  });

  it('once the customer says how it is received, only that minimum shows, and it decides the send', async () => {
    mockSession.status = 'authenticated';
    seedStorage([cartItem(30, 30, 120, { cartName: 'Caja surtida', cartFatherName: 'Caja surtida', price: 1000 })]); // $120.000
    await renderPage();
    // Unknown yet: pickup and CABA are reached, so the checkout may go on.
    expect(within(screen.getByTestId('cart-summary')).getByRole('link', { name: 'Enviar pedido' })).toHaveAttribute('href', '/checkout');
    act(() => fireEvent.click(screen.getByRole('radio', { name: 'Envío al interior' })));
    const notice = screen.getByTestId('minimum-notice');
    expect(notice).toHaveAttribute('data-zone', 'interior');
    expect(notice).toHaveAttribute('data-ok', 'false');
    expect(text(notice)).toContain(`con IVA — te faltan ${money(1000)}`);
    expect(within(screen.getByTestId('cart-summary')).getByRole('button', { name: 'Enviar pedido' })).toBeDisabled();
    expect(text(screen.getByTestId('cart-mobile-bar'))).toContain(`Te faltan ${money(1000)}`);
    // The pick is kept with the checkout's choices (the wizard starts from it).
    expect(JSON.parse(window.sessionStorage.getItem('checkout') ?? '{}')).toMatchObject({ shipTo: 'interior' });
    act(() => fireEvent.click(screen.getByRole('radio', { name: 'Envío a CABA' })));
    expect(screen.getByTestId('minimum-notice')).toHaveAttribute('data-ok', 'true');
    expect(within(screen.getByTestId('cart-summary')).getByRole('link', { name: 'Enviar pedido' })).toHaveAttribute('href', '/checkout');
  });

  it('at or above every minimum: the notice says so, the send goes on', async () => {
    mockSession.status = 'authenticated';
    seedStorage([cartItem(30, 30, 300, { cartName: 'Caja', cartFatherName: 'Caja', price: 500 })]); // $150.000
    await renderPage();
    const rules = within(screen.getByTestId('minimum-notice')).getAllByTestId('minimum-rule');
    expect(rules.map((r) => r.getAttribute('data-ok'))).toEqual(['true', 'true', 'true']);
    expect(within(screen.getByTestId('cart-summary')).getByRole('link', { name: 'Enviar pedido' })).toHaveAttribute('href', '/checkout');
  });

  it('guests are asked to log in or register (links keep the way to checkout); the cart stays', async () => {
    seedStorage([cartItem(30, 30, 200, { cartName: 'Caja', cartFatherName: 'Caja', price: 500 })]);
    await renderPage();
    const prompt = screen.getByTestId('guest-prompt');
    expect(prompt).toHaveTextContent('Ingresá o registrate para enviar tu pedido');
    expect(within(prompt).getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login?next=/checkout');
    expect(within(prompt).getByRole('link', { name: 'Registrarme' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Enviar pedido' })).toBeNull();
    expect(window.localStorage.getItem('cartQuantity')).toBe('200');
  });

  it('while the session is being checked the send button waits (no guest prompt flash)', async () => {
    mockSession.status = 'loading';
    seedStorage([vela(2)]);
    await renderPage();
    expect(screen.queryByTestId('guest-prompt')).toBeNull();
    expect(within(screen.getByTestId('cart-summary')).getByRole('button', { name: 'Verificando tu sesión…' })).toBeDisabled();
  });

  it('flags items no longer available or out of stock, out of the totals, each with a remove button', async () => {
    seedStorage([vela(2), hem(11, 'Lavanda', 3), hem(12, 'Salvia', 4)]);
    // The stored states as a refresh left them.
    const stored = JSON.parse(window.localStorage.getItem('cartItems')!) as CartItem[];
    stored[1].state = 'noStock';
    stored[2].state = 'hidden';
    window.localStorage.setItem('cartItems', JSON.stringify(stored));
    await renderPage();
    expect(screen.getByTestId('cart-flagged')).toHaveTextContent('2 productos de tu carrito ya no están disponibles');
    const flaggedLines = screen.getAllByTestId('cart-line').filter((l) => l.hasAttribute('data-flagged'));
    expect(flaggedLines.map((l) => l.getAttribute('data-flagged'))).toEqual(['noStock', 'hidden']);
    expect(within(flaggedLines[0]).getByText('Sin stock')).toBeInTheDocument();
    expect(within(flaggedLines[1]).getByText('Ya no está disponible')).toBeInTheDocument();
    expect(within(flaggedLines[0]).queryByRole('textbox')).toBeNull();
    expect(text(screen.getByTestId('cart-total'))).toBe(money(1000));
    act(() => fireEvent.click(within(flaggedLines[0]).getByRole('button', { name: 'Quitar Sahumerio Hem – Lavanda del carrito' })));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Quitar los no disponibles' })));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.queryByTestId('cart-flagged')).toBeNull();
  });

  it('with only unavailable items left, sending waits and says why', async () => {
    mockSession.status = 'authenticated';
    seedStorage([vela(2)]);
    const stored = JSON.parse(window.localStorage.getItem('cartItems')!) as CartItem[];
    stored[0].state = 'hidden';
    window.localStorage.setItem('cartItems', JSON.stringify(stored));
    await renderPage();
    const summary = screen.getByTestId('cart-summary');
    expect(within(summary).getByRole('button', { name: 'Enviar pedido' })).toBeDisabled();
    expect(summary).toHaveTextContent('Quitá los productos no disponibles y sumá otros para enviar tu pedido.');
    expect(screen.queryByTestId('minimum-notice')).toBeNull();
  });

  it('removing a line shows the warning toast and updates the totals', async () => {
    seedStorage([vela(2), hem(11, 'Lavanda', 6)]);
    await renderPage();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Quitar Vela de soja del carrito' })));
    expect(screen.getAllByTestId('cart-group')).toHaveLength(1);
    expect(text(screen.getByTestId('cart-total'))).toBe(money(600));
    expect(getShopToasts()[0]).toMatchObject({ title: 'se ha borrado el item', variant: 'warning', description: 'Vela de soja' });
  });

  it('clears the cart only after confirmation', async () => {
    seedStorage([vela(2), hem(11, 'Lavanda', 6)]);
    await renderPage();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Vaciar carrito' })));
    const dialog = screen.getByRole('alertdialog', { name: '¿Vaciar el carrito?' });
    expect(within(dialog).getByRole('button', { name: 'Sí, vaciar' })).toHaveFocus();
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })));
    expect(screen.getAllByTestId('cart-group')).toHaveLength(2);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Vaciar carrito' })));
    act(() => fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Vaciar carrito' })));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sí, vaciar' })));
    expect(screen.getByTestId('cart-empty')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cartItems')!)).toEqual([]);
  });

  it('units are edited with the shop selector (debounced) and the tier follows', async () => {
    jest.useFakeTimers();
    try {
      seedStorage([hem(11, 'Lavanda', 6), hem(12, 'Salvia', 5)]);
      await renderPage();
      expect(screen.queryByTestId('regular-price')).toBeNull();
      const plus = screen.getByRole('button', { name: 'Sumar una unidad de Sahumerio Hem – Salvia' });
      act(() => fireEvent.click(plus));
      act(() => jest.advanceTimersByTime(200));
      expect(screen.getAllByTestId('regular-price')).toHaveLength(2);
      expect(text(screen.getByTestId('cart-total'))).toBe(money(960));
    } finally {
      jest.useRealTimers();
    }
  });

  it('re-prices VIP tiers for VIP customers', async () => {
    const vipOffers = [offer(1, 12, 80), offer(9, 12, 60, { isVip: true, name: 'VIP' })];
    seedStorage([cartItem(40, 40, 12, { cartName: 'Palo santo', cartFatherName: 'Palo santo', price: 100, offers: vipOffers })]);
    const { unmount } = await renderPage();
    expect(text(screen.getByTestId('unit-price'))).toContain(`${money(80)} c/u`);
    unmount();
    mockSession.isVip = true;
    await renderPage();
    expect(text(screen.getByTestId('unit-price'))).toContain(`${money(60)} c/u`);
  });
});
