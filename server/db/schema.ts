/**
 * Database schema for every entity of spec §3 (drizzle pg-core). Runs unchanged on PGlite and PostgreSQL.
 *
 * Conventions:
 * - Money is INTEGER CENTAVOS (`*_cents` columns, or bigint for order totals, which can exceed 2^31 centavos).
 *   The API turns them into peso numbers only on the wire.
 * - A product variation is a row of `products` with `is_variation = true` and `parent_id` set.
 * - `search_name` / `search_text` are normalized copies (lowercase, accents stripped: see server/lib/text.ts)
 *   so search is accent-insensitive on both drivers without the `unaccent` extension. Whoever writes
 *   `products.name`/`description` must refresh them (use `productSearchColumns`).
 */
import { relations, sql } from 'drizzle-orm';
import { ORDER_STATES } from '../../lib/orders/states';
import { PAYMENT_METHODS } from '../../lib/orders/payments';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/* ---------------------------------------------------------------- enums */

export const productState = pgEnum('product_state', ['active', 'limited', 'noStock', 'hidden']);
// The order states are defined once, with their transition table, in lib/orders/states.ts.
export const orderState = pgEnum('order_state', ORDER_STATES);
export const missingStatus = pgEnum('missing_status', ['complete', 'incomplete', 'missing']);
export const documentKind = pgEnum('document_kind', ['budget', 'remit', 'bill', 'proof', 'other']);
export const tokenKind = pgEnum('token_kind', ['verify', 'reset', 'autologin', 'unsubscribe']);
export const documentType = pgEnum('document_type', ['CUIT', 'CUIL', 'DNI']);
export const addressState = pgEnum('address_state', ['active', 'archived']);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);

/* ------------------------------------------------------- users and roles */

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  /** superadmin | admin | employee | customer | vipcustomer | orderemployee */
  name: text('name').notNull().unique(),
  description: text('description'),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  /** e.g. isVip, orders:read, products:write */
  name: text('name').notNull().unique(),
  description: text('description'),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    /** stored lowercased and trimmed; unique */
    email: text('email').notNull().unique(),
    /** argon2id; null for accounts created through third-party sign-in only */
    passwordHash: text('password_hash'),
    contactNumber: text('contact_number'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** login is blocked while null (spec §6) */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** subject of the third-party identity (Google) when linked */
    googleSub: text('google_sub').unique(),
    /** mail preferences (/suscriptions): order updates and newsletters */
    mailOrderUpdates: boolean('mail_order_updates').notNull().default(true),
    mailNewsletter: boolean('mail_newsletter').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_role_idx').on(t.roleId)],
);

/* ------------------------------------------------------------- catalogue */

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  image: text('image'),
  order: integer('sort_order').notNull().default(0),
});

