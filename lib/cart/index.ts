/**
 * lib/cart — the storefront's cart model: types, reducer, selectors, storage and quantity rules.
 * Pure TypeScript (no React, no DOM at import time); pricing comes from lib/pricing.
 */
export type { CartAction, CartItem, CartState } from './types';
export { cartReducer, createCartState, isBuyable } from './reducer';
export {
  selectCartGroups,
  selectFlaggedItems,
  selectTotals,
  selectUnits,
  type CartGroupView,
  type CartLineView,
  type CartTotals,
} from './selectors';
export {
  CART_STORAGE_KEYS,
  clearCartStorage,
  isCartStorageKey,
  loadCart,
  parseCartItem,
  parseCartItems,
  saveCart,
  type StorageLike,
  type StoredCart,
} from './storage';
export * from './quantity';
