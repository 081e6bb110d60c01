import { ORDER_CHAT_MESSAGE_PATHS } from '@/components/orders/messages';

/**
 * Message paths of the back-office's client islands, added by each admin page with <ScopedMessages>.
 * The admin layout (AdminNav gets its labels from the server), the board and the lists need none.
 */
/** /admin/orders/[orderId]: StateButtons, BudgetEditor, RemitForm, BillUpload, DocumentLink, OrderChat, NoteForm, AssigneePicker. */
export const ADMIN_ORDER_CLIENT_MESSAGE_PATHS = [
  'admin.client.working',
  'admin.client.team',
  'admin.client.states',
  'admin.client.budget',
  'admin.client.remit',
  'admin.client.bill',
  'payments.staff',
  'payments.methods',
  'payments.status',
  'payments.confirm',
  'orders.states',
  'orders.documents',
  ...ORDER_CHAT_MESSAGE_PATHS,
] as const;
/** /admin (the board): BulkStateBar. */
export const ADMIN_BOARD_CLIENT_MESSAGE_PATHS = ['payments.bulk', 'payments.confirm', 'orders.states'] as const;
/** /admin/config: ConfigForm, CarouselManager, TagsManager, TransportsManager. */
export const ADMIN_CONFIG_CLIENT_MESSAGE_PATHS = [
  'admin.client.working',
  'admin.client.config',
  'adminSettings.client.working',
  'adminSettings.client.saved',
  'adminSettings.client.carousel',
  'adminSettings.client.tags',
  'adminSettings.client.transports',
] as const;
/** /admin/customers/[userId]: VipToggle, RoleForm. */
export const ADMIN_CUSTOMER_CLIENT_MESSAGE_PATHS = [
  'adminSettings.client.working',
  'adminSettings.client.vip',
  'adminSettings.client.role',
  'adminSettings.roles',
] as const;
/** /admin/products/[productId]: ProductEditor, VariationsTable, ImageManager. */
export const ADMIN_PRODUCT_CLIENT_MESSAGE_PATHS = ['adminProducts.client', 'adminProducts.states', 'adminProducts.actions'] as const;
/** /admin/products/new: ProductCreateForm. */
export const ADMIN_PRODUCT_CREATE_CLIENT_MESSAGE_PATHS = ['adminProducts.client', 'adminProducts.states', 'adminProducts.create'] as const;
/** /admin/categories: CategoriesManager. */
export const ADMIN_CATEGORIES_CLIENT_MESSAGE_PATHS = ['adminProducts.categories.client'] as const;
/** /admin/search: SynonymsManager. */
export const ADMIN_SEARCH_CLIENT_MESSAGE_PATHS = ['adminSearch.client'] as const;
/** /admin/products/prices: PriceChanger. */
export const ADMIN_PRICES_CLIENT_MESSAGE_PATHS = ['adminPrices.client'] as const;
