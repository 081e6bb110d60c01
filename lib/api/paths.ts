/**
 * THE paths of the shop API the storefront calls, in one place (issue 20 item 4): pages and islands call the
 * named builders below through the server client (lib/api/server.ts `apiGet`, lib/admin/data.ts `staffGet`)
 * or the browser client (lib/api/public.ts `publicRequest`, lib/session/api.ts `accountRequest`), never a
 * path written inline. The staff's paths are in lib/api/staff-paths.ts (kept apart so the public pages' islands
 * do not carry them). Relative to the API's base URL (each client adds it). Pure: no server-only or
 * browser-only import, so both variants share it.
 */

type Id = number | string;

export const apiPaths = {
  /* catalogue and shop (public) */
  config: 'api/config',
  tags: 'api/tags',
  carouselImages: 'api/carouselImages',
  productSearch: (term: string) => `api/products/search?query=${encodeURIComponent(term)}`,
  productLookup: (ids: readonly number[]) => `api/products/lookup?ids=${ids.join(',')}`,

  /* account */
  authProviders: 'api/auth/providers',
  me: 'api/user/me',
  password: 'api/user/password',
  subscriptions: (token: string) => `api/user/subscriptions?token=${encodeURIComponent(token)}`,
  /** the signed-in customer's saved cart (issue 23 §4) */
  cart: 'api/cart',

  /* the customer's orders, chat and notifications */
  order: (id: Id) => `api/order/${id}`,
  orderRequestBudget: (id: Id) => `api/order/${id}/request-budget`,
  orderMessages: (id: Id) => `api/order/${id}/messages`,
  orderMessagesRead: (id: Id) => `api/order/${id}/messages/read`,
  notifications: 'api/notifications/client',
  notification: (id: Id) => `api/notification/${id}`,
  notificationSeen: (id: Id) => `api/notification/${id}/mark`,
  unreadMessages: 'api/message/unviewed/client',

  /* back-in-stock alerts (issue 24 §3) */
  stockAlerts: 'api/stock-alerts',
  stockAlertsOf: (productId: Id) => `api/stock-alerts?productId=${productId}`,
  stockAlert: (productId: Id, variationId?: Id) => `api/stock-alerts?productId=${productId}${variationId === undefined ? '' : `&variationId=${variationId}`}`,
} as const;