/** The attribute a variable product varies on, e.g. "Aroma" or "Color". */
export const variables = pgTable('variables', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** markdown */
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default('Artesanal'),
    isOutstanding: boolean('is_outstanding').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    isAvailable: boolean('is_available').notNull().default(true),
    isVariable: boolean('is_variable').notNull().default(false),
    isVariation: boolean('is_variation').notNull().default(false),
    isVip: boolean('is_vip').notNull().default(false),
    isCatalogable: boolean('is_catalogable').notNull().default(true),
    state: productState('state').notNull().default('active'),
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id').references(() => variables.id),
    /** grams */
    weight: integer('weight'),
    /** centimetres */
    length: numeric('length', { precision: 8, scale: 2, mode: 'number' }),
    width: numeric('width', { precision: 8, scale: 2, mode: 'number' }),
    height: numeric('height', { precision: 8, scale: 2, mode: 'number' }),
    /** popularity (sort=popular) */
    score: integer('score').notNull().default(0),
    /** units sold (sort=bestSellers) */
    sales: integer('sales').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    /** the discounted unit price (not a percentage), null when there is none */
    discountCents: integer('discount_cents'),
    min: integer('min').notNull().default(0),
    max: integer('max').notNull().default(0),
    steps: integer('steps').notNull().default(1),
    searchName: text('search_name').notNull().default(''),
    /** normalized name + sku + brand + description (+ visible variation names for parents) */
    searchText: text('search_text').notNull().default(''),
    /** normalized names of the product's (or its parent's) categories; kept by triggers (migration 0006) */
    searchCategories: text('search_categories').notNull().default(''),
    /** the SKU as letters and digits only, lowercase: 'ese0010' finds ESE-0010 */
    skuKey: text('sku_key').generatedAlwaysAs(sql`lower(regexp_replace(sku, '[^a-zA-Z0-9]+', '', 'g'))`),
    /** full-text document, Spanish stemmer: name (A) above categories (B) above the rest (C) */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish'::regconfig, search_name), 'A') || setweight(to_tsvector('spanish'::regconfig, search_categories), 'B') || setweight(to_tsvector('spanish'::regconfig, search_text), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check(
      'products_discount_check',
      sql`${t.discountCents} is null or (${t.discountCents} >= 0 and ${t.discountCents} < ${t.priceCents})`,
    ),
    check('products_qty_check', sql`${t.min} >= 0 and ${t.max} >= 0 and ${t.steps} >= 0`),
    check('products_variation_check', sql`${t.isVariation} = (${t.parentId} is not null)`),
    index('products_parent_idx').on(t.parentId),
    // Partial indexes matching the catalogue's "visible top-level product" filter, one per sort order.
    // collate "C": the same byte order on every server, whatever the database's default collation
    index('products_list_name_c_idx')
      .on(sql`${t.searchName} collate "C"`, t.id)
      .where(sql`${t.parentId} is null and ${t.isVisible} and ${t.state} <> 'hidden'`),
    index('products_list_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.isVisible} and ${t.state} <> 'hidden'`),
    index('products_list_sales_idx')
      .on(t.sales.desc(), t.id)
      .where(sql`${t.parentId} is null and ${t.isVisible} and ${t.state} <> 'hidden'`),
    index('products_list_score_idx')
      .on(t.score.desc(), t.id)
      .where(sql`${t.parentId} is null and ${t.isVisible} and ${t.state} <> 'hidden'`),
    // Trigram index: makes `search_text like '%term%'` an index scan (extension created in migration 0000).
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_vector_idx').using('gin', t.searchVector),
    // byte order: the SKU prefix search is a range (search_products, migration 0006)
    index('products_sku_key_idx').on(sql`${t.skuKey} collate "C"`),
  ],
);

/** Groups of words shoppers use for the same thing (incienso ⇄ sahumerio); normalized, managed by staff. */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  terms: text('terms').array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What shoppers searched, per day: the normalized query only (no user, no address), with its last result count. */
export const searchQueries = pgTable(
  'search_queries',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    results: integer('results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] }), index('search_queries_query_idx').on(t.query)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** 0 = the product's first (canonical) category */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** path on the API host, e.g. /uploads/products/sah-0001-1-ab12cd34.webp */
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Price tiers of a (parent) product: `units` or more units pay `price` each. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    units: integer('units').notNull(),
    priceCents: integer('price_cents').notNull(),
    isVip: boolean('is_vip').notNull().default(false),
    /** applies only when the total is an exact multiple of `units` */
    isStrict: boolean('is_strict').notNull().default(false),
  },
  (t) => [
    check('offers_units_check', sql`${t.units} > 0`),
    check('offers_price_check', sql`${t.priceCents} >= 0`),
    index('offers_product_idx').on(t.productId, t.units),
  ],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** storefront path, e.g. /products?query=sandalo */
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
});

