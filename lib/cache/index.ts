/**
 * Every cache lifetime and cache tag of the storefront, in one place ("cached browse, live commerce").
 *
 * Dependency-free on purpose: the storefront (fetch tags, route segment `revalidate`) and the shop API
 * (server/, which calls POST /api/revalidate with the tags to drop) both import this file, so the two
 * sides can never disagree on a tag name.
 *
 * How it fits together:
 * - Server components fetch through `apiGet(path, { tags, revalidate })`; Next's data cache keeps each
 *   response under its URL (so per slug / query / page / sort) with these tags.
 * - Product detail pages are on-demand ISR: rendered at first request, cached per (locale, slug),
 *   re-rendered when one of their tags is revalidated, with `SECONDS.product` as the safety net.
 * - Catalogue and category pages asked with a query string (sort, page, rows, search) read
 *   `searchParams`, so they render per request over the cached, tagged API responses. Without a query
 *   string (most visits: menus, crawlers, shared links) proxy.ts sends them to an ISR twin
 *   (app/[locale]/catalogue-default), cached per (locale, slug) like product pages.
 * - When something changes, the API POSTs `{ tags }` to `REVALIDATE_PATH` with the secret header, and
 *   the change shows on the next request (seconds), not after the lifetime.
 */

/** Cache lifetimes in seconds (safety net; tag revalidation is what normally refreshes data). */
export const SECONDS = {
  /** Product detail (api/product/slug/{slug}, api/product/{id}). */
  product: 300,
  /** Product lists: catalogue, category pages, search results, home rows. */
  products: 300,
  /** Category names (api/category/names). */
  categories: 3600,
  /** Shop configuration (minimums, maintenance flag). */
  config: 60,
  /** Footer search tags. */
  tags: 3600,
  /** Home carousel images. */
  carousel: 3600,
} as const;

/**
 * Page files must export `revalidate` as a literal number (Next reads it statically), so they write
 * `export const revalidate = 300` and lib/cache/index.test.ts checks that the literal equals SECONDS.
 */

/** Tags longer than this are ignored by Next (never attached, so revalidating them does nothing). */
export const MAX_TAG_LENGTH = 256;

function bounded(tag: string): string {
  return tag.length > MAX_TAG_LENGTH ? tag.slice(0, MAX_TAG_LENGTH) : tag;
}

/**
 * Tag names. Static tags are plain strings; per-entity tags are functions.
 *
 * | tag                 | attached to                                         | the API revalidates it when…                     |
 * |---------------------|-----------------------------------------------------|--------------------------------------------------|
 * | `products`          | every product LIST (catalogue, categories, search, home) | any product is created/changed/deleted       |
 * | `product-details`   | every product DETAIL fetch                          | bulk changes (price update of many, import)      |
 * | `product:<slug>`    | the detail fetch of that slug                       | that product changes (old AND new slug on rename) |
 * | `product-id:<id>`   | fetches of the product by id (api/product/{id}, lookups) | that product changes                        |
 * | `category:<slug>`   | the product list of that category                   | products of that category change                 |
 * | `categories`        | the category names list (and category page headers) | a category is created/renamed/deleted            |
 * | `config`            | api/config                                          | configuration changes                            |
 * | `tags`              | api/tags                                            | footer tags change                               |
 * | `carousel`          | api/carouselImages                                  | carousel images change                           |
 */
export const tags = {
  products: 'products',
  productDetails: 'product-details',
  categories: 'categories',
  config: 'config',
  tags: 'tags',
  carousel: 'carousel',
  product: (slug: string): string => bounded(`product:${slug}`),
  productId: (id: number | string): string => bounded(`product-id:${id}`),
  category: (slug: string): string => bounded(`category:${slug}`),
} as const;

/**
 * The tags to revalidate after a product changed (for the API): its detail by slug (every slug it had)
 * and by id, every list, and the lists of its categories.
 */
export function productChangeTags(product: {
  id: number | string;
  slugs: readonly string[];
  categorySlugs?: readonly string[];
}): string[] {
  const out = new Set<string>([tags.products, tags.productId(product.id)]);
  for (const slug of product.slugs) if (slug) out.add(tags.product(slug));
  for (const slug of product.categorySlugs ?? []) if (slug) out.add(tags.category(slug));
  return [...out];
}

/** On-demand revalidation endpoint of the storefront (POST, JSON body `{ tags: string[] }`). */
export const REVALIDATE_PATH = '/api/revalidate';
/** Header carrying the shared secret (env REVALIDATE_SECRET on both sides). */
export const REVALIDATE_SECRET_HEADER = 'x-revalidate-secret';
/** Most tags accepted in one revalidation request. */
export const MAX_TAGS_PER_REQUEST = 100;
