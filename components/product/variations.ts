import type { Offer, Product, ProductState } from '@/lib/contracts/catalogue';
import type { CartItem } from '@/lib/cart/types';
import type { PriceShownKey, SaleTerms } from '@/lib/catalogue/sale-terms';

/**
 * One quantity row of the buy box: a visible variation, or the simple product itself. Its state is the
 * effective one (a noStock parent makes every row noStock).
 */
export interface BuyRow extends SaleTerms {
  id: number;
  name: string;
}

/** The parent product as the buy box needs it (once, not per row). */
export interface BuyParent {
  id: number;
  name: string;
  /** Canonical path of the product page. */
  path: string;
  image: string | null;
  state: ProductState;
  offers: Offer[];
  isVariable: boolean;
}

export interface BuyBox {
  parent: BuyParent;
  rows: BuyRow[];
  /** Attribute name for the heading (first variation's Variable.name), or null. */
  attribute: string | null;
  /** Per-row prices only when the product's min and max prices differ. */
  showRowPrice: boolean;
}

function limit(own: number | null | undefined, parent: number | null | undefined): number {
  return typeof own === 'number' && own > 0 ? own : typeof parent === 'number' && parent > 0 ? parent : 0;
}

/**
 * The rows of the buy box (spec §2 / §4 "Item state"): variable products list their non-hidden
 * variations (the API already omits hidden ones; they are dropped here too), simple products one row.
 * A noStock parent turns every row noStock. Row limits fall back to the parent's when absent/0.
 */
export function buildBuyBox(
  product: Pick<Product, 'id' | 'name' | 'isVariable' | keyof SaleTerms | PriceShownKey | 'Offers' | 'Variations' | 'Variable'>,
  extra: { path: string; image: string | null },
): BuyBox {
  const parentNoStock = product.state === 'noStock';
  const parent: BuyParent = {
    id: product.id,
    name: product.name,
    path: extra.path,
    image: extra.image,
    state: product.state,
    offers: product.Offers ?? [],
    isVariable: product.isVariable,
  };
  if (!product.isVariable) {
    return {
      parent,
      attribute: null,
      showRowPrice: false,
      rows: [
        {
          id: product.id,
          name: product.name,
          price: product.price,
          discount: product.discount,
          state: product.state,
          min: limit(product.min, 0),
          max: limit(product.max, 0),
          steps: limit(product.steps, 0),
        },
      ],
    };
  }
  const variations = (product.Variations ?? []).filter((v) => v && v.state !== 'hidden');
  return {
    parent,
    attribute: variations[0]?.Variable?.name?.trim() || product.Variable?.name?.trim() || null,
    showRowPrice: product.minPrice !== product.maxPrice,
    rows: variations.map((v) => ({
      id: v.id,
      name: v.name,
      price: v.price,
      discount: v.discount,
      state: parentNoStock ? 'noStock' : v.state,
      min: limit(v.min, product.min),
      max: limit(v.max, product.max),
      steps: limit(v.steps, product.steps),
    })),
  };
}

/** Lower-case, accents removed: "Lavánda" and "LAVANDA" both match "lavanda". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('es');
}

/** Rows whose name contains the query (case- and accent-insensitive); an empty query keeps all. */
export function filterRows<T extends { name: string }>(rows: readonly T[], query: string): T[] {
  const q = foldForSearch(query.trim());
  if (!q) return rows.slice();
  return rows.filter((r) => foldForSearch(r.name).includes(q));
}

/** The cart item a row adds (spec §3 "Cart item"): variations carry their parent as father. */
export function rowToItem(parent: BuyParent, row: BuyRow): Omit<CartItem, 'units'> {
  return {
    id: row.id,
    cartName: row.name,
    price: row.price,
    discount: row.discount,
    fatherId: parent.id,
    cartFatherName: parent.name,
    image: parent.image,
    path: parent.path,
    offers: parent.offers,
    state: row.state,
    min: row.min,
    max: row.max,
    steps: row.steps,
  };
}

/** A row can be bought unless it (or its parent) has no stock or is hidden. */
export function isBuyableRow(row: Pick<BuyRow, 'state'>): boolean {
  return row.state !== 'noStock' && row.state !== 'hidden';
}
