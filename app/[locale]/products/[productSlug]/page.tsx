import type { Metadata } from 'next';
import { productRouteMetadata, renderProductRoute } from '@/components/product/product-route';
import { UNCATEGORISED_SEGMENT } from '@/components/catalogue/paths';

/**
 * /products/{productSlug} — the home of products without a category (the static /products segment
 * shadows /{categorySlug}/… for this prefix). A product that has a category is sent with one 308 to
 * /{firstCategorySlug}/{productSlug}. Same caching as the category product route.
 */
export const revalidate = 300;

export function generateStaticParams(): { productSlug: string }[] {
  return [];
}

type Params = { locale: string; productSlug: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return productRouteMetadata({ ...(await params), categorySlug: UNCATEGORISED_SEGMENT });
}

export default async function Page({ params }: { params: Promise<Params> }) {
  return renderProductRoute({ ...(await params), categorySlug: UNCATEGORISED_SEGMENT });
}
