import { act, render, screen } from '@testing-library/react';
import { cartItem, offer } from '@/lib/cart/test-helpers';
import { CartProvider, useCart } from './CartProvider';
import { CartGroupStatus } from './CartGroupStatus';
import { IntlWrapper } from './test-utils';

jest.mock('@/lib/session/SessionProvider', () => ({
  useSession: () => ({ isVip: false, status: 'anonymous' }),
}));

const offers = [offer(1, 12, 80, { name: 'Docena' }), offer(2, 48, 70, { name: 'Caja' })];

function Add() {
  const { upsert } = useCart();
  return (
    <>
      <button onClick={() => upsert(cartItem(11, 10, 6, { price: 100, offers }))}>a</button>
      <button onClick={() => upsert(cartItem(12, 10, 6, { price: 100, offers }))}>b</button>
      <button onClick={() => upsert(cartItem(99, 99, 50, { price: 100, offers }))}>other</button>
    </>
  );
}

const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

beforeEach(() => window.localStorage.clear());

it('shows the units of this product in the cart, the tier it pays and the nudge; nothing when absent', () => {
  render(
    <IntlWrapper>
      <CartProvider refreshOnMount={false}>
        <CartGroupStatus fatherId={10} />
        <Add />
      </CartProvider>
    </IntlWrapper>,
  );
  const status = screen.getByTestId('cart-group-status');
  expect(status).toBeEmptyDOMElement();
  act(() => screen.getByText('other').click()); // another product: still nothing here
  expect(status).toBeEmptyDOMElement();
  act(() => screen.getByText('a').click());
  expect(text(status)).toContain('6 unidades de este producto en tu carrito');
  expect(text(status)).toContain('Agregá 6 unidades más para pagar $ 80,00 c/u');
  expect(screen.queryByTestId('cart-group-tier')).toBeNull();
  act(() => screen.getByText('b').click());
  expect(text(status)).toContain('12 unidades de este producto en tu carrito');
  expect(text(screen.getByTestId('cart-group-tier'))).toBe('Pagás $ 80,00 c/u (Docena)');
  expect(text(status)).toContain('Agregá 36 unidades más para pagar $ 70,00 c/u');
});
