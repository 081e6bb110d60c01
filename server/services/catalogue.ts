/**
 * Catalogue reads. Each request runs a small, fixed number of indexed queries (no N+1): the ids of a page
 * (from the memoized ordered id list of that filter+sort, or a LIMIT/OFFSET query plus a count), then ONE
 * call to the SQL function catalogue_cards (migration 0003) that returns those rows with categories, images,
 * offers, variable and variation aggregates as JSON. Money leaves here converted to pesos.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  CarouselImage,
  CartLookupItem,
  Category,
  Config,
  Offer,
  ProductPage,
  Product,
  ProductListItem,
  ProductSort,
  ProductState,
  Tag,
  Variation,
} from '../../lib/contracts/catalogue';
import type { SaleTerms } from '../../lib/catalogue/sale-terms';
import type { Db } from '../db/client';
import {
  carouselImages,
  categories,
  config,
  productCategories,
  products,
  tags,
} from '../db/schema';
import { centsToPesos } from '../lib/money';
import { searchCall, type SearchPlan } from './search';

/* --------------------------------------------------------------- predicates */

// Written exactly like the partial indexes' predicate (schema.ts) so the planner can use them.
const visibleTopLevel = sql`${products.parentId} is null and ${products.isVisible} and ${products.state} <> 'hidden'`;

/**
 * Relations of a variation (categories, images, offers) are its parent's. Correlated sub-selects name the
 * outer table literally: drizzle leaves columns unqualified in single-table selects, and an unqualified
 * "id" inside a sub-select would bind to the inner table.
 */
const ownerId = sql.raw('coalesce(products.parent_id, products.id)');

function orderFor(sort: ProductSort): SQL {
  switch (sort) {
    case 'newest':
      return sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
    case 'bestSellers':
      return sql`${products.sales} desc nulls last, ${products.id}`;
    case 'popular':
      return sql`${products.score} desc nulls last, ${products.id}`;
    case 'name':
    default:
      return sql`${products.searchName} collate "C", ${products.id}`;
  }
}

/* ------------------------------------------------------------ row loading */

