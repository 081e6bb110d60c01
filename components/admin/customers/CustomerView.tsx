import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CustomerDetail } from '@/lib/contracts/staff-customers';
import { formatPesos } from '@/lib/money';
import { StateBadge } from '@/components/orders/StateBadge';
import base from '../admin.module.css';
import styles from './customers.module.css';
import { RoleForm } from './RoleForm';
import { VipMark } from './VipMark';
import { VipToggle } from './VipToggle';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { Panel } from '../ui/Panel';
import { BackLink } from '../ui/page';
import { ItemList, ListTable } from '../ui/list';

/**
 * One customer for staff (server-rendered): contact, account, addresses, billing data and their orders,
 * with the VIP switch (users:write) and the role form (roles:write; the API lists the assignable roles).
 */
export function CustomerView({ customer: c, canWriteUsers }: { customer: CustomerDetail; canWriteUsers: boolean }) {
  const t = useTranslations('adminSettings.customer');
  const tl = useTranslations('adminSettings.customers');
  const tr = useTranslations('adminSettings.roles');
  const format = useFormatter();
  const isCustomer = c.role === 'customer' || c.role === 'vipcustomer';
  const roleName = (r: string) => (tr.has(r) ? tr(r) : r);

  return (
    <div className={base.main} data-testid="customer-view" data-customer-id={c.id}>
      <BackLink href="/admin/customers" label={t('back')} />
      <div className={styles.header}>
        <h1 className={base.title}>
          {c.name} {c.lastname}
        </h1>
        <VipMark vip={c.isVip} />
      </div>
      <p className={base.muted}>{t('since', { date: format.dateTime(new Date(c.createdAt), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }) })}</p>

      <div className={styles.columns}>
        <div className={styles.side}>
          <Panel
            headingId="customer-orders"
            title={
              <>
                {t('orders')}
                {c.orderCount > 0 ? <span className={styles.count}>{t('orderCount', { count: c.orderCount })}</span> : null}
              </>
            }
          >
            <ListTable
              empty={t('noOrders')}
              rows={c.orders.length}
              testId="customer-orders"
              className={styles.listTable}
              look={{ empty: base.muted, tableWrap: base.tableWrap, table: base.table }}
              columns={[{ label: t('colNumber') }, { label: t('colDate') }, { label: t('colState') }, { label: t('colItems'), className: base.num }, { label: t('colTotal'), className: base.num }]}
            >
              {c.orders.map((o) => (
                <tr key={o.id}>
                  <td data-primary="" data-label={t('colNumber')}>
                    <Link href={`/admin/orders/${o.id}`} className={base.rowLink}>
                      {o.number}
                    </Link>
                  </td>
                  <td data-label={t('colDate')} className={base.nowrap}>
                    {format.dateTime(new Date(o.createdAt), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE })}
                  </td>
                  <td data-label={t('colState')}>
                    <StateBadge state={o.state} />
                  </td>
                  <td data-label={t('colItems')} className={base.num}>
                    {o.itemCount}
                  </td>
                  <td data-label={t('colTotal')} className={`${base.num} ${base.nowrap}`}>
                    {formatPesos(o.finalTotal)}
                  </td>
                </tr>
              ))}
            </ListTable>
          </Panel>

          <div className={styles.cards}>
            <Panel headingId="customer-addresses" title={t('addresses')}>
              <ItemList items={c.addresses} empty={t('noAddresses')} className={styles.plain}>
                {(a) => (
                  <li key={a.id}>
                    {a.street} {a.number}, {a.city} ({a.postalCode}), {a.province}
                    {a.state === 'archived' ? <span className={base.sub}>{t('archived')}</span> : null}
                  </li>
                )}
              </ItemList>
            </Panel>
            <Panel headingId="customer-billing" title={t('billing')}>
              <ItemList items={c.billing} empty={t('noBilling')} className={styles.plain}>
                {(b) => (
                  <li key={b.id}>
                    <strong>
                      {b.documentType} {b.documentNumber}
                    </strong>
                    <span className={base.sub}>{b.taxCondition}</span>
                  </li>
                )}
              </ItemList>
            </Panel>
          </div>
        </div>

        <div className={`${styles.side} ${styles.aside}`}>
          <Panel headingId="customer-contact" title={t('contact')}>
            <dl className={base.dl}>
              <dt>{t('email')}</dt>
              <dd className={styles.break}>
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </dd>
              <dt>{t('phone')}</dt>
              <dd>{c.contactNumber ? <a href={`tel:${c.contactNumber.replace(/[^\d+]/g, '')}`}>{c.contactNumber}</a> : tl('none')}</dd>
              <dt>{t('verified')}</dt>
              <dd>{c.emailVerified ? t('yes') : t('no')}</dd>
              <dt>{t('role')}</dt>
              <dd data-testid="customer-role">{roleName(c.role)}</dd>
            </dl>
          </Panel>
          {isCustomer && canWriteUsers ? <VipToggle userId={c.id} isVip={c.isVip} /> : null}
          {c.assignableRoles.length ? <RoleForm userId={c.id} role={c.role} roles={c.assignableRoles} /> : null}
        </div>
      </div>
    </div>
  );
}
