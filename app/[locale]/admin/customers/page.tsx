import { CustomersList } from '@/components/admin/customers/CustomersList';
import { customersApiPath, customersHref, parseCustomerFilters } from '@/lib/admin/customer-filters';
import { staffRead } from '@/lib/admin/data';
import { customerListSchema } from '@/lib/contracts/staff-customers';
import { staffPageMetadata } from '@/components/admin/ui/metadata';
import { staffRequest } from '@/components/admin/ui/staff-request';
import type { PageProps } from '@/components/layout/page-props';

export const generateMetadata = ({ params }: Pick<PageProps, 'params'>) => staffPageMetadata(params, 'adminSettings.meta', 'customers');

/** /admin/customers — users:read (the API refuses other roles; the guard sends them home). */
export default async function AdminCustomersPage({ params, searchParams }: PageProps) {
  const { need } = await staffRequest(params);
  const filters = parseCustomerFilters(await searchParams);
  const list = need(await staffRead(customerListSchema, customersApiPath(filters)), customersHref(filters));
  return <CustomersList filters={filters} list={list} />;
}
