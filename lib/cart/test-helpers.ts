/** Builders shared by the cart tests (not imported by application code). */
import type { CartLookupVisible, Offer } from '../contracts/catalogue';
import type { StorageLike } from './storage';
import type { CartItem } from './types';

export const offer = (id: number, units: number, price: number, extra: Partial<Offer> = {}): Offer => ({
  id,
  name: `Llevando ${units}`,
  units,
  price,
  isVip: false,
  isStrict: false,
  ...extra,
});

export const cartItem = (id: number, fatherId: number, units: number, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  units,
  cartName: `Item ${id}`,
  price: 100,
  discount: null,
  fatherId,
  cartFatherName: `Parent ${fatherId}`,
  image: null,
  path: `/sahumerios/p-${fatherId}`,
  offers: [],
  state: 'active',
  min: 0,
  max: 0,
  steps: 0,
  ...extra,
});

export const lookupItem = (id: number, extra: Partial<CartLookupVisible> = {}): CartLookupVisible => ({
  id,
  parentId: null,
  name: `Fresh ${id}`,
  parentName: null,
  price: 100,
  discount: null,
  state: 'active',
  min: 0,
  max: 0,
  steps: 0,
  Offers: [],
  image: null,
  ...extra,
});

/** localStorage in memory. */
export class MemoryStorage implements StorageLike {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}
