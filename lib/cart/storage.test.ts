import { createCartState } from './reducer';
import {
  CART_STORAGE_KEYS,
  clearCartStorage,
  isCartStorageKey,
  loadCart,
  parseCartItem,
  parseCartItems,
  saveCart,
  type StorageLike,
} from './storage';
import { cartItem, MemoryStorage, offer } from './test-helpers';

const broken: StorageLike = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('saveCart / loadCart', () => {
  const items = [
    cartItem(1, 10, 4, { offers: [offer(1, 10, 80, { isStrict: true })], discount: 90.5, image: 'http://x/a.webp' }),
    cartItem(2, 20, 2, { price: 12.34, state: 'limited', min: 2, max: 10, steps: 2 }),
  ];
  const state = createCartState(items, { limited: true });

  it('writes the four spec keys', () => {
    const storage = new MemoryStorage();
    expect(saveCart(storage, state)).toBe(true);
    expect(Object.values(CART_STORAGE_KEYS).sort()).toEqual(['cartItems', 'cartQuantity', 'cartTotal', 'limited']);
    expect(JSON.parse(storage.getItem('cartItems')!)).toEqual(items);
    expect(storage.getItem('cartQuantity')).toBe('6');
    expect(storage.getItem('cartTotal')).toBe('386.68');
    expect(storage.getItem('limited')).toBe('true');
  });

  it('round-trips', () => {
    const storage = new MemoryStorage();
    saveCart(storage, state);
    expect(loadCart(storage)).toEqual({ items, limited: true });
  });

  it('reads an empty cart from empty storage', () => {
    expect(loadCart(new MemoryStorage())).toEqual({ items: [], limited: false });
  });

  it('never throws on a storage that refuses', () => {
    expect(loadCart(broken)).toEqual({ items: [], limited: false });
    expect(saveCart(broken, state)).toBe(false);
    expect(() => clearCartStorage(broken)).not.toThrow();
  });

  it('ignores a stored limited flag without items', () => {
    const storage = new MemoryStorage();
    storage.setItem('limited', 'true');
    expect(loadCart(storage).limited).toBe(false);
  });

  it('clears the four keys and nothing else', () => {
    const storage = new MemoryStorage();
    saveCart(storage, state);
    storage.setItem('userToken', 't');
    clearCartStorage(storage);
    expect([...storage.data.keys()]).toEqual(['userToken']);
  });
});

describe('parseCartItems', () => {
  it.each([null, '', 'not json', '{"a":1}', '42', 'null', '"text"', '{'])('gives [] for %p', (json) => {
    expect(parseCartItems(json)).toEqual([]);
  });

  it('drops malformed items and keeps the rest', () => {
    const good = cartItem(1, 10, 2);
    const json = JSON.stringify([
      good,
      null,
      'x',
      [],
      { ...good, id: 2, units: 0 },
      { ...good, id: 3, units: -1 },
      { ...good, id: 4, units: 1.5 },
      { ...good, id: 5, price: 'abc' },
      { ...good, id: 6, price: -1 },
      { ...good, id: 'seven' },
      { ...good, id: 0 },
      { ...good, id: 8, price: 1e12 },
    ]);
    expect(parseCartItems(json)).toEqual([good]);
  });

  it('keeps the first of duplicate ids', () => {
    const json = JSON.stringify([cartItem(1, 10, 2), cartItem(1, 10, 5)]);
    expect(parseCartItems(json).map((i) => i.units)).toEqual([2]);
  });
});

describe('parseCartItem defaults', () => {
  it('fills the fields an older cart may lack', () => {
    expect(parseCartItem({ id: 5, units: 3, price: 10 })).toEqual({
      id: 5,
      units: 3,
      cartName: '',
      price: 10,
      discount: null,
      fatherId: 5,
      cartFatherName: '',
      image: null,
      path: '',
      offers: [],
      state: 'active',
      min: 0,
      max: 0,
      steps: 0,
    });
  });

  it('repairs bad optional fields instead of trusting them', () => {
    const item = parseCartItem({
      ...cartItem(5, 50, 7),
      discount: 'cheap',
      fatherId: -1,
      image: 42,
      state: 'weird',
      min: 'x',
      steps: 3,
      offers: [offer(1, 10, 5), { id: 2, units: 0, price: 1 }, { id: 3, units: 5, price: 'x' }, 'junk', offer(4, 5, 6, { isVip: true })],
    });
    expect(item).toMatchObject({ discount: null, fatherId: 5, image: null, state: 'active', min: 0, steps: 3, units: 6 });
    expect(item?.offers.map((o) => o.id)).toEqual([1, 4]);
    expect(item?.offers[1].isVip).toBe(true);
  });
});

describe('isCartStorageKey', () => {
  it('reacts to the items and limited keys and to a full clear', () => {
    expect(isCartStorageKey('cartItems')).toBe(true);
    expect(isCartStorageKey('limited')).toBe(true);
    expect(isCartStorageKey(null)).toBe(true);
    expect(isCartStorageKey('cartTotal')).toBe(false);
    expect(isCartStorageKey('userToken')).toBe(false);
  });
});
