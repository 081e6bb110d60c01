import { notFound } from 'next/navigation';
import { CustomerView } from '@/components/admin/customers/CustomerView';
import { ADMIN_CUSTOMER_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { staffGet, staffRead } from '@/lib/admin/data';
import { customerDetailSchema } from '@/lib/contracts/staff-customers';
import type { SessionCheckAnswer } from '@/lib/contracts/account';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffPageMetadata } from '@/components/admin/ui/metadata';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string; userId: string }> };

export const generateMetadata = ({ params }: Props) => staffPageMetadata(params, 'adminSettings.meta', 'customers');

/** /admin/customers/{id} — one customer with their orders; VIP switch and role form when allowed. */
export default async function AdminCustomerPage({ params }: Props) {
  const { userId, need } = await staffRequest(params);
  if (!/^[1-9]\d{0,9}$/.test(userId)) notFound();
  const [detail, session] = await Promise.all([staffRead(customerDetailSchema, staffApiPaths.customer(userId)), staffGet<SessionCheckAnswer>('auth')]);
  const customer = need(detail, `/admin/customers/${userId}`);
  const permissions = session.kind === 'ok' ? (session.data.permissions ?? []) : [];
  return (
    <ScopedMessages paths={ADMIN_CUSTOMER_CLIENT_MESSAGE_PATHS}>
      <CustomerView customer={customer} canWriteUsers={permissions.includes('users:write')} />
    </ScopedMessages>
  );
}
