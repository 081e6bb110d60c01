import type { Metadata } from 'next';
import { productRouteMetadata, renderProductRoute } from '@/components/product/product-route';

/**
 * /{categorySlug}/{productSlug} — on-demand ISR: nothing is prerendered at build (no API needed), each
 * (locale, product) is rendered at its first request and cached; the API revalidates the tags
 * `product:<slug>` / `product-details` (lib/cache) when the product changes. 300 s = SECONDS.product.
 */
export const revalidate = 300;

export function generateStaticParams(): { categorySlug: string; productSlug: string }[] {
  return [];
}

type Params = { locale: string; categorySlug: string; productSlug: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return productRouteMetadata(await params);
}

export default async function Page({ params }: { params: Promise<Params> }) {
  return renderProductRoute(await params);
}
