/**
 * Wire shapes of the shop API (spec §3, §7). The API (server/) produces exactly these;
 * the storefront consumes only these. Money on the wire is a number of pesos with at most
 * two decimals; arithmetic on it happens in integer centavos (lib/money).
 */

export type ProductState = 'active' | 'limited' | 'noStock' | 'hidden';

export interface ApiEnvelope<T> {
  success: boolean;
  message?: string;
  /** on an error: its stable code (lib/contracts/errors.ts) */
  code?: string;
  data?: T;
}

export interface Paged<T> {
  items: T[];
  total: number;
  totalPages: number;
  page: number;
  rows: number;
}

/** A catalogue page; with a search that found nothing, the closest query that finds something. */
export interface ProductPage extends Paged<ProductListItem> {
  didYouMean?: string | null;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  description?: string | null;
  image?: string | null;
  /** Visible top-level products in the category (GET api/category/names only). */
  productCount?: number;
}

interface ProductImage {
  id: number;
  /** The image URL (absolute on the API host, e.g. http://localhost:4000/uploads/products/x.webp). */
  name: string;
}

/** A price tier: `units` or more units (summed over all children of a parent) pay `price` each. */
export interface Offer {
  id: number;
  name: string;
  units: number;
  price: number;
  isVip: boolean;
  isStrict: boolean;
}

interface Variable {
  id: number;
  /** The attribute name, e.g. "Aroma" or "Color". */
  name: string;
}

export interface Variation {
  id: number;
  name: string;
  slug: string;
  SKU: string;
  price: number;
  discount: number | null;
  /** price before the discount (equals price when there is none) */
  regularPrice: number;
  state: ProductState;
  min: number;
  max: number;
  steps: number;
  VariableId: number | null;
  Variable: Variable | null;
}

export interface Product {
  id: number;
  SKU: string;
  sku: string;
  name: string;
  slug: string;
  /** markdown */
  description: string;
  brand: string;
  isOutstanding: boolean;
  isVisible: boolean;
  isAvailable: boolean;
  isVariable: boolean;
  isVariation: boolean;
  isVip: boolean;
  isCatalogable: boolean;
  state: ProductState;
  /** grams */
  weight: number | null;
  /** cm */
  length: number | null;
  width: number | null;
  height: number | null;
  score: number;
  price: number;
  minPrice: number;
  maxPrice: number;
  discount: number | null;
  variationCount: number;
  min: number;
  max: number;
  steps: number;
  sales: number;
  Categories: Category[];
  ProductImages: ProductImage[];
  Offers: Offer[];
  /** Visible (non-hidden) variations only; empty for simple products. */
  Variations: Variation[];
  VariableId: number | null;
  Variable: Variable | null;
  createdAt: string;
  updatedAt: string;
  /** Set when this row is itself a variation (GET api/product/{id} or sku of a variation). */
  parentId?: number | null;
}

/** List items carry the same shape; Variations may be omitted ([]) in lists for size. */
export type ProductListItem = Omit<Product, 'Variations' | 'description'> & { Variations?: Variation[] };

export type ProductSort = 'name' | 'newest' | 'bestSellers' | 'popular';

export interface Config {
  minOrderPrice: number;
  minLocalPrice: number;
  maintaince: boolean;
}

/** What staff read and change (GET/PATCH api/staff/config): the public config and the order deadlines (issue 24 §1). */
export interface StaffConfig extends Config {
  /** days a budget can be accepted (lib/orders/deadlines) */
  budgetValidDays: number;
  /** days an accepted order has to send its proof of transfer */
  paymentDueDays: number;
}

export interface Tag {
  id: number;
  name: string;
  url: string;
}

export interface CarouselImage {
  id: number;
  /** image URL */
  name: string;
  alt: string;
  url: string | null;
  order: number;
}

/**
 * GET api/products/lookup?ids=1,2,3 — current price and state of cart lines (products or variations).
 * Hidden items are returned as `{ id, state: 'hidden' }` only (their name and price are not public);
 * unknown ids are omitted.
 */
export type CartLookupItem = CartLookupVisible | CartLookupHidden;

interface CartLookupHidden {
  id: number;
  state: 'hidden';
}

export interface CartLookupVisible {
  id: number;
  /** the variable parent product when this is a variation */
  parentId: number | null;
  name: string;
  parentName: string | null;
  price: number;
  discount: number | null;
  /** effective state: a noStock parent makes its variations noStock (a hidden parent hides them) */
  state: Exclude<ProductState, 'hidden'>;
  min: number;
  max: number;
  steps: number;
  /** the parent's tiers for a variation */
  Offers: Offer[];
  /** first image URL (of the parent for a variation), or null */
  image: string | null;
}
