/**
 * The rows of the SQL function catalogue_cards (migration 0003) and how they become the API's list items and
 * variations: money to pesos, a parent's hidden or noStock state passed on to its variations.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Offer, ProductListItem, ProductState, Variation } from '../../lib/contracts/catalogue';
import type { SaleTerms } from '../../lib/catalogue/sale-terms';
import type { Db } from '../db/client';
import { centsToPesos } from '../lib/money';

type CategoryJson = { id: number; name: string; slug: string; description: string | null; image: string | null };
type ImageJson = { id: number; url: string };
export type OfferJson = { id: number; name: string; units: number; price: number; isVip: boolean; isStrict: boolean };
type VarAggJson = { min: number | null; max: number | null; count: number };
type VariationJson = SaleTerms & {
  id: number;
  name: string;
  slug: string;
  sku: string;
  variableId: number | null;
  variableName: string | null;
};

/** A row of catalogue_cards(ids, detail) — keep in sync with server/db/migrations/0003_catalogue_cards_fn.sql. */
export type CardRow = {
  id: number;
  sku: string;
  name: string;
  slug: string;
  brand: string;
  is_outstanding: boolean;
  is_visible: boolean;
  is_available: boolean;
  is_variable: boolean;
  is_variation: boolean;
  is_vip: boolean;
  is_catalogable: boolean;
  state: ProductState;
  parent_id: number | null;
  parent_state: ProductState | null;
  variable_id: number | null;
  variable_name: string | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  score: number;
  sales: number;
  price_cents: number;
  discount_cents: number | null;
  min: number;
  max: number;
  steps: number;
  created_at: string;
  updated_at: string;
  categories: CategoryJson[];
  images: ImageJson[];
  offers: OfferJson[];
  var_agg: VarAggJson;
  description: string | null;
  variations: VariationJson[] | null;
};

/** Same result shape from node-postgres and PGlite (`rows`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** ids are validated integers; passed as one array literal so the statement text never changes. */
function intArray(ids: number[]): string {
  return `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
}

async function loadCards(db: Db, ids: number[], detail: boolean): Promise<CardRow[]> {
  if (!ids.length) return [];
  return rowsOf<CardRow>(db, sql`select * from catalogue_cards(${intArray(ids)}::int[], ${detail})`);
}

/** A noStock (or hidden) parent passes its state on to its variations. */
export function effectiveState(own: ProductState, parent: ProductState | null): ProductState {
  if (own === 'hidden' || parent === 'hidden') return 'hidden';
  if (parent === 'noStock') return 'noStock';
  return own;
}

export function toOffer(o: OfferJson): Offer {
  return { ...o, price: o.price / 100 };
}

export function toListItem(r: CardRow): ProductListItem {
  const own = r.discount_cents ?? r.price_cents;
  const hasVariations = r.var_agg.count > 0;
  return {
    id: r.id,
    SKU: r.sku,
    sku: r.sku,
    name: r.name,
    slug: r.slug,
    brand: r.brand,
    isOutstanding: r.is_outstanding,
    isVisible: r.is_visible,
    isAvailable: r.is_available,
    isVariable: r.is_variable,
    isVariation: r.is_variation,
    isVip: r.is_vip,
    isCatalogable: r.is_catalogable,
    state: effectiveState(r.state, r.parent_state),
    weight: r.weight,
    length: r.length,
    width: r.width,
    height: r.height,
    score: r.score,
    price: r.price_cents / 100,
    minPrice: (hasVariations ? r.var_agg.min! : own) / 100,
    maxPrice: (hasVariations ? r.var_agg.max! : own) / 100,
    discount: centsToPesos(r.discount_cents),
    variationCount: r.var_agg.count,
    min: r.min,
    max: r.max,
    steps: r.steps,
    sales: r.sales,
    Categories: r.categories,
    ProductImages: r.images.map((i) => ({ id: i.id, name: i.url })),
    Offers: r.offers.map(toOffer),
    VariableId: r.variable_id,
    Variable: r.variable_id != null && r.variable_name != null ? { id: r.variable_id, name: r.variable_name } : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    parentId: r.parent_id,
  };
}

export function toVariation(v: VariationJson, parentState: ProductState): Variation {
  return {
    id: v.id,
    name: v.name,
    slug: v.slug,
    SKU: v.sku,
    price: v.price / 100,
    discount: v.discount == null ? null : v.discount / 100,
    regularPrice: v.price / 100,
    state: effectiveState(v.state, parentState),
    min: v.min,
    max: v.max,
    steps: v.steps,
    VariableId: v.variableId,
    Variable: v.variableId != null && v.variableName != null ? { id: v.variableId, name: v.variableName } : null,
  };
}

/** List items for `ids`, in that order. */
export async function loadListItems(db: Db, ids: number[]): Promise<ProductListItem[]> {
  const rows = await loadCards(db, ids, false);
  const byId = new Map(rows.map((r) => [r.id, toListItem(r)]));
  return ids.map((id) => byId.get(id)).filter((p): p is ProductListItem => p !== undefined);
}