/** Single-row shop configuration (id is always 1). */
export const config = pgTable(
  'config',
  {
    id: integer('id').primaryKey().default(1),
    minOrderPriceCents: integer('min_order_price_cents').notNull().default(10_000_000),
    minLocalPriceCents: integer('min_local_price_cents').notNull().default(5_000_000),
    /** spelled as the spec's wire field */
    maintaince: boolean('maintaince').notNull().default(false),
    /** days a budget stays acceptable, and days an accepted order has to send its proof (issue 24 §1; lib/orders/deadlines) */
    budgetValidDays: integer('budget_valid_days').notNull().default(7),
    paymentDueDays: integer('payment_due_days').notNull().default(5),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('config_single_row', sql`${t.id} = 1`),
    check('config_budget_valid_days', sql`${t.budgetValidDays} between 1 and 90`),
    check('config_payment_due_days', sql`${t.paymentDueDays} between 1 and 90`),
  ],
);

export const carouselImages = pgTable('carousel_images', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  alt: text('alt').notNull().default(''),
  /** where a click leads (storefront path), optional */
  link: text('link'),
  position: integer('position').notNull().default(0),
});

/* ------------------------------------------------------ shipping, billing */

export const transports = pgTable('transports', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  fatherId: integer('father_id').references((): AnyPgColumn => transports.id, { onDelete: 'set null' }),
  isAble: boolean('is_able').notNull().default(true),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    province: text('province').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull(),
    postalCode: text('postal_code').notNull(),
    floor: text('floor'),
    extraData: text('extra_data'),
    /** archived addresses stay referenced by old orders but are not offered any more */
    state: addressState('state').notNull().default('active'),
    /** the customer's default (preselected in the checkout); at most one per customer */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`)],
);

export const billingData = pgTable(
  'billing_data',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. Responsable Inscripto, Monotributista, Consumidor Final, Exento */
    taxCondition: text('tax_condition').notNull(),
    documentType: documentType('document_type').notNull(),
    /** digits only; unique: 'Ya tenemos registrado ese CUIT/CUIL/DNI' */
    documentNumber: text('document_number').notNull().unique(),
    /** the customer's default (preselected in the checkout); at most one per customer */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('billing_data_user_idx').on(t.userId), uniqueIndex('billing_data_one_default_idx').on(t.userId).where(sql`${t.isDefault}`)],
);

/* ----------------------------------------------------------------- orders */

/** Human-facing order numbers, independent of the primary key. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: integer('number')
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    state: orderState('state').notNull().default('received'),
    addressId: integer('address_id').references(() => addresses.id),
    transportId: integer('transport_id').references(() => transports.id),
    otherTransport: text('other_transport'),
    /** pickup at the shop ("sucursal") */
    toSucc: boolean('to_succ').notNull().default(true),
    billingDataId: integer('billing_data_id').references(() => billingData.id),
    totalBoxes: integer('total_boxes').notNull().default(0),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    priceWithVatCents: bigint('price_with_vat_cents', { mode: 'number' }).notNull().default(0),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    finalTotalCents: bigint('final_total_cents', { mode: 'number' }).notNull().default(0),
    totalPriceCents: bigint('total_price_cents', { mode: 'number' }).notNull().default(0),
    missingStatus: missingStatus('missing_status').notNull().default('complete'),
    /** 21 % VAT of (subtotal − bonus), and the 4.5 % IIBB of shipments to Misiones (lib/orders/totals) */
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    iibbCents: bigint('iibb_cents', { mode: 'number' }).notNull().default(0),
    /** additions made by the customer in `additionsStage` (lib/orders/additions) */
    additionsCount: integer('additions_count').notNull().default(0),
    /** received | started | review | prepared, or null before the first addition */
    additionsStage: text('additions_stage'),
    budgetSentAt: timestamp('budget_sent_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Deadlines (issue 24 §1, lib/orders/deadlines): the budget cannot be accepted from `budgetExpiresAt` on
     * (set when it is sent); the proof of transfer is due by `paymentDueAt` (set when it is accepted). The
     * reminder columns are the "sent" marks of the scheduled job (services/order-deadlines): claimed by one
     * conditional UPDATE … RETURNING, so two runners never remind twice; a new budget or acceptance clears them.
     */
    budgetExpiresAt: timestamp('budget_expires_at', { withTimezone: true, mode: 'date' }),
    budgetReminderAt: timestamp('budget_reminder_at', { withTimezone: true, mode: 'date' }),
    /** the customer asked for an updated budget (once per expired budget) */
    budgetUpdateRequestedAt: timestamp('budget_update_requested_at', { withTimezone: true, mode: 'date' }),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true, mode: 'date' }),
    paymentReminderAt: timestamp('payment_reminder_at', { withTimezone: true, mode: 'date' }),
    /**
     * `Idempotency-Key` header of the POST /api/order that created the order (null without one), unique
     * per customer, and the SHA-256 of its normalised body: a repeat answers this order instead of a new one.
     */
    idempotencyKey: text('idempotency_key'),
    idempotencyHash: text('idempotency_hash'),
    /** the staff member who looks after the order (issue 32 item 4); null = nobody; staff only */
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_assigned_to_idx').on(t.assignedToId),
    index('orders_state_idx').on(t.state),
    // the deadline job's scans: only rows whose reminder is still to be sent
    index('orders_budget_reminder_due_idx').on(t.budgetExpiresAt).where(sql`${t.budgetReminderAt} is null`),
    index('orders_payment_reminder_due_idx').on(t.paymentDueAt).where(sql`${t.paymentReminderAt} is null`),
    uniqueIndex('orders_user_idempotency_key_idx').on(t.userId, t.idempotencyKey),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** null once the product is deleted; `name` keeps what was ordered */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** snapshot of the product (and variation) name at order time */
    name: text('name').notNull(),
    /** tier group at order time: the variable parent, or the simple product itself */
    parentId: integer('parent_id'),
    /** snapshot of the variation name (then `name` is the parent's), null for a simple product */
    variationName: text('variation_name'),
    sku: text('sku'),
    /** units the customer asked for (quantity may be cut in a budget) */
    requestedQuantity: integer('requested_quantity'),
    /** list price (its discount when present) at order time */
    regularPriceCents: integer('regular_price_cents'),
    /** marked missing in a budget: excluded from the subtotal */
    missing: boolean('missing').notNull().default(false),
    /** unit price set by staff in a budget (kept when the order is repriced) */
    priceAdjusted: boolean('price_adjusted').notNull().default(false),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

export const orderStateHistory = pgTable(
  'order_state_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromState: orderState('from_state'),
    toState: orderState('to_state').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** customer | staff | system */
    actor: text('actor'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** why staff rejected or dismantled the order: the customer reads it (issue 32, item 6) */
    reason: text('reason'),
  },
  (t) => [index('order_state_history_order_idx').on(t.orderId, t.at)],
);

/**
 * Payments staff recorded after checking them (issue 32, item 2; lib/orders/payments): one row per payment.
 * A mistaken entry is voided (who, when, why), never deleted; the order's payment status is derived from
 * the rows not voided against its final total.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: paymentMethod('method').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
  },
  (t) => [index('order_payments_order_idx').on(t.orderId), check('order_payments_amount_positive', sql`${t.amountCents} > 0`)],
);

export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: documentKind('kind').notNull(),
    trackingNumber: text('tracking_number'),
    /** private file (served only to the order's owner and staff), not under /uploads */
    fileUrl: text('file_url'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('order_documents_order_idx').on(t.orderId, t.kind)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** author */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_order_idx').on(t.orderId, t.createdAt)],
);

/** Staff-only notes on an order (issue 32 item 4): never in a customer's answer, room or notification. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** author; null once that account is gone (the note stays) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.viewedAt)],
);

/**
 * Back-in-stock alerts (issue 24 §3): a customer waits for a product (top-level) or one of its variations that
 * has no stock. One row per (user, product, variation): a variation of null is the whole product, hence
 * NULLS NOT DISTINCT. The row is deleted when the alert is sent (services/stock-alerts.ts: delete … returning,
 * so two API processes never send it twice) or cancelled.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('stock_alerts_user_product_variation_key').on(t.userId, t.productId, t.variationId).nullsNotDistinct(),
    index('stock_alerts_product_idx').on(t.productId),
    index('stock_alerts_variation_idx').on(t.variationId),
  ],
);

/** Single-use links (verify, reset, autologin, unsubscribe). Only a hash of the token is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: tokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** staff member who had the link sent (POST api/auth/autoLoginLink); null for links the system sent */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/**
 * Refresh tokens of the sessions (server/auth/refresh-tokens.ts; ADR 0005): 32 random bytes handed out once in
 * an HttpOnly cookie, only their sha256 stored. Every use rotates it (the used row gets `rotated_at`, a new
 * row of the same `family_id` is issued); a rotated token coming back means it was copied, and revokes its
 * whole family. Lifetime 1 day, or 30 days with remember-me, counted again from each rotation.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** one sign-in and every token rotated from it */
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** set when this token was exchanged for the next one of its family */
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    /** set by a logout, an account change (password, role, disabled, logout everywhere) or a detected reuse */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * Outgoing mail waiting for SMTP (server/mail/queue.ts). A request only inserts its mail here; a worker in
 * each API instance claims due rows (FOR UPDATE SKIP LOCKED + a lease in `locked_until`, so several
 * instances on one database never send a mail twice at once, and a mail whose sender died is retried after
 * the lease), sends it and deletes it; a failure sets the next attempt with back-off. Rows with `failed_at`
 * were refused for good (SMTP 5xx) or expired, and are kept for inspection.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.failedAt} is null`)],
);

