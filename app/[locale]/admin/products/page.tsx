import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ProductsList } from '@/components/admin/products/ProductsList';
import { requireStaffData } from '@/lib/admin/guard';
import { loadProductList, loadWaitingCounts, parseProductFilters, productsHref } from '@/lib/admin/products';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** /admin/products — staff product list (filters are URL query params; the API checks products:write). */
export default async function AdminProductsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const filters = parseProductFilters(await searchParams);
  const list = requireStaffData(await loadProductList(filters), locale as Locale, productsHref(filters));
  const waiting = await loadWaitingCounts(list.items.map((p) => p.id));
  return <ProductsList filters={filters} list={list} waiting={waiting} />;
}
