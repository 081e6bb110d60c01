/**
 * Message paths the cart's client code needs.
 * - CART_HOOK_MESSAGE_PATHS: what the cart hooks and widgets use wherever they are mounted
 *   (useCartQuantity's toasts, CartGroupStatus on the product page, the shop's QuantitySelector). Not
 *   in the root layout's list: a page rendering them adds these paths (PRODUCT_CLIENT_MESSAGE_PATHS in
 *   components/product/messages.ts, via <ScopedMessages>).
 * - CART_CLIENT_MESSAGE_PATHS: the /cart page island; the page passes them itself (its own provider
 *   around the island, which needs none of the shell's paths).
 */
export const CART_HOOK_MESSAGE_PATHS = ['cart.toast', 'cart.status', 'cart.group.nudge', 'product.quantity'] as const;
export const CART_CLIENT_MESSAGE_PATHS = ['cart', 'product.quantity', 'account.session', 'errors'] as const;