/** public: served by GET /uploads/* (images); private: only through a route that checked the caller */
export const blobVisibility = pgEnum('blob_visibility', ['public', 'private']);

/**
 * Metadata of every stored object (server/storage/blobs.ts): the object itself is in the object store (files
 * under $DATA_DIR, or an S3 bucket), keyed by `key`. Written right after the object, removed before it, so a
 * row always has its object; an object left without a row (a crash between the two) is pruned by the scheduler.
 */
export const blobs = pgTable(
  'blobs',
  {
    key: text('key').primaryKey(),
    visibility: blobVisibility('visibility').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** hex SHA-256 of the bytes (npm run storage:migrate verifies copies against it) */
    sha256: text('sha256').notNull(),
    /** who uploaded it (null: seed, migration, a deleted account) */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('blobs_order_idx').on(t.orderId)],
);

/**
 * Periodic jobs (server/scheduler): the last tick each job ran for, claimed atomically by the runner that holds
 * the scheduler's advisory lock, so a job runs once per tick however many API hosts there are (and a runner
 * that takes over after another died does not run the same tick again). Also what an operator reads.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  /** floor(epoch ms / interval) of the last run that started */
  lastTick: bigint('last_tick', { mode: 'number' }).notNull().default(-1),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  /** the host that ran it last (hostname:pid) */
  lastRunner: text('last_runner'),
  runs: integer('runs').notNull().default(0),
});

