import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CustomersList } from '@/components/admin/customers/CustomersList';
import { customersApiPath, customersHref, parseCustomerFilters } from '@/lib/admin/customer-filters';
import { staffRead } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';
import { customerListSchema } from '@/lib/contracts/staff-customers';
import { staffPageMetadata } from '@/components/admin/ui/metadata';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = ({ params }: Pick<Props, 'params'>) => staffPageMetadata(params, 'adminSettings.meta', 'customers');

/** /admin/customers — users:read (the API refuses other roles; the guard sends them home). */
export default async function AdminCustomersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const filters = parseCustomerFilters(await searchParams);
  const list = requireStaffData(await staffRead(customerListSchema, customersApiPath(filters)), locale as Locale, customersHref(filters));
  return <CustomersList filters={filters} list={list} />;
}