type CategoryJson = { id: number; name: string; slug: string; description: string | null; image: string | null };
type ImageJson = { id: number; url: string };
type OfferJson = { id: number; name: string; units: number; price: number; isVip: boolean; isStrict: boolean };
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
type CardRow = {
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
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
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
function effectiveState(own: ProductState, parent: ProductState | null): ProductState {
  if (own === 'hidden' || parent === 'hidden') return 'hidden';
  if (parent === 'noStock') return 'noStock';
  return own;
}

function toOffer(o: OfferJson): Offer {
  return { ...o, price: o.price / 100 };
}

function toListItem(r: CardRow): ProductListItem {
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

function toVariation(v: VariationJson, parentState: ProductState): Variation {
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
async function loadListItems(db: Db, ids: number[]): Promise<ProductListItem[]> {
  const rows = await loadCards(db, ids, false);
  const byId = new Map(rows.map((r) => [r.id, toListItem(r)]));
  return ids.map((id) => byId.get(id)).filter((p): p is ProductListItem => p !== undefined);
}

/* ------------------------------------------------------------------ public */

/**
 * Optional memo (the catalogue cache): the full ordered id list of a filter+sort, so any page of it is a
 * slice and its total the list's length. Invalidated together with the cached responses.
 */
export type CatalogueMemo = {
  readonly enabled: boolean;
  readonly version: number;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, version?: number): void;
};

export type ProductListParams = {
  rows: number;
  page: number;
  /** comma-separated category slugs */
  categories?: string;
  sort?: ProductSort;
  /** a search (services/search.ts); null: the query had nothing to search, so nothing matches */
  search?: SearchPlan | null;
};

export async function listProducts(db: Db, params: ProductListParams, memo?: CatalogueMemo): Promise<Omit<ProductPage, 'didYouMean'>> {
  const { rows, page } = params;
  if (params.search === null) return { items: [], total: 0, totalPages: 0, page, rows };

  const slugs = [
    ...new Set(
      (params.categories ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
    .sort()
    .slice(0, 20);
  const inCategories = slugs.length
    ? inArray(
        products.id,
        db
          .select({ id: productCategories.productId })
          .from(productCategories)
          .innerJoin(categories, eq(categories.id, productCategories.categoryId))
          .where(inArray(categories.slug, slugs)),
      )
    : undefined;
  const offset = (page - 1) * rows;

  // A search: the matches of search_products (best first) joined back to products for the category
  // filter and an explicit sort; without an explicit sort, relevance (the dropdown's order).
  const search = params.search;
  const order = search && !params.sort ? sql`s.ord` : orderFor(params.sort ?? 'name');
  const where = inCategories ?? sql`true`;
  const searchIds = (plan: SearchPlan) =>
    rowsOf<{ id: number }>(db, sql`select products.id from ${searchCall(plan)} s join products on products.id = s.id where ${where} order by ${order}`).then(
      (r) => r.map((x) => x.id),
    );
  const listWhere = and(visibleTopLevel, inCategories);

  let pageIds: number[];
  let total: number;
  if (memo?.enabled) {
    const key = `ids:${JSON.stringify([params.sort ?? null, search ?? null, slugs])}`;
    const version = memo.version;
    let ids = memo.get<number[]>(key);
    if (!ids) {
      ids = search
        ? await searchIds(search)
        : (await db.select({ id: products.id }).from(products).where(listWhere).orderBy(order)).map((r) => r.id);
      memo.set(key, ids, version);
    }
    total = ids.length;
    pageIds = ids.slice(offset, offset + rows);
  } else if (search) {
    // one call: the page and the total (a window count) — the search is the expensive part
    const page = await rowsOf<{ id: number; total: number }>(
      db,
      sql`select products.id, (count(*) over ())::int as total from ${searchCall(search)} s join products on products.id = s.id
        where ${where} order by ${order} limit ${rows} offset ${offset}`,
    );
    pageIds = page.map((r) => r.id);
    total = page[0]?.total ?? 0;
    if (!page.length && offset > 0) {
      const [n] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${searchCall(search)} s join products on products.id = s.id where ${where}`);
      total = n?.n ?? 0;
    }
  } else {
    const [pageRows, countRows] = await Promise.all([
      db.select({ id: products.id }).from(products).where(listWhere).orderBy(order).limit(rows).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(products).where(listWhere),
    ]);
    pageIds = pageRows.map((r) => r.id);
    total = countRows[0]?.n ?? 0;
  }
  const items = await loadListItems(db, pageIds);
  return { items, total, totalPages: Math.ceil(total / rows), page, rows };
}

/** The first `limit` matches of a search, in the same order as the catalogue's first page. */
export async function searchProducts(db: Db, plan: SearchPlan | null, limit = 10): Promise<ProductListItem[]> {
  if (!plan) return [];
  const rows = await rowsOf<{ id: number }>(db, sql`select s.id from ${searchCall(plan)} s order by s.ord limit ${limit}`);
  return loadListItems(
    db,
    rows.map((r) => r.id),
  );
}

export type ProductKey = { id: number } | { slug: string } | { sku: string };

/** A visible product (or visible variation of a visible parent) with its visible Variations; null if none. */
export async function getProduct(db: Db, key: ProductKey): Promise<Product | null> {
  const match = 'id' in key ? sql`p.id = ${key.id}` : 'slug' in key ? sql`p.slug = ${key.slug}` : sql`p.sku = ${key.sku}`;
  // One round trip: resolve the key (with the visibility rules) inside the call.
  const [r] = await rowsOf<CardRow>(
    db,
    sql`select * from catalogue_cards(array(
      select p.id from products p
      where ${match} and p.is_visible and p.state <> 'hidden'
        and (p.parent_id is null or exists (
          select 1 from products pp where pp.id = p.parent_id and pp.is_visible and pp.state <> 'hidden'))
      limit 1), true)`,
  );
  if (!r) return null;
  const item = toListItem(r);
  return {
    ...item,
    description: r.description ?? '',
    Variations: (r.variations ?? []).map((v) => toVariation(v, item.state)),
  };
}

const parentRow = alias(products, 'parent');

const offersJson = sql<OfferJson[]>`(select coalesce(json_agg(json_build_object(
    'id', o.id, 'name', o.name, 'units', o.units, 'price', o.price_cents, 'isVip', o.is_vip, 'isStrict', o.is_strict)
    order by o.units, o.id), '[]'::json)
  from offers o where o.product_id = ${ownerId})`;

/** Current price/state of cart lines; hidden ones are flagged, unknown ids omitted. Keeps the request order. */
export async function lookupProducts(db: Db, ids: number[]): Promise<CartLookupItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: products.id,
      parentId: products.parentId,
      name: products.name,
      parentName: parentRow.name,
      priceCents: products.priceCents,
      discountCents: products.discountCents,
      state: products.state,
      isVisible: products.isVisible,
      parentState: parentRow.state,
      parentVisible: parentRow.isVisible,
      min: products.min,
      max: products.max,
      steps: products.steps,
      offers: offersJson,
      image: sql<string | null>`(select i.url from product_images i where i.product_id = ${ownerId}
        order by i.position, i.id limit 1)`,
    })
    .from(products)
    .leftJoin(parentRow, eq(parentRow.id, products.parentId))
    .where(inArray(products.id, ids));
  const byId = new Map<number, CartLookupItem>(
    rows.map((r): readonly [number, CartLookupItem] => {
      const own: ProductState = r.isVisible ? r.state : 'hidden';
      const parent: ProductState | null = r.parentId == null ? null : r.parentVisible ? r.parentState : 'hidden';
      const state = effectiveState(own, parent);
      // built field by field from the row, so a hidden product cannot carry its name or price out
      if (state === 'hidden') return [r.id, { id: r.id, state }] as const;
      const item: CartLookupItem = {
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        parentName: r.parentName,
        price: r.priceCents / 100,
        discount: centsToPesos(r.discountCents),
        state,
        min: r.min,
        max: r.max,
        steps: r.steps,
        Offers: r.offers.map(toOffer),
        image: r.image,
      };
      return [r.id, item] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((x): x is CartLookupItem => x !== undefined);
}

/** What the storefront and the back office show of every category. */
export const categoryCols = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
};

/** How many top-level products of the category the storefront shows (in a select from categories). */
export const visibleProductCount = () => sql<number>`(select count(*)::int from product_categories pc join products p on p.id = pc.product_id
        where pc.category_id = categories.id and p.parent_id is null and p.is_visible and p.state <> 'hidden')`;

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({ ...categoryCols, productCount: visibleProductCount() })
    .from(categories)
    .orderBy(categories.order, categories.id);
  return rows;
}

export async function listCarousel(db: Db): Promise<CarouselImage[]> {
  const rows = await db.select().from(carouselImages).orderBy(carouselImages.position, carouselImages.id);
  return rows.map((r) => ({ id: r.id, name: r.url, alt: r.alt, url: r.link, order: r.position }));
}

export async function listTags(db: Db): Promise<Tag[]> {
  const rows = await db.select().from(tags).orderBy(tags.position, tags.id);
  return rows.map((r) => ({ id: r.id, name: r.name, url: r.url }));
}

/** Defaults of spec §5/§9 apply when the row is missing (e.g. a database seeded without config). */
export async function getConfig(db: Db): Promise<Config> {
  const [row] = await db.select().from(config).where(eq(config.id, 1)).limit(1);
  return {
    minOrderPrice: (row?.minOrderPriceCents ?? 10_000_000) / 100,
    minLocalPrice: (row?.minLocalPriceCents ?? 5_000_000) / 100,
    maintaince: row?.maintaince ?? false,
  };
}
