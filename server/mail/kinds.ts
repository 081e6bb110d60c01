/**
 * Every mail the shop sends to a customer, and what may stop it. One table, so a new mail has to say whether
 * the customer's "order updates" preference (the unsubscribe link in every footer turns it off) applies:
 * `auth.sendTo` enforces it, no call site can forget it. (The budget mail and the reminders once checked it
 * by hand while "order received" and "order closed" did not: the footer's one-click unsubscribe was a lie.)
 *
 * - account: asked for by the customer at that moment (verification, password reset, sign-in link): always sent;
 * - orderUpdates: news about the customer's orders: sent while `users.mail_order_updates` is on;
 * - requested: the customer asked for this one mail (a back-in-stock alert) and cancels it where they asked.
 */
export const CUSTOMER_MAIL_KINDS = {
  verify: 'account',
  reset: 'account',
  autologin: 'account',
  'order-received': 'orderUpdates',
  'order-budget': 'orderUpdates',
  'order-budget-expiring': 'orderUpdates',
  'order-payment-overdue': 'orderUpdates',
  'order-closed': 'orderUpdates',
  'stock-alert': 'requested',
} as const satisfies Record<string, 'account' | 'orderUpdates' | 'requested'>;

export type CustomerMailKind = keyof typeof CUSTOMER_MAIL_KINDS;
/** Mails that are never held back by a preference. */
export type AlwaysSentMailKind = { [K in CustomerMailKind]: (typeof CUSTOMER_MAIL_KINDS)[K] extends 'orderUpdates' ? never : K }[CustomerMailKind];
