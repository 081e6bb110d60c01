/**
 * The cart summary shown in the top bar, read from localStorage keys `cartTotal` and `cartQuantity`
 * (spec §9). The cart code writes those keys and then dispatches `CART_CHANGE_EVENT` on window so this
 * tab updates at once; other tabs update through the native `storage` event.
 */
export const CART_TOTAL_KEY = 'cartTotal';
export const CART_QUANTITY_KEY = 'cartQuantity';
export const CART_CHANGE_EVENT = 'shop:cart-change';

export interface CartSummary {
  /** Pesos. */
  total: number;
  /** Units. */
  quantity: number;
}

/** Reads a stored number written either raw ("1234.5") or JSON-encoded ("\"1234.5\"", "1234.5"). */
export function parseStoredNumber(raw: string | null): number {
  if (raw == null || raw === '') return 0;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function readCartSummary(storage: Pick<Storage, 'getItem'> | null): CartSummary {
  if (!storage) return { total: 0, quantity: 0 };
  try {
    return {
      total: parseStoredNumber(storage.getItem(CART_TOTAL_KEY)),
      quantity: Math.round(parseStoredNumber(storage.getItem(CART_QUANTITY_KEY))),
    };
  } catch {
    return { total: 0, quantity: 0 };
  }
}
