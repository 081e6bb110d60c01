import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { getShopToasts, resetShopToasts } from '@/lib/toast/shop-toasts';
import { QUANTITY_DEBOUNCE_MS } from '@/lib/cart';
import { cartItem } from '@/lib/cart/test-helpers';
import { CartProvider, useCart } from './CartProvider';
import { CartQuantityField } from './CartQuantityField';
import { useCartBinding, useCartQuantity, type CartQuantityItem } from './useCartQuantity';
import { IntlWrapper, seedStorage } from './test-utils';

jest.mock('@/lib/session/SessionProvider', () => ({
  useSession: () => ({ isVip: false, status: 'anonymous' }),
}));

function without<T extends { units: number }>(item: T): Omit<T, 'units'> {
  const { units: _units, ...rest } = item;
  void _units;
  return rest;
}

const lavanda: CartQuantityItem = without(
  cartItem(11, 10, 1, { cartName: 'Lavanda', cartFatherName: 'Sahumerio Hem', price: 100 }),
);
const salvia: CartQuantityItem = without(
  cartItem(12, 10, 1, { cartName: 'Salvia', cartFatherName: 'Sahumerio Hem', price: 100 }),
);

function wrapper({ children }: { children: ReactNode }) {
  return (
    <IntlWrapper>
      <CartProvider refreshOnMount={false}>{children}</CartProvider>
    </IntlWrapper>
  );
}

function useBoth(item: CartQuantityItem) {
  return { q: useCartQuantity(item), cart: useCart() };
}

const toasts = () => getShopToasts().map((t) => ({ title: t.title, description: t.description, variant: t.variant }));

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  act(() => resetShopToasts());
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useCartQuantity', () => {
  it('applies a change only after the 200 ms pause, then shows the success toast with count and name', () => {
    const { result } = renderHook(() => useBoth(lavanda), { wrapper });
    act(() => result.current.q.setUnits(3));
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1));
    expect(result.current.cart.items).toHaveLength(0);
    expect(toasts()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.q.units).toBe(3);
    expect(result.current.cart.items[0]).toMatchObject({ id: 11, units: 3, fatherId: 10 });
    expect(toasts()).toEqual([
      { title: '3 × Sahumerio Hem – Lavanda en el carrito', description: undefined, variant: 'success' },
    ]);
  });

  it('keeps only the last value of a burst of changes (one update, one toast)', () => {
    const { result } = renderHook(() => useBoth(lavanda), { wrapper });
    act(() => result.current.q.setUnits(1));
    act(() => jest.advanceTimersByTime(150));
    act(() => result.current.q.setUnits(2));
    act(() => jest.advanceTimersByTime(150));
    act(() => result.current.q.setUnits(5));
    act(() => jest.advanceTimersByTime(199));
    expect(result.current.cart.items).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.q.units).toBe(5);
    expect(getShopToasts()).toHaveLength(1);
    expect(toasts()[0].title).toBe('5 × Sahumerio Hem – Lavanda en el carrito');
  });

  it("back to zero after being above: removes the item with the warning toast 'se ha borrado el item'", () => {
    const { result } = renderHook(() => useBoth(lavanda), { wrapper });
    act(() => result.current.q.setUnits(2));
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    act(() => result.current.q.setUnits(0));
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(result.current.cart.items).toHaveLength(0);
    expect(result.current.q.units).toBe(0);
    expect(toasts()).toEqual([{ title: 'se ha borrado el item', description: 'Sahumerio Hem – Lavanda', variant: 'warning' }]);
    expect(window.localStorage.getItem('cartQuantity')).toBe('0');
  });

  it('zero for an item that was never above zero does nothing and shows no toast', () => {
    const { result } = renderHook(() => useBoth(lavanda), { wrapper });
    act(() => result.current.q.setUnits(0));
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.cart.items).toHaveLength(0);
    expect(toasts()).toEqual([]);
    // Up and back down within the pause: nothing reached the cart, so nothing is announced.
    act(() => result.current.q.setUnits(4));
    act(() => jest.advanceTimersByTime(100));
    act(() => result.current.q.setUnits(0));
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.cart.items).toHaveLength(0);
    expect(toasts()).toEqual([]);
  });

  it('starts from the units already in the cart and says nothing when they end unchanged', () => {
    seedStorage([cartItem(11, 10, 4, { cartName: 'Lavanda', cartFatherName: 'Sahumerio Hem' })]);
    const { result } = renderHook(() => useBoth(lavanda), { wrapper });
    expect(result.current.q.units).toBe(4);
    act(() => result.current.q.setUnits(5));
    act(() => jest.advanceTimersByTime(50));
    act(() => result.current.q.setUnits(4));
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(toasts()).toEqual([]);
  });

  it("the toast reports the units the cart kept after the item's own limits (step 3: 7 → 6)", () => {
    const boxed = { ...lavanda, steps: 3 };
    const { result } = renderHook(() => useBoth(boxed), { wrapper });
    act(() => result.current.q.setUnits(7));
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(result.current.q.units).toBe(6);
    expect(toasts()[0].title).toBe('6 × Sahumerio Hem – Lavanda en el carrito');
  });

  it('a change still waiting when the component unmounts is applied, not lost', () => {
    const { result, unmount } = renderHook(() => useCartQuantity(lavanda), { wrapper });
    act(() => result.current.setUnits(2));
    unmount();
    expect(JSON.parse(window.localStorage.getItem('cartItems')!)).toEqual([
      expect.objectContaining({ id: 11, units: 2 }),
    ]);
  });
});

describe('useCartBinding (a list of selectors)', () => {
  it('debounces each id on its own timer and reads units back with initialFor', () => {
    const { result } = renderHook(() => useCartBinding(), { wrapper });
    act(() => result.current.onChange(2, lavanda));
    act(() => jest.advanceTimersByTime(100));
    act(() => result.current.onChange(3, salvia));
    act(() => jest.advanceTimersByTime(100));
    expect(result.current.initialFor(11)).toBe(2);
    expect(result.current.initialFor(12)).toBe(0);
    act(() => jest.advanceTimersByTime(100));
    expect(result.current.initialFor(12)).toBe(3);
    expect(JSON.parse(window.localStorage.getItem('cartItems')!).map((i: { id: number }) => i.id)).toEqual([11, 12]);
  });
});

describe('CartQuantityField', () => {
  it('is the shop selector bound to the cart: + adds after the pause, − back to 0 removes', () => {
    render(<CartQuantityField item={lavanda} />, { wrapper });
    const plus = screen.getByRole('button', { name: 'Sumar una unidad de Sahumerio Hem – Lavanda' });
    act(() => fireEvent.click(plus));
    act(() => fireEvent.click(plus));
    expect(screen.getByLabelText('Cantidad de Sahumerio Hem – Lavanda')).toHaveValue('2');
    expect(window.localStorage.getItem('cartQuantity')).toBeNull();
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(window.localStorage.getItem('cartQuantity')).toBe('2');
    expect(toasts()[0]).toMatchObject({ title: '2 × Sahumerio Hem – Lavanda en el carrito', variant: 'success' });
    const minus = screen.getByRole('button', { name: 'Restar una unidad de Sahumerio Hem – Lavanda' });
    act(() => fireEvent.click(minus));
    act(() => fireEvent.click(minus));
    act(() => jest.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(window.localStorage.getItem('cartQuantity')).toBe('0');
    expect(toasts()[0]).toMatchObject({ title: 'se ha borrado el item', variant: 'warning' });
  });
});