/**
 * The audit log (issue 24 §2): one row per audited staff change — so far the bulk price changes (by rule or
 * by CSV) and their undos. `rows` keeps every product's prices before and after (services/bulk-prices.ts), so
 * a change can be reverted from its entry; the actor's name and e-mail are copied, the log outlives accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    actorId: integer('actor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** prices.bulk | prices.csv | prices.undo (lib/contracts/price-changes.ts) */
    action: text('action').notNull(),
    /** filter, rule, file name, counts and totals */
    summary: jsonb('summary').notNull(),
    /** before/after per product or variation */
    rows: jsonb('rows').notNull(),
    undoOf: integer('undo_of').references((): AnyPgColumn => auditLog.id, { onDelete: 'set null' }),
    undoneBy: integer('undone_by').references((): AnyPgColumn => auditLog.id, { onDelete: 'set null' }),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()), index('audit_log_actor_idx').on(t.actorId), index('audit_log_action_idx').on(t.action)],
);

/**
 * A signed-in customer's saved cart (issue 23 §4): the same cart on every device. `version` goes up by one on
 * every write; a client sends the version its copy is based on and gets the merged cart back when it was stale.
 * The row is also the lock that puts two devices' writes one after the other (INSERT … ON CONFLICT DO UPDATE).
 */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One row per product or variation in a saved cart: ids and units only, never a price (prices are recomputed
 * with lib/pricing on every read). Rows, not a jsonb document, so that "last write per line wins" is one
 * upsert per line, a deleted product takes its lines with it (FK cascade), and the catalogue join is plain SQL.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    /** the cart lists lines in the order they came in (an update keeps the line's place) */
    position: integer('position').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('cart_lines_product_idx').on(t.productId)],
);

