/**
 * Catalogue reads. Each request runs a small, fixed number of indexed queries (no N+1): the ids of a page
 * (from the memoized ordered id list of that filter+sort, or a LIMIT/OFFSET query plus a count), then ONE
 * call to the SQL function catalogue_cards (migration 0003) that returns those rows with categories, images,
 * offers, variable and variation aggregates as JSON. Money leaves here converted to pesos.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CartLookupItem, ProductPage, Product, ProductListItem, ProductSort, ProductState } from '../../lib/contracts/catalogue';
import type { Db } from '../db/client';
import { categories, productCategories, products } from '../db/schema';
import { centsToPesos } from '../lib/money';
import { effectiveState, loadListItems, rowsOf, toListItem, toOffer, toVariation, type CardRow, type OfferJson } from './catalogue-cards';
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
