/**
 * lib/cart — the storefront's cart model: types, reducer, selectors, storage and quantity rules.
 * Pure TypeScript (no React, no DOM at import time); pricing comes from lib/pricing.
 */
export type { CartAction, CartItem, CartState } from './types';
export { cartReducer, createCartState } from './reducer';
export { selectCartGroups, selectFlaggedItems, selectTotals, selectUnits, type CartGroupView, type CartLineView, type CartTotals } from './selectors';
export { isCartStorageKey, loadCart, saveCart, type StorageLike } from './storage';
export * from './quantity';
