import { createCartState, saveCart, type StorageLike } from '@/lib/cart';
import { cartItem, MemoryStorage, offer } from '@/lib/cart/test-helpers';
import { CART_CHANGE_EVENT as SHELL_EVENT } from '@/components/layout/cart-summary';
import { CART_CHANGE_EVENT, createCartStore, type CartChangeDetail } from './store';

function setup(seed: ReturnType<typeof cartItem>[] = []) {
  const storage = new MemoryStorage();
  if (seed.length) saveCart(storage, createCartState(seed));
  const events = new EventTarget();
  const seen: { type: string; detail: CartChangeDetail }[] = [];
  for (const type of [CART_CHANGE_EVENT, SHELL_EVENT]) {
    events.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent<CartChangeDetail>).detail }));
  }
  const store = createCartStore({ storage: () => storage, events: () => events });
  return { storage, events, seen, store };
}

describe('createCartStore', () => {
  it('is not ready and empty until load()', () => {
    const { store } = setup([cartItem(1, 1, 2)]);
    expect(store.getSnapshot()).toMatchObject({ ready: false });
    expect(store.getSnapshot().state.items).toHaveLength(0);
    store.load();
    expect(store.getSnapshot().ready).toBe(true);
    expect(store.getSnapshot().state.items.map((i) => i.id)).toEqual([1]);
  });

  it('load() neither saves nor announces', () => {
    const { store, seen, storage } = setup([cartItem(1, 1, 2)]);
    const before = new Map(storage.data);
    store.load();
    expect(seen).toEqual([]);
    expect(storage.data).toEqual(before);
  });

  it('saves the four keys and announces on both event names after a change', () => {
    const { store, seen, storage } = setup();
    store.load();
    store.dispatch({ type: 'upsert', item: cartItem(7, 7, 3, { price: 10.5 }) });
    expect(storage.getItem('cartQuantity')).toBe('3');
    expect(storage.getItem('cartTotal')).toBe('31.5');
    expect(JSON.parse(storage.getItem('cartItems')!)).toHaveLength(1);
    expect(storage.getItem('limited')).toBe('false');
    expect(seen.map((s) => s.type).sort()).toEqual([CART_CHANGE_EVENT, SHELL_EVENT].sort());
    expect(seen[0].detail).toMatchObject({ source: store.id, cartTotal: 31.5, cartQuantity: 3 });
  });

  it('a change requested before load() first reads the stored cart (never overwrites it)', () => {
    const { store, storage } = setup([cartItem(1, 1, 2)]);
    store.dispatch({ type: 'upsert', item: cartItem(2, 2, 1) });
    expect(store.getSnapshot().ready).toBe(true);
    expect(JSON.parse(storage.getItem('cartItems')!).map((i: { id: number }) => i.id)).toEqual([1, 2]);
  });

  it('an action that changes nothing is not saved', () => {
    const { store, seen } = setup();
    store.load();
    store.dispatch({ type: 'remove', id: 99 });
    store.dispatch({ type: 'clear' });
    expect(seen).toEqual([]);
  });

  it('setVip before load is kept and re-prices without saving', () => {
    const items = [cartItem(1, 10, 12, { price: 100, offers: [offer(1, 10, 50, { isVip: true })] })];
    const { store, seen } = setup(items);
    store.dispatch({ type: 'setVip', isVip: true });
    expect(seen).toEqual([]);
    store.load();
    expect(store.getSnapshot().state.pricing.totalCents).toBe(12 * 5000);
    store.dispatch({ type: 'setVip', isVip: false });
    expect(store.getSnapshot().state.pricing.totalCents).toBe(12 * 10000);
    expect(seen.length).toBeGreaterThan(0); // the new total reaches the top bar
  });

  it('follows storage events for the cart keys, without saving back', () => {
    const { store, events, storage } = setup([cartItem(1, 1, 2)]);
    store.load();
    const stop = store.listen();
    const listener = jest.fn();
    store.subscribe(listener);
    saveCart(storage, createCartState([cartItem(1, 1, 5), cartItem(3, 3, 1)]));
    const setItem = jest.spyOn(storage, 'setItem');
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'cartItems', storageArea: storage }));
    expect(store.getSnapshot().state.items.map((i) => [i.id, i.units])).toEqual([
      [1, 5],
      [3, 1],
    ]);
    expect(listener).toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
    // Other keys (the session, sessionStorage) are ignored.
    storage.setItem('cartItems', '[]');
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'userToken', storageArea: storage }));
    expect(store.getSnapshot().state.items).toHaveLength(2);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'cartItems', storageArea: {} }));
    expect(store.getSnapshot().state.items).toHaveLength(2);
    stop();
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'cartItems', storageArea: storage }));
    expect(store.getSnapshot().state.items).toHaveLength(2);
  });

  it('two stores in one tab stay in step through the change event, each ignoring its own', () => {
    const storage = new MemoryStorage();
    const events = new EventTarget();
    const a = createCartStore({ storage: () => storage, events: () => events });
    const b = createCartStore({ storage: () => storage, events: () => events });
    a.load();
    b.load();
    a.listen();
    b.listen();
    const spyA = jest.fn();
    a.subscribe(spyA);
    a.dispatch({ type: 'upsert', item: cartItem(1, 1, 4) });
    expect(b.getSnapshot().state.items.map((i) => i.units)).toEqual([4]);
    expect(spyA).toHaveBeenCalledTimes(1); // its own announcement did not reload it
  });

  it('works without storage (privacy mode): in memory only', () => {
    const store = createCartStore({ storage: () => null, events: () => null });
    store.load();
    store.dispatch({ type: 'upsert', item: cartItem(1, 1, 2) });
    expect(store.getSnapshot().state.pricing.totalUnits).toBe(2);
    expect(store.listen()).toEqual(expect.any(Function));
  });

  it('survives a storage that throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const store = createCartStore({ storage: () => broken, events: () => new EventTarget() });
    expect(() => store.load()).not.toThrow();
    expect(() => store.dispatch({ type: 'upsert', item: cartItem(1, 1, 2) })).not.toThrow();
    expect(store.getSnapshot().state.items).toHaveLength(1);
  });
});