/* -------------------------------------------------------------- relations */
// For drizzle's relational queries (db.query.*); they do not change the SQL schema.

export const rolesRelations = relations(roles, ({ many }) => ({
  rolePermissions: many(rolePermissions),
  users: many(users),
}));
export const permissionsRelations = relations(permissions, ({ many }) => ({ rolePermissions: many(rolePermissions) }));
export const rolePermissionsRelations = relations(rolePermissions, ({ one }) => ({
  role: one(roles, { fields: [rolePermissions.roleId], references: [roles.id] }),
  permission: one(permissions, { fields: [rolePermissions.permissionId], references: [permissions.id] }),
}));
export const usersRelations = relations(users, ({ one, many }) => ({
  role: one(roles, { fields: [users.roleId], references: [roles.id] }),
  addresses: many(addresses),
  billingData: many(billingData),
  orders: many(orders),
  notifications: many(notifications),
}));
export const categoriesRelations = relations(categories, ({ many }) => ({ productCategories: many(productCategories) }));
export const productsRelations = relations(products, ({ one, many }) => ({
  parent: one(products, { fields: [products.parentId], references: [products.id], relationName: 'variations' }),
  variations: many(products, { relationName: 'variations' }),
  variable: one(variables, { fields: [products.variableId], references: [variables.id] }),
  productCategories: many(productCategories),
  images: many(productImages),
  offers: many(offers),
}));
export const productCategoriesRelations = relations(productCategories, ({ one }) => ({
  product: one(products, { fields: [productCategories.productId], references: [products.id] }),
  category: one(categories, { fields: [productCategories.categoryId], references: [categories.id] }),
}));
export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));
export const offersRelations = relations(offers, ({ one }) => ({
  product: one(products, { fields: [offers.productId], references: [products.id] }),
}));
export const transportsRelations = relations(transports, ({ one }) => ({
  father: one(transports, { fields: [transports.fatherId], references: [transports.id] }),
}));
export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));
export const billingDataRelations = relations(billingData, ({ one }) => ({
  user: one(users, { fields: [billingData.userId], references: [users.id] }),
}));
export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  address: one(addresses, { fields: [orders.addressId], references: [addresses.id] }),
  transport: one(transports, { fields: [orders.transportId], references: [transports.id] }),
  billingData: one(billingData, { fields: [orders.billingDataId], references: [billingData.id] }),
  items: many(orderItems),
  history: many(orderStateHistory),
  documents: many(orderDocuments),
  messages: many(messages),
}));
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
}));
export const orderStateHistoryRelations = relations(orderStateHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStateHistory.orderId], references: [orders.id] }),
}));
export const orderDocumentsRelations = relations(orderDocuments, ({ one }) => ({
  order: one(orders, { fields: [orderDocuments.orderId], references: [orders.id] }),
}));
export const messagesRelations = relations(messages, ({ one }) => ({
  order: one(orders, { fields: [messages.orderId], references: [orders.id] }),
  user: one(users, { fields: [messages.userId], references: [users.id] }),
}));
export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));
export const oneTimeTokensRelations = relations(oneTimeTokens, ({ one }) => ({
  user: one(users, { fields: [oneTimeTokens.userId], references: [users.id] }),
  order: one(orders, { fields: [oneTimeTokens.orderId], references: [orders.id] }),
}));
