import 'server-only';
import { getCategories, getProducts } from '@/lib/api/catalogue';
import type { ProductListItem } from '@/lib/contracts/catalogue';
import { buildSitemapEntries, type SitemapEntry } from './sitemap';

/** Page size used to walk the catalogue (the API caps rows at 100). */
const SITEMAP_PAGE_ROWS = 100;
/** Safety cap: 1000 pages × 100 = 100k products. */
const SITEMAP_MAX_PAGES = 1000;

/** Every visible product (all pages of api/products; cached fetches, tag 'products'). */
async function loadAllProducts(): Promise<ProductListItem[]> {
  const first = await getProducts({ rows: SITEMAP_PAGE_ROWS, page: 1, sort: 'newest' });
  const pages = Math.min(Math.max(first.totalPages ?? 1, 1), SITEMAP_MAX_PAGES);
  const rest = [];
  // A few pages at a time: friendly to the API on a cold cache.
  for (let start = 2; start <= pages; start += 4) {
    const batch = [];
    for (let page = start; page < start + 4 && page <= pages; page++) {
      batch.push(getProducts({ rows: SITEMAP_PAGE_ROWS, page, sort: 'newest' }));
    }
    rest.push(...(await Promise.all(batch)));
  }
  return [first, ...rest].flatMap((p) => p.items ?? []);
}

/** The sitemap's entries; throws when the API cannot be read (the route answers 503, never an empty sitemap). */
export async function loadSitemapEntries(): Promise<SitemapEntry[]> {
  const [products, categories] = await Promise.all([loadAllProducts(), getCategories()]);
  return buildSitemapEntries({ products, categories });
}
