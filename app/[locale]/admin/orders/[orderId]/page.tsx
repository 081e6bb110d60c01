import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AdminOrder } from '@/components/admin/AdminOrder';
import { ADMIN_ORDER_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { parseOrderId } from '@/components/orders/order-data';
import { staffGet } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';
import type { OrderNote, StaffTeam } from '@/lib/contracts/staff-team';
import type { OrderDetail } from '@/lib/orders/types';
import { staffApiPaths } from '@/lib/api/staff-paths';

type Props = { params: Promise<{ locale: string; orderId: string }> };

/** /admin/orders/{id} — one order for staff: data, state buttons, budget, remit, bill, chat, notes and assignee. */
export default async function AdminOrderPage({ params }: Props) {
  const { locale, orderId } = await params;
  setRequestLocale(locale);
  const id = parseOrderId(orderId);
  if (id === null) notFound();
  const next = `/admin/orders/${id}`;
  const [orderLoad, notesLoad, teamLoad] = await Promise.all([
    staffGet<OrderDetail>(staffApiPaths.order(id)),
    staffGet<OrderNote[]>(staffApiPaths.orderNotes(id)),
    staffGet<StaffTeam>(staffApiPaths.team),
  ]);
  const order = requireStaffData(orderLoad, locale as Locale, next);
  const notes = requireStaffData(notesLoad, locale as Locale, next);
  const team = requireStaffData(teamLoad, locale as Locale, next);
  return (
    <ScopedMessages paths={ADMIN_ORDER_CLIENT_MESSAGE_PATHS}>
      <AdminOrder order={order} team={{ notes, members: team.members, viewerId: team.me }} />
    </ScopedMessages>
  );
}
