/**
 * The staff products tools' data: the answers of GET/PATCH api/staff/products are the contract's
 * (lib/contracts/staff-products.ts, re-exported for the islands), the list filters ↔ URL query ↔ API query (pure; bad input dropped), and the server loads
 * (with the visitor's token, never cached). Client islands import only the types from here.
 */
import 'server-only';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffGet, staffRead, type StaffLoad } from './data';
import type { SaleTerms } from '@/lib/catalogue/sale-terms';
import { PRODUCT_STATES, productDetailSchema, productListSchema, type ProductState, type StaffProductDetail, type StaffProductList } from '@/lib/contracts/staff-products';

export { PRODUCT_STATES };
export type { CategoryRef, ProductState, StaffProductDetail, StaffProductImage, StaffProductList, StaffVariation } from '@/lib/contracts/staff-products';

const isProductState = (v: unknown): v is ProductState => typeof v === 'string' && (PRODUCT_STATES as readonly string[]).includes(v);

const PRODUCT_ROWS = 25;

/** PATCH api/staff/products/:id body. */
export interface ProductPatch {
  price?: number;
  discount?: number | null;
  state?: ProductState;
  min?: number;
  max?: number;
  steps?: number;
  offers?: { name: string; units: number; price: number; isVip: boolean; isStrict: boolean }[];
  categoryIds?: number[];
}

/** POST api/staff/products body (server/schemas/staff-products.ts productCreateBody). */
export interface ProductCreate extends SaleTerms {
  name: string;
  description: string;
  offers: { name: string; units: number; price: number; isVip: boolean; isStrict: boolean }[];
  categoryIds: number[];
  variable?: string;
  variations?: { name: string; price: number }[];
}

/* ----------------------------------------------------------------- filters */

export interface ProductFilters {
  q?: string;
  state?: ProductState;
  category?: number;
  page: number;
}

type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export function parseProductFilters(query: Query): ProductFilters {
  const q = first(query.q)?.replace(/\u0000/g, '').trim().slice(0, 100);
  const state = first(query.state);
  const cat = first(query.category);
  const pageRaw = first(query.page);
  return {
    q: q ? q : undefined,
    state: isProductState(state) ? state : undefined,
    category: cat && /^[1-9][0-9]{0,8}$/.test(cat) ? Number(cat) : undefined,
    page: pageRaw && /^\d{1,6}$/.test(pageRaw) ? Math.max(1, Math.min(100_000, Number(pageRaw))) : 1,
  };
}

function queryOf(f: Partial<ProductFilters>): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.state) p.set('state', f.state);
  if (f.category) p.set('category', String(f.category));
  if (f.page && f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The list page's URL for these filters (page 1 is left out). */
export function productsHref(f: Partial<ProductFilters>): string {
  const s = queryOf(f).toString();
  return s ? `/admin/products?${s}` : '/admin/products';
}

function productsApiPath(f: ProductFilters): string {
  const p = queryOf(f);
  p.set('rows', String(PRODUCT_ROWS));
  return staffApiPaths.products(p);
}

/* ------------------------------------------------------------------- loads */

/** GET the list with the visitor's token, parsed with the contract (staffRead: 401/403/404 become load kinds). */
export async function loadProductList(filters: ProductFilters): Promise<StaffLoad<StaffProductList>> {
  return staffRead(productListSchema, productsApiPath(filters));
}

export async function loadProduct(id: number): Promise<StaffLoad<StaffProductDetail>> {
  return staffRead(productDetailSchema, staffApiPaths.product(id));
}

/** Customers waiting for stock (issue 24 §3), per product id: total, the product itself, each variation. */
export type StaffWaitingCounts = Record<string, { total: number; product: number; variations: Record<string, number> }>;

/** The waiting counts of these products; none when the call fails (the page shows without them). */
export async function loadWaitingCounts(ids: readonly number[]): Promise<StaffWaitingCounts> {
  if (!ids.length) return {};
  const load = await staffGet<StaffWaitingCounts>(staffApiPaths.stockAlertCounts(ids)).catch(() => null);
  return load?.kind === 'ok' ? load.data : {};
}
