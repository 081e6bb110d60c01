/**
 * Adding many lines at once (issue 23: "Volver a pedir" and the quick order pad) by the cart's rules: a
 * product already in the cart gets the new units on top of the ones it holds, and the sum is made valid by
 * the reducer's upsert (lib/cart/quantity `clamp` with the product's min/max/steps). Pure.
 */
import type { CartProduct } from '../contracts/wholesale';
import type { CartItem } from './types';

export interface LineToAdd {
  product: CartProduct;
  quantity: number;
}

/** The cart item for a product the API described (lib/contracts/wholesale `cartProductSchema`). */
export function cartItemFor(product: CartProduct, units: number): CartItem {
  return {
    id: product.id,
    units,
    cartName: product.name,
    price: product.price,
    discount: product.discount,
    fatherId: product.fatherId,
    cartFatherName: product.fatherName,
    image: product.image,
    path: product.path,
    offers: product.offers,
    state: product.state,
    min: product.min,
    max: product.max,
    steps: product.steps,
  };
}

/**
 * The upserts that add `lines` to a cart holding `current`: units merged with what is there (a line
 * repeated in `lines` is summed too). `merged` counts lines that were already in the cart.
 */
export function mergeLines(current: readonly Pick<CartItem, 'id' | 'units'>[], lines: readonly LineToAdd[]): { items: CartItem[]; merged: number } {
  const held = new Map(current.map((i) => [i.id, i.units]));
  const out = new Map<number, CartItem>();
  let merged = 0;
  for (const { product, quantity } of lines) {
    if (quantity <= 0) continue;
    const previous = out.get(product.id)?.units ?? held.get(product.id) ?? 0;
    if (!out.has(product.id) && held.has(product.id)) merged++;
    out.set(product.id, cartItemFor(product, previous + quantity));
  }
  return { items: [...out.values()], merged };
}
