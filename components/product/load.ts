import 'server-only';
import { cache } from 'react';
import { getProductBySlug } from '@/lib/api/catalogue';
import type { Product } from '@/lib/contracts/catalogue';
import { rethrowOutage } from '@/lib/api/errors';

export type ProductLoad =
  | { status: 'ok'; product: Product }
  | { status: 'missing' }
  | { status: 'failed'; error: unknown };

/** Pause before the one retry of a failed load (a blip of the API must not cost a product page). */
const RETRY_DELAY_MS = 250;

async function once(slug: string): Promise<ProductLoad> {
  try {
    const product = await getProductBySlug(slug);
    if (!product || typeof product !== 'object' || typeof product.slug !== 'string') return { status: 'missing' };
    return { status: 'ok', product };
  } catch (error) {
    rethrowOutage(error); // API down or hung: 503, never a cached redirect to /
    return { status: 'failed', error };
  }
}

/**
 * The product of a page, loaded once per request (metadata and page share it): found, missing
 * (API 404), or failed (network / 5xx / malformed answer, after one retry). Never throws.
 *
 * The page redirects to / on `failed` as the spec asks; since that redirect is cached like the page
 * (until the next revalidation, ≤ 60 s with the shell's config fetch), one retry first absorbs blips.
 */
export const loadProduct = cache(async (slug: string): Promise<ProductLoad> => {
  const first = await once(slug);
  if (first.status !== 'failed') return first;
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  return once(slug);
});
