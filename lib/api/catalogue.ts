import 'server-only';
import { z } from 'zod';
import { ApiError, apiRead } from './server';
import { categorySchema, productPageSchema, productSchema, type Category, type Product, type ProductPage, type ProductSort } from '@/lib/contracts/catalogue';
import { SECONDS, tags } from '@/lib/cache';

/**
 * Typed, cached readers of the catalogue (spec §7 "Catalogue"). Every call goes through `apiGet`
 * with the tags and lifetime of lib/cache, so the API can invalidate exactly what changed.
 */

export interface ProductListParams {
  rows?: number;
  page?: number;
  /** Category slug (sent as `Categories=`). */
  category?: string;
  sort?: ProductSort;
  query?: string;
}

/** The query string of api/products for the given parameters (stable order, so one cache entry per list). */
export function productListQuery(params: ProductListParams): string {
  const q = new URLSearchParams();
  q.set('rows', String(params.rows ?? 12));
  q.set('page', String(params.page ?? 1));
  if (params.category) q.set('Categories', params.category);
  if (params.sort) q.set('sort', params.sort);
  const query = params.query?.trim();
  if (query) q.set('query', query);
  return q.toString();
}

/** A page of products (catalogue, category, search results). */
export function getProducts(params: ProductListParams = {}): Promise<ProductPage> {
  const listTags: string[] = [tags.products];
  if (params.category) listTags.push(tags.category(params.category));
  return apiRead(productPageSchema, `api/products?${productListQuery(params)}`, {
    tags: listTags,
    revalidate: SECONDS.products,
  });
}

/**
 * One product by slug, with Categories, ProductImages, Offers and visible Variations.
 * Resolves to null when the API answers 404; throws ApiError on any other failure.
 */
export async function getProductBySlug(slug: string): Promise<Product | null> {
  try {
    return await apiRead(productSchema, `api/product/slug/${encodeURIComponent(slug)}`, {
      tags: [tags.product(slug), tags.productDetails],
      revalidate: SECONDS.product,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** One product by id; null on 404. */
export async function getProductById(id: number): Promise<Product | null> {
  try {
    return await apiRead(productSchema, `api/product/${encodeURIComponent(String(id))}`, {
      tags: [tags.productId(id), tags.productDetails],
      revalidate: SECONDS.product,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** All categories (api/category/names). */
export async function getCategories(opts: { timeoutMs?: number } = {}): Promise<Category[]> {
  return apiRead(z.array(categorySchema), 'api/category/names', {
    tags: [tags.categories],
    revalidate: SECONDS.categories,
    timeoutMs: opts.timeoutMs,
  });
}

/**
 * A category by slug, or null when no category has that slug. Throws when the list cannot be loaded
 * (so an API outage is an error page, never a 404 that search engines would drop).
 */
export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  const all = await getCategories();
  return all.find((c) => c.slug === slug) ?? null;
}
