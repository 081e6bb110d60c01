import type { ProductListItem } from '@/lib/contracts/catalogue';
import { imageSrc } from '@/components/ui/image-src';

/** The path segment products without any category live under: /products/{slug}. */
export const UNCATEGORISED_SEGMENT = 'products';

/** Slug of the product's first category, or null. */
export function firstCategorySlug(product: Pick<ProductListItem, 'Categories'>): string | null {
  const slug = product.Categories?.find((c) => c && typeof c.slug === 'string' && c.slug)?.slug;
  return slug ?? null;
}

/** Canonical (Spanish, unprefixed) path of a product page: /{firstCategorySlug}/{productSlug}. */
export function productPath(product: Pick<ProductListItem, 'Categories' | 'slug'>): string {
  return `/${firstCategorySlug(product) ?? UNCATEGORISED_SEGMENT}/${product.slug}`;
}

/** Image `name` → src (same-origin /uploads path): the shell's helper, re-exported for catalogue code. */
export { imageSrc };

/** First image src of a product, or null. */
export function firstImageSrc(product: Pick<ProductListItem, 'ProductImages'>): string | null {
  for (const img of product.ProductImages ?? []) {
    const src = imageSrc(img?.name);
    if (src) return src;
  }
  return null;
}
