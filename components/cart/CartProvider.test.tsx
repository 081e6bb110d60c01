import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { cartItem, lookupItem, offer } from '@/lib/cart/test-helpers';
import { CartProvider, resetSharedCartStore, useCart, useCartLine } from './CartProvider';
import { CART_CHANGE_EVENT } from './store';
import { fakeFetcher, flushPromises, seedStorage } from './test-utils';
import type { LookupFetcher } from './lookup';

const mockSession = { isVip: false, status: 'anonymous' as const };
jest.mock('@/lib/session/SessionProvider', () => ({
  useSession: () => mockSession,
}));

function Probe() {
  const { ready, totals, items, flagged, upsert, remove } = useCart();
  return (
    <div>
      <p data-testid="ready">{String(ready)}</p>
      <p data-testid="units">{totals.cartQuantity}</p>
      <p data-testid="total">{totals.cartTotalCents}</p>
      <p data-testid="ids">{items.map((i) => `${i.id}:${i.units}:${i.state}`).join(',')}</p>
      <p data-testid="flagged">{flagged.map((i) => i.id).join(',')}</p>
      <button onClick={() => upsert(cartItem(5, 50, 4, { price: 25 }))}>add</button>
      <button onClick={() => remove(5)}>remove</button>
    </div>
  );
}

function LineProbe({ id }: { id: number }) {
  return <p data-testid={`line-${id}`}>{useCartLine(id)}</p>;
}

beforeEach(() => {
  window.localStorage.clear();
  mockSession.isVip = false;
});

