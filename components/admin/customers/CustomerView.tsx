import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CustomerDetail } from '@/lib/contracts/staff-customers';
import { formatPesos } from '@/lib/money';
import { StateBadge } from '@/components/orders/StateBadge';
import base from '../admin.module.css';
import styles from './customers.module.css';
import { RoleForm } from './RoleForm';
import { VipToggle } from './VipToggle';
import { SHOP_TIME_ZONE } from '@/lib/locales';

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
      <Link href="/admin/customers" className={base.back}>
        ← {t('back')}
      </Link>
      <div className={styles.header}>
        <h1 className={base.title}>
          {c.name} {c.lastname}
        </h1>
        {c.isVip ? (
          <span className={styles.vip} data-testid="vip-mark">
            {tl('vipBadge')}
          </span>
        ) : null}
      </div>
      <p className={base.muted}>{t('since', { date: format.dateTime(new Date(c.createdAt), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }) })}</p>

      <div className={styles.columns}>
        <div className={styles.side}>
          <section className={base.panel} aria-labelledby="customer-orders">
            <h2 id="customer-orders" className={base.h2}>
              {t('orders')}
              {c.orderCount > 0 ? <span className={styles.count}>{t('orderCount', { count: c.orderCount })}</span> : null}
            </h2>
            {c.orders.length === 0 ? (
              <p className={base.muted}>{t('noOrders')}</p>
            ) : (
              <div className={base.tableWrap}>
                <table className={`${base.table} ${styles.listTable}`} data-testid="customer-orders">
                  <thead>
                    <tr>
                      <th scope="col">{t('colNumber')}</th>
                      <th scope="col">{t('colDate')}</th>
                      <th scope="col">{t('colState')}</th>
                      <th scope="col" className={base.num}>
                        {t('colItems')}
                      </th>
                      <th scope="col" className={base.num}>
                        {t('colTotal')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
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
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <div className={styles.cards}>
            <section className={base.panel} aria-labelledby="customer-addresses">
              <h2 id="customer-addresses" className={base.h2}>
                {t('addresses')}
              </h2>
              {c.addresses.length === 0 ? (
                <p className={base.muted}>{t('noAddresses')}</p>
              ) : (
                <ul className={styles.plain}>
                  {c.addresses.map((a) => (
                    <li key={a.id}>
                      {a.street} {a.number}, {a.city} ({a.postalCode}), {a.province}
                      {a.state === 'archived' ? <span className={base.sub}>{t('archived')}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={base.panel} aria-labelledby="customer-billing">
              <h2 id="customer-billing" className={base.h2}>
                {t('billing')}
              </h2>
              {c.billing.length === 0 ? (
                <p className={base.muted}>{t('noBilling')}</p>
              ) : (
                <ul className={styles.plain}>
                  {c.billing.map((b) => (
                    <li key={b.id}>
                      <strong>
                        {b.documentType} {b.documentNumber}
                      </strong>
                      <span className={base.sub}>{b.taxCondition}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>

        <div className={`${styles.side} ${styles.aside}`}>
          <section className={base.panel} aria-labelledby="customer-contact">
            <h2 id="customer-contact" className={base.h2}>
              {t('contact')}
            </h2>
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
          </section>
          {isCustomer && canWriteUsers ? <VipToggle userId={c.id} isVip={c.isVip} /> : null}
          {c.assignableRoles.length ? <RoleForm userId={c.id} role={c.role} roles={c.assignableRoles} /> : null}
        </div>
      </div>
    </div>
  );
}
