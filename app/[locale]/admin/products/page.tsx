import { ProductsList } from '@/components/admin/products/ProductsList';
import { loadProductList, loadWaitingCounts, parseProductFilters, productsHref } from '@/lib/admin/products';
import { staffRequest } from '@/components/admin/ui/staff-request';
import type { PageProps } from '@/components/layout/page-props';

/** /admin/products — staff product list (filters are URL query params; the API checks products:write). */
export default async function AdminProductsPage({ params, searchParams }: PageProps) {
  const { need } = await staffRequest(params);
  const filters = parseProductFilters(await searchParams);
  const list = need(await loadProductList(filters), productsHref(filters));
  const waiting = await loadWaitingCounts(list.items.map((p) => p.id));
  return <ProductsList filters={filters} list={list} waiting={waiting} />;
}