describe('CartProvider', () => {
  it('renders no cart numbers on the server (hydration-safe), then restores after mount', async () => {
    seedStorage([cartItem(1, 1, 3, { price: 10 })]);
    const html = renderToString(
      <CartProvider refreshOnMount={false}>
        <Probe />
      </CartProvider>,
    );
    expect(html).toContain('false'); // not ready
    expect(html).not.toContain('1:3');

    render(
      <CartProvider refreshOnMount={false}>
        <Probe />
        <LineProbe id={1} />
      </CartProvider>,
    );
    expect(screen.getByTestId('ready')).toHaveTextContent('true');
    expect(screen.getByTestId('ids')).toHaveTextContent('1:3:active');
    expect(screen.getByTestId('units')).toHaveTextContent('3');
    expect(screen.getByTestId('total')).toHaveTextContent('3000');
    expect(screen.getByTestId('line-1')).toHaveTextContent('3');
  });

  it('persists every change to localStorage and announces it in this tab', async () => {
    const onChange = jest.fn();
    window.addEventListener(CART_CHANGE_EVENT, onChange);
    render(
      <CartProvider refreshOnMount={false}>
        <Probe />
      </CartProvider>,
    );
    act(() => screen.getByText('add').click());
    expect(window.localStorage.getItem('cartQuantity')).toBe('4');
    expect(window.localStorage.getItem('cartTotal')).toBe('100');
    expect(JSON.parse(window.localStorage.getItem('cartItems')!)[0]).toMatchObject({ id: 5, units: 4 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0][0] as CustomEvent).detail).toMatchObject({ cartQuantity: 4, cartTotal: 100 });
    act(() => screen.getByText('remove').click());
    expect(window.localStorage.getItem('cartQuantity')).toBe('0');
    expect(JSON.parse(window.localStorage.getItem('cartItems')!)).toEqual([]);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  });

  it('follows another tab through the storage event (replace)', () => {
    seedStorage([cartItem(1, 1, 3)]);
    render(
      <CartProvider refreshOnMount={false}>
        <Probe />
      </CartProvider>,
    );
    expect(screen.getByTestId('ids')).toHaveTextContent('1:3:active');
    // The other tab writes, then the browser fires `storage` here.
    seedStorage([cartItem(1, 1, 8), cartItem(2, 2, 1)]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cartItems', storageArea: window.localStorage }));
    });
    expect(screen.getByTestId('ids')).toHaveTextContent('1:8:active,2:1:active');
    expect(screen.getByTestId('units')).toHaveTextContent('9');
    // Another tab clearing everything (storage.clear(): key null) empties the cart here too.
    window.localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: window.localStorage }));
    });
    expect(screen.getByTestId('ids')).toHaveTextContent('');
  });

  it('refreshes restored items from the API: hidden / noStock / gone are flagged and leave the totals', async () => {
    seedStorage([
      cartItem(1, 1, 2, { price: 10 }),
      cartItem(2, 2, 3, { price: 10 }),
      cartItem(3, 3, 1, { price: 10 }),
      cartItem(4, 4, 1, { price: 10 }),
    ]);
    const fetcher = fakeFetcher([
      lookupItem(1, { price: 12, name: 'Nuevo nombre' }),
      lookupItem(2, { state: 'noStock' }),
      { id: 3, state: 'hidden' },
      // 4 is gone (omitted by the API)
    ]);
    render(
      <CartProvider fetcher={fetcher}>
        <Probe />
      </CartProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('flagged')).toHaveTextContent('2,3,4'));
    expect(fetcher.calls).toEqual([[1, 2, 3, 4]]);
    expect(screen.getByTestId('ids')).toHaveTextContent('1:2:active,2:3:noStock,3:1:hidden,4:1:hidden');
    expect(screen.getByTestId('units')).toHaveTextContent('2');
    expect(screen.getByTestId('total')).toHaveTextContent('2400'); // 2 × $12, fresh price
    // The refreshed cart is saved (the top bar shows the real total).
    expect(window.localStorage.getItem('cartTotal')).toBe('24');
  });

  it('keeps the stored cart untouched when the refresh fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    seedStorage([cartItem(1, 1, 2, { price: 10 })]);
    const failing: LookupFetcher = async () => {
      throw new Error('network down');
    };
    render(
      <CartProvider fetcher={failing}>
        <Probe />
      </CartProvider>,
    );
    await act(flushPromises);
    expect(warn).toHaveBeenCalled();
    expect(screen.getByTestId('ids')).toHaveTextContent('1:2:active');
    expect(screen.getByTestId('flagged')).toHaveTextContent('');
    warn.mockRestore();
  });

  it('does not ask the API for an empty cart', async () => {
    const fetcher = fakeFetcher([]);
    render(
      <CartProvider fetcher={fetcher}>
        <Probe />
      </CartProvider>,
    );
    await act(flushPromises);
    expect(fetcher.calls).toEqual([]);
  });

  it('re-prices when the session gains or loses isVip', () => {
    const offers = [offer(1, 10, 60), offer(2, 10, 40, { isVip: true })];
    seedStorage([cartItem(1, 9, 6, { price: 100, offers }), cartItem(2, 9, 6, { price: 100, offers })]);
    const tree = () => (
      <CartProvider refreshOnMount={false}>
        <Probe />
      </CartProvider>
    );
    const { rerender } = render(tree());
    expect(screen.getByTestId('total')).toHaveTextContent(String(12 * 6000));
    mockSession.isVip = true;
    rerender(tree());
    expect(screen.getByTestId('total')).toHaveTextContent(String(12 * 4000));
    expect(window.localStorage.getItem('cartTotal')).toBe('480');
    mockSession.isVip = false;
    rerender(tree());
    expect(screen.getByTestId('total')).toHaveTextContent(String(12 * 6000));
  });

  it('a nested provider passes through: one cart', () => {
    render(
      <CartProvider refreshOnMount={false}>
        <CartProvider refreshOnMount={false}>
          <Probe />
        </CartProvider>
        <LineProbe id={5} />
      </CartProvider>,
    );
    act(() => screen.getByText('add').click());
    expect(screen.getByTestId('line-5')).toHaveTextContent('4');
  });

  it('without a provider, hooks share one store bound to localStorage (no crash, nothing lost)', () => {
    resetSharedCartStore();
    seedStorage([cartItem(1, 1, 3)]);
    const html = renderToString(<Probe />);
    expect(html).not.toContain('1:3'); // server: no cart numbers
    const first = render(<Probe />);
    expect(screen.getByTestId('units')).toHaveTextContent('3');
    act(() => screen.getByText('add').click());
    expect(window.localStorage.getItem('cartQuantity')).toBe('7');
    first.unmount();
    render(<LineProbe id={5} />);
    expect(screen.getByTestId('line-5')).toHaveTextContent('4');
    resetSharedCartStore();
  });
});
