/**
 * The cart in localStorage under the spec §9 keys. Functions take a Storage-like object (no
 * `window` at import time: safe on the server and in tests).
 *
 * Reading never throws: unreadable storage, corrupt JSON or a non-array → empty cart; single
 * malformed items are dropped, the rest kept (a duplicate id keeps its first occurrence).
 * Stored totals are written for the legacy keys but never read back: totals are always
 * recomputed from the items by the pricing engine.
 */
import type { Offer, ProductState } from '../contracts/catalogue';
import { fromCents } from '../money';
import { clamp, normalizeBounds } from './quantity';
import type { CartItem, CartState } from './types';

export const CART_STORAGE_KEYS = {
  items: 'cartItems',
  quantity: 'cartQuantity',
  total: 'cartTotal',
  limited: 'limited',
} as const;

/** The part of the Web Storage API used here (declared, not `Pick<Storage>`: no DOM lib on the server). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredCart {
  items: CartItem[];
  limited: boolean;
}

const STATES: readonly ProductState[] = ['active', 'limited', 'noStock', 'hidden'];
// Beyond this a peso amount cannot be converted to safe-integer centavos.
const MAX_PESOS = 1e11;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < MAX_PESOS;
const count = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

function parseOffer(raw: unknown): Offer | null {
  if (!isObject(raw) || !isId(raw.id) || !isAmount(raw.price) || count(raw.units) === 0) return null;
  return {
    id: raw.id,
    name: text(raw.name, ''),
    units: count(raw.units),
    price: raw.price,
    isVip: raw.isVip === true,
    isStrict: raw.isStrict === true,
  };
}

/** One stored item, or null when it cannot be trusted. Missing optional fields get defaults. */
export function parseCartItem(raw: unknown): CartItem | null {
  if (!isObject(raw) || !isId(raw.id) || count(raw.units) === 0 || !isAmount(raw.price)) return null;
  const cartName = text(raw.cartName, '');
  const item: CartItem = {
    id: raw.id,
    units: count(raw.units),
    cartName,
    price: raw.price,
    // A discount that cannot be read is dropped: the item then costs its list price.
    discount: isAmount(raw.discount) ? raw.discount : null,
    fatherId: isId(raw.fatherId) ? raw.fatherId : raw.id,
    cartFatherName: text(raw.cartFatherName, cartName),
    image: typeof raw.image === 'string' ? raw.image : null,
    path: text(raw.path, ''),
    offers: Array.isArray(raw.offers) ? raw.offers.map(parseOffer).filter((o): o is Offer => o !== null) : [],
    // Unknown states read as active; the next refresh from the API sets the real one.
    state: STATES.includes(raw.state as ProductState) ? (raw.state as ProductState) : 'active',
    min: count(raw.min),
    max: count(raw.max),
    steps: count(raw.steps),
  };
  // Hand-edited or stale units are brought within the item's own limits.
  return { ...item, units: clamp(item.units, normalizeBounds(item)) };
}

/** The items from the `cartItems` JSON text (null or corrupt → []). */
export function parseCartItems(json: string | null): CartItem[] {
  if (json === null) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const items: CartItem[] = [];
  for (const entry of raw) {
    const item = parseCartItem(entry);
    if (item !== null && !seen.has(item.id)) {
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

function read(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** The stored cart; feed it to `createCartState` or a `replace` action. */
export function loadCart(storage: StorageLike): StoredCart {
  const items = parseCartItems(read(storage, CART_STORAGE_KEYS.items));
  return { items, limited: items.length > 0 && read(storage, CART_STORAGE_KEYS.limited) === 'true' };
}

/** Writes the four keys. Returns false when the storage refused (quota, disabled). */
export function saveCart(storage: StorageLike, state: CartState): boolean {
  try {
    storage.setItem(CART_STORAGE_KEYS.items, JSON.stringify(state.items));
    storage.setItem(CART_STORAGE_KEYS.quantity, JSON.stringify(state.pricing.totalUnits));
    storage.setItem(CART_STORAGE_KEYS.total, JSON.stringify(fromCents(state.pricing.totalCents)));
    storage.setItem(CART_STORAGE_KEYS.limited, JSON.stringify(state.limited));
    return true;
  } catch {
    return false;
  }
}

/** Removes the four keys (e.g. after an order is sent). */
export function clearCartStorage(storage: StorageLike): void {
  for (const key of Object.values(CART_STORAGE_KEYS)) {
    try {
      storage.removeItem(key);
    } catch {
      // nothing stored to clear
    }
  }
}

/** For a `storage` event listener: does a change to this key concern the cart (cross-tab sync)? */
export function isCartStorageKey(key: string | null): boolean {
  // null: the other tab called storage.clear().
  return key === null || key === CART_STORAGE_KEYS.items || key === CART_STORAGE_KEYS.limited;
}
