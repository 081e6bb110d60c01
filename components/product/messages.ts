import { CART_HOOK_MESSAGE_PATHS } from '@/components/cart/messages';

/**
 * Message paths of the product page's client islands, added by the page with <ScopedMessages>:
 * Gallery, ImageViewer, VariationList (buy.*, regularPrice, state.*, stockAlert.*), QuantitySelector and the cart
 * hooks/widgets (useCartQuantity's toasts, CartGroupStatus).
 */
export const PRODUCT_CLIENT_MESSAGE_PATHS = [
  'product.gallery',
  'product.viewer',
  'product.buy',
  'product.regularPrice',
  'product.state',
  'product.stockAlert',
  ...CART_HOOK_MESSAGE_PATHS,
] as const;
