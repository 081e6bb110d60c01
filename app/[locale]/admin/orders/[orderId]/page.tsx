import { notFound } from 'next/navigation';
import { AdminOrder } from '@/components/admin/AdminOrder';
import { ADMIN_ORDER_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { parseOrderId } from '@/components/orders/order-data';
import { staffGet } from '@/lib/admin/data';
import type { OrderNote, StaffTeam } from '@/lib/contracts/staff-team';
import type { OrderDetail } from '@/lib/orders/types';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string; orderId: string }> };

/** /admin/orders/{id} — one order for staff: data, state buttons, budget, remit, bill, chat, notes and assignee. */
export default async function AdminOrderPage({ params }: Props) {
  const { orderId, need } = await staffRequest(params);
  const id = parseOrderId(orderId);
  if (id === null) notFound();
  const next = `/admin/orders/${id}`;
  const [orderLoad, notesLoad, teamLoad] = await Promise.all([
    staffGet<OrderDetail>(staffApiPaths.order(id)),
    staffGet<OrderNote[]>(staffApiPaths.orderNotes(id)),
    staffGet<StaffTeam>(staffApiPaths.team),
  ]);
  const order = need(orderLoad, next);
  const notes = need(notesLoad, next);
  const team = need(teamLoad, next);
  return (
    <ScopedMessages paths={ADMIN_ORDER_CLIENT_MESSAGE_PATHS}>
      <AdminOrder order={order} team={{ notes, members: team.members, viewerId: team.me }} />
    </ScopedMessages>
  );
}
