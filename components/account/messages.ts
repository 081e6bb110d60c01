import { ORDERS_LIST_MESSAGE_PATHS } from '@/components/orders/messages';

/**
 * Message paths of the account pages' client islands, added by each page with <ScopedMessages>.
 * The login form, fields.tsx and hooks.ts (account.login.*, form, validation, server, google) are in
 * the root layout's list already (the top bar's login panel), so /login needs nothing more.
 */
export const REGISTER_CLIENT_MESSAGE_PATHS = ['account.register'] as const;
export const FORGOT_CLIENT_MESSAGE_PATHS = ['account.forgot'] as const;
export const RESET_CLIENT_MESSAGE_PATHS = ['account.reset'] as const;
export const VERIFY_CLIENT_MESSAGE_PATHS = ['account.verify'] as const;
export const AUTO_LOGIN_CLIENT_MESSAGE_PATHS = ['account.autoLogin', 'errors.server500', 'errors.title'] as const;
export const RENEW_CLIENT_MESSAGE_PATHS = ['account.renew'] as const;
export const SUBSCRIPTIONS_CLIENT_MESSAGE_PATHS = ['account.subscriptions'] as const;
/** ProfileTabs, ProfileData, ChangePasswordForm and the orders tab (OrdersList). */
export const PROFILE_CLIENT_MESSAGE_PATHS = [
  'account.profile',
  ...ORDERS_LIST_MESSAGE_PATHS,
  // SavedRecords' address editor reuses the checkout's field labels
  'checkout.address',
  'checkout.form',
] as const;
