import { OrdersBoard } from '@/components/admin/OrdersBoard';
import { ADMIN_BOARD_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { staffGet } from '@/lib/admin/data';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { boardApiPath, boardHref, parseBoardFilters } from '@/lib/admin/filters';
import type { StaffTeam } from '@/lib/contracts/staff-team';
import type { StaffOrderList } from '@/lib/orders/types';
import { staffRequest } from '@/components/admin/ui/staff-request';
import type { PageProps } from '@/components/layout/page-props';

/** /admin — the staff orders board (filters are URL query params; the API checks the role). */
export default async function AdminOrdersPage({ params, searchParams }: PageProps) {
  const { need } = await staffRequest(params);
  const filters = parseBoardFilters(await searchParams);
  const [listLoad, teamLoad] = await Promise.all([staffGet<StaffOrderList>(boardApiPath(filters)), staffGet<StaffTeam>(staffApiPaths.team)]);
  const list = need(listLoad, boardHref(filters));
  const team = need(teamLoad, boardHref(filters));
  return (
    <ScopedMessages paths={ADMIN_BOARD_CLIENT_MESSAGE_PATHS}>
      <OrdersBoard filters={filters} list={list} members={team.members} />
    </ScopedMessages>
  );
}
