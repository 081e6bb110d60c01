/**
 * Message paths the cart's client code needs.
 * - CART_HOOK_MESSAGE_PATHS: what the cart hooks and widgets use on any page (useCartQuantity's
 *   toasts, CartGroupStatus on the product page, the shop's QuantitySelector). The root layout's
 *   CLIENT_MESSAGE_PATHS should contain them (it may drop the whole 'cart' namespace for these).
 * - CART_CLIENT_MESSAGE_PATHS: the /cart page island; the page passes them itself.
 */
export const CART_HOOK_MESSAGE_PATHS = ['cart.toast', 'cart.status', 'cart.group.nudge', 'product.quantity'] as const;
export const CART_CLIENT_MESSAGE_PATHS = ['cart', 'product.quantity', 'account.session', 'errors'] as const;
