/**
 * components/cart — the cart island and its hooks.
 *
 *   <CartProvider>             mount once (root layout, inside SessionProvider); nested ones pass through
 *   useCart()                  { state, ready, groups, totals, flagged, upsert, remove, removeParent, clear, refresh }
 *   useCartLine(id)            units of one id (0 until the cart is read)
 *   useCartQuantity(item)      { units, setUnits } — 200 ms pause, add/update/remove + toasts
 *   useCartBinding()           { initialFor, onChange } — the same for a list of selectors (product page)
 *   <CartQuantityField item/>  the shop's QuantitySelector bound to the cart
 *   <CartView />               the /cart page island
 */
export { CartProvider, useCart, useCartGroup, useCartLine, REFRESH_FRESH_MS, type UseCartValue, type RefreshStatus } from './CartProvider';
export { useCartQuantity, useCartBinding, type CartQuantityItem, type CartQuantity } from './useCartQuantity';
export { CartQuantityField } from './CartQuantityField';
export { CART_CHANGE_EVENT, CART_CHANGE_EVENTS, type CartChangeDetail } from './store';
export { CART_CLIENT_MESSAGE_PATHS, CART_HOOK_MESSAGE_PATHS } from './messages';
export { itemLabel } from './item-label';
export { CartGroupStatus } from './CartGroupStatus';
