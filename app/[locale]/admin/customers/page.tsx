import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CustomersList } from '@/components/admin/customers/CustomersList';
import { customersApiPath, customersHref, parseCustomerFilters } from '@/lib/admin/customer-filters';
import { staffGet } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';
import type { CustomerList } from '@/lib/contracts/staff-customers';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: 'adminSettings.meta' });
  return { title: t('customers'), robots: { index: false, follow: false } };
}

/** /admin/customers — users:read (the API refuses other roles; the guard sends them home). */
export default async function AdminCustomersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const filters = parseCustomerFilters(await searchParams);
  const list = requireStaffData(await staffGet<CustomerList>(customersApiPath(filters)), locale as Locale, customersHref(filters));
  return <CustomersList filters={filters} list={list} />;
}
