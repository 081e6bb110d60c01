import type { CartLookupItem, Offer, ProductState } from '../contracts/catalogue';
import type { PricedCart } from '../pricing';

/**
 * A cart line as the storefront keeps it in localStorage (spec §3 "Cart item"). Money in pesos,
 * as on the wire; the pricing engine converts to centavos.
 */
export interface CartItem {
  /** The product (simple) or variation id. */
  id: number;
  /** Positive integer. */
  units: number;
  cartName: string;
  /** List price in pesos. */
  price: number;
  /** Discounted price in pesos, or null; when present it is what the item costs without a tier. */
  discount: number | null;
  /** The parent variable product's id, or the product's own id for a simple product. */
  fatherId: number;
  cartFatherName: string;
  /** Image URL, or null. */
  image: string | null;
  /** Link to the product page, e.g. "/sahumerios/sahumerio-de-lavanda". */
  path: string;
  /** The parent's price tiers (the same list on every sibling). */
  offers: Offer[];
  /** hidden or noStock mark the item as no longer buyable (kept, flagged, out of the totals). */
  state: ProductState;
  min: number;
  max: number;
  steps: number;
}

export interface CartState {
  items: readonly CartItem[];
  /** The session holds the isVip permission: decides VIP tiers. */
  isVip: boolean;
  /** Spec §4: set when an item is added in state 'limited', cleared when the cart quantity is 0. */
  limited: boolean;
  /** Derived after every action from the buyable items (centavos). Never stored. */
  pricing: PricedCart;
}

export type CartAction =
  /** Add, or replace the units and prices of an existing id. units ≤ 0 removes the item. */
  | { type: 'upsert'; item: CartItem }
  | { type: 'remove'; id: number }
  /** Removes every child of a parent. */
  | { type: 'removeParent'; fatherId: number }
  | { type: 'clear' }
  /** Cross-tab sync and restore from storage. */
  | { type: 'replace'; items: readonly CartItem[]; limited: boolean }
  /**
   * Fresh data from GET api/products/lookup?ids=… . `requestedIds` are the ids that were asked:
   * those missing from `found` no longer exist (flagged as hidden); items added while the request
   * was in flight are left alone.
   */
  | { type: 'refresh'; requestedIds: readonly number[]; found: readonly CartLookupItem[] }
  /** The session changed (login, logout, permissions): re-price with or without VIP tiers. */
  | { type: 'setVip'; isVip: boolean };
