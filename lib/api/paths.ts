/**
 * THE paths of the shop API the storefront calls, in one place (issue 20 item 4): pages and islands call the
 * named builders below through the server client (lib/api/server.ts `apiGet`, lib/admin/data.ts `staffGet`)
 * or the browser client (lib/api/public.ts `publicRequest`, lib/session/api.ts `accountRequest`), never a
 * path written inline. Relative to the API's base URL (each client adds it). Pure: no server-only or
 * browser-only import, so both variants share it.
 */

type Id = number | string;
const q = (params?: URLSearchParams) => {
  const s = params ? params.toString() : '';
  return s ? `?${s}` : '';
};

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

  /* the customer's orders, chat and notifications */
  order: (id: Id) => `api/order/${id}`,
  orderMessages: (id: Id) => `api/order/${id}/messages`,
  orderMessagesRead: (id: Id) => `api/order/${id}/messages/read`,
  notifications: 'api/notifications/client',
  notification: (id: Id) => `api/notification/${id}`,
  notificationSeen: (id: Id) => `api/notification/${id}/mark`,
  unreadMessages: 'api/message/unviewed/client',

  /* staff */
  staff: {
    config: 'api/staff/config',
    settings: 'api/staff/settings',
    orders: (params: URLSearchParams) => `api/staff/orders${q(params)}`,
    ordersExport: (params: URLSearchParams) => `api/staff/orders/export${q(params)}`,
    order: (id: Id) => `api/staff/orders/${id}`,
    orderState: (id: Id) => `api/staff/orders/${id}/state`,
    orderRemit: (id: Id) => `api/staff/orders/${id}/remit`,
    orderBudget: (id: Id) => `api/staff/orders/${id}/budget`,
    orderDocuments: (id: Id, kind: string) => `api/staff/orders/${id}/documents?kind=${encodeURIComponent(kind)}`,
    customers: (params: URLSearchParams) => `api/staff/customers${q(params)}`,
    customer: (id: Id) => `api/staff/customers/${id}`,
    customerRole: (id: Id) => `api/staff/customers/${id}/role`,
    customerVip: (id: Id) => `api/staff/customers/${id}/vip`,
    search: (days: number) => `api/staff/search?days=${days}`,
    synonyms: 'api/staff/search/synonyms',
    synonym: (id: Id) => `api/staff/search/synonyms/${id}`,
    tags: 'api/staff/tags',
    tag: (id: Id) => `api/staff/tags/${id}`,
    carousel: 'api/staff/carousel',
    carouselOrder: 'api/staff/carousel/order',
    carouselItem: (id: Id) => `api/staff/carousel/${id}`,
    transports: 'api/staff/transports',
    transport: (id: Id) => `api/staff/transports/${id}`,
    categories: 'api/staff/categories',
    categoriesOrder: 'api/staff/categories/order',
    category: (id: Id) => `api/staff/categories/${id}`,
    categoryImage: (id: Id) => `api/staff/categories/${id}/image`,
    /** the list with its filters; without them, where a new product is posted */
    products: (params?: URLSearchParams) => `api/staff/products${q(params)}`,
    product: (id: Id) => `api/staff/products/${id}`,
    productDuplicate: (id: Id) => `api/staff/products/${id}/duplicate`,
    productArchive: (id: Id) => `api/staff/products/${id}/archive`,
    productImages: (id: Id) => `api/staff/products/${id}/images`,
    productImagesOrder: (id: Id) => `api/staff/products/${id}/images/order`,
    productImage: (id: Id, imageId: Id) => `api/staff/products/${id}/images/${imageId}`,
  },

  /* the storefront's own handlers (app/api/…), same origin as the page */
  storefront: {
    staffOrdersExport: (params: URLSearchParams) => `/api/staff-export/orders${q(params)}`,
  },
} as const;
