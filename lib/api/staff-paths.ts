/** The staff's paths of the shop API (lib/api/paths.ts has the public and customer ones; same rules). */

type Id = number | string;
const q = (params?: URLSearchParams) => {
  const s = params ? params.toString() : '';
  return s ? `?${s}` : '';
};

export const staffApiPaths = {
  config: 'api/staff/config',
  settings: 'api/staff/settings',
  orders: (params: URLSearchParams) => `api/staff/orders${q(params)}`,
  ordersExport: (params: URLSearchParams) => `api/staff/orders/export${q(params)}`,
  order: (id: Id) => `api/staff/orders/${id}`,
  orderState: (id: Id) => `api/staff/orders/${id}/state`,
  orderRemit: (id: Id) => `api/staff/orders/${id}/remit`,
  orderBudget: (id: Id) => `api/staff/orders/${id}/budget`,
  orderDocuments: (id: Id, kind: string) => `api/staff/orders/${id}/documents?kind=${encodeURIComponent(kind)}`,
  orderNotes: (id: Id) => `api/staff/orders/${id}/notes`,
  orderNote: (id: Id, noteId: Id) => `api/staff/orders/${id}/notes/${noteId}`,
  orderAssignee: (id: Id) => `api/staff/orders/${id}/assignee`,
  team: 'api/staff/team',
  orderPayments: (id: Id) => `api/staff/orders/${id}/payments`,
  orderPaymentVoid: (id: Id, paymentId: Id) => `api/staff/orders/${id}/payments/${paymentId}/void`,
  ordersBulkState: 'api/staff/orders/bulk-state',
  pricesPreview: 'api/staff/prices/preview',
  pricesApply: 'api/staff/prices/apply',
  pricesImportPreview: 'api/staff/prices/import/preview',
  pricesImportApply: 'api/staff/prices/import/apply',
  pricesLast: 'api/staff/prices/last',
  pricesExport: (params: URLSearchParams) => `api/staff/prices/export${q(params)}`,
  priceChangeUndo: (id: Id) => `api/staff/prices/changes/${id}/undo`,
  audit: (params: URLSearchParams) => `api/staff/audit${q(params)}`,
  auditEntry: (id: Id) => `api/staff/audit/${id}`,
  customers: (params: URLSearchParams) => `api/staff/customers${q(params)}`,
  customersExport: (params: URLSearchParams) => `api/staff/customers/export${q(params)}`,
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
  /** customers waiting for stock, per product (issue 24 §3) */
  stockAlertCounts: (ids: readonly number[]) => `api/staff/stock-alerts/counts?ids=${ids.join(',')}`,
  productDuplicate: (id: Id) => `api/staff/products/${id}/duplicate`,
  productArchive: (id: Id) => `api/staff/products/${id}/archive`,
  productImages: (id: Id) => `api/staff/products/${id}/images`,
  productImagesOrder: (id: Id) => `api/staff/products/${id}/images/order`,
  productImage: (id: Id, imageId: Id) => `api/staff/products/${id}/images/${imageId}`,
  /** the storefront's own handler (app/api/staff-export/orders), same origin as the page */
  storefrontOrdersExport: (params: URLSearchParams) => `/api/staff-export/orders${q(params)}`,
  /** the storefront's own handler (app/api/staff-export/customers) */
  storefrontCustomersExport: (params: URLSearchParams) => `/api/staff-export/customers${q(params)}`,
  /** the storefront's own handler (app/api/staff-export/prices) */
  storefrontPricesExport: (params: URLSearchParams) => `/api/staff-export/prices${q(params)}`,
} as const;
