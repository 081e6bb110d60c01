/**
 * "A shop toast was shown", without the toast store: <ToastArea /> sits on every page and loads the store
 * and Radix (ShopToaster) only when the first toast() call signals here; the pages that show toasts (cart
 * selectors) bring the store with them.
 */
const EVENT = 'shop:toast-shown';
let shown = false;

/** Called by toast() (lib/toast/shop-toasts). */
export function signalShopToast(): void {
  shown = true;
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` at the first toast (at once when one was shown already); returns the unsubscribe. */
export function onShopToast(listener: () => void): () => void {
  if (shown) {
    listener();
    return () => {};
  }
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
