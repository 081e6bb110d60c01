/**
 * Message paths of the /checkout island (CheckoutWizard and its steps), added by the page with
 * <ScopedMessages>: the whole `checkout` namespace but its page texts (metaTitle, metaDescription,
 * title, intro), which only the server renders.
 */
export const CHECKOUT_CLIENT_MESSAGE_PATHS = [
  'checkout.loading',
  'checkout.empty',
  'checkout.progressLabel',
  'checkout.stepOf',
  'checkout.steps',
  'checkout.titles',
  'checkout.delivery',
  'checkout.form',
  'checkout.required',
  'checkout.transport',
  'checkout.address',
  'checkout.billing',
  'checkout.summary',
  'checkout.back',
  'checkout.backToCart',
  'checkout.continue',
  'checkout.sent',
  'checkout.createError',
  'checkout.notSent',
  // the minimum notice shown on every step (components/cart/MinimumNotice)
  'cart.minimum',
] as const;
