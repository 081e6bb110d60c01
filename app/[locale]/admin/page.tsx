import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { OrdersBoard } from '@/components/admin/OrdersBoard';
import { ADMIN_BOARD_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { staffGet } from '@/lib/admin/data';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { boardApiPath, boardHref, parseBoardFilters } from '@/lib/admin/filters';
import { requireStaffData } from '@/lib/admin/guard';
import type { StaffTeam } from '@/lib/contracts/staff-team';
import type { StaffOrderList } from '@/lib/orders/types';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** /admin — the staff orders board (filters are URL query params; the API checks the role). */
export default async function AdminOrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const filters = parseBoardFilters(await searchParams);
  const [listLoad, teamLoad] = await Promise.all([staffGet<StaffOrderList>(boardApiPath(filters)), staffGet<StaffTeam>(staffApiPaths.team)]);
  const list = requireStaffData(listLoad, locale as Locale, boardHref(filters));
  const team = requireStaffData(teamLoad, locale as Locale, boardHref(filters));
  return (
    <ScopedMessages paths={ADMIN_BOARD_CLIENT_MESSAGE_PATHS}>
      <OrdersBoard filters={filters} list={list} members={team.members} />
    </ScopedMessages>
  );
}
