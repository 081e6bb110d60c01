import { useFormatter, useTranslations } from 'next-intl';
import { Pager } from '@/components/admin/Pager';
import { Link } from '@/i18n/navigation';
import { CUSTOMER_SORTS, customersExportHref, customersHref, type CustomerFilters } from '@/lib/admin/customer-filters';
import type { CustomerList } from '@/lib/contracts/staff-customers';
import base from '../admin.module.css';
import styles from './customers.module.css';
import { SHOP_TIME_ZONE } from '@/lib/locales';

/**
 * The staff customers list (server-rendered): a GET search form (name, e-mail, CUIT; accents optional) with a VIP
 * filter and an order, a table, CSV / XLSX export links with the same filters, and pagination links — real links
 * and form fields, usable without JavaScript.
 * Under 640 px each row becomes a card (CSS, data-label on the cells).
 */
export function CustomersList({ filters, list }: { filters: CustomerFilters; list: CustomerList }) {
  const t = useTranslations('adminSettings.customers');
  const format = useFormatter();
  const pages = Math.max(1, list.totalPages);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeZone: SHOP_TIME_ZONE });

  return (
    <div className={base.main}>
      <div>
        <h1 className={base.title}>{t('title')}</h1>
        <p className={base.muted}>{t('intro')}</p>
      </div>
      <form method="get" className={styles.filters} role="search" data-testid="customer-filters">
        <label className={`${styles.field} ${styles.search}`}>
          <span>{t('search')}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder={t('searchPlaceholder')} maxLength={100} />
        </label>
        <label className={styles.field}>
          <span>{t('vip')}</span>
          <select name="vip" defaultValue={filters.vip ?? ''}>
            <option value="">{t('all')}</option>
            <option value="true">{t('onlyVip')}</option>
            <option value="false">{t('notVip')}</option>
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('sort')}</span>
          <select name="sort" defaultValue={filters.sort ?? 'newest'} data-testid="customer-sort">
            {CUSTOMER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.actions}>
          <button type="submit" className={base.primaryButton}>
            {t('apply')}
          </button>
          <Link href={customersHref({})} className={base.linkButton}>
            {t('clear')}
          </Link>
        </div>
      </form>

      <div className={base.resultsRow}>
        <p className={base.muted} aria-live="polite">
          {t('results', { total: list.total })}
        </p>
        {list.items.length ? (
          <div className={base.resultActions}>
            {/* storefront route handlers: they send the session to the API (a link cannot) */}
            <a href={customersExportHref(filters, 'csv')} className={base.linkButton} download data-testid="customers-export">
              {t('exportCsv')}
            </a>
            <a href={customersExportHref(filters, 'xlsx')} className={base.linkButton} download data-testid="customers-export-xlsx">
              {t('exportXlsx')}
            </a>
          </div>
        ) : null}
      </div>

      {list.items.length === 0 ? (
        <p className={base.empty}>{t('empty')}</p>
      ) : (
        <div className={base.tableWrap}>
          <table className={`${base.table} ${styles.listTable}`} data-testid="customers-table">
            <thead>
              <tr>
                <th scope="col">{t('colName')}</th>
                <th scope="col">{t('colDocument')}</th>
                <th scope="col" className={base.num}>
                  {t('colOrders')}
                </th>
                <th scope="col">{t('colLastOrder')}</th>
                <th scope="col">{t('colSince')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((c) => (
                <tr key={c.id} data-testid="customer-row" data-customer-id={c.id} data-vip={c.isVip || undefined}>
                  <td data-primary="" data-label={t('colName')}>
                    <Link href={`/admin/customers/${c.id}`} className={base.rowLink}>
                      {c.name} {c.lastname}
                    </Link>
                    {c.isVip ? (
                      <span className={styles.vip} data-testid="vip-mark">
                        {t('vipBadge')}
                      </span>
                    ) : null}
                    <span className={`${base.sub} ${styles.break}`}>{c.email}</span>
                  </td>
                  <td data-label={t('colDocument')} className={base.nowrap}>
                    {c.documents.length ? c.documents.join(', ') : t('none')}
                  </td>
                  <td data-label={t('colOrders')} className={base.num}>
                    {c.orderCount}
                  </td>
                  <td data-label={t('colLastOrder')} className={base.nowrap}>
                    {c.lastOrderAt ? date(c.lastOrderAt) : t('none')}
                  </td>
                  <td data-label={t('colSince')} className={base.nowrap}>
                    {date(c.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
        page={list.page}
        pages={pages}
        href={(page) => customersHref({ ...filters, page })}
        labels={{ nav: t('pagination'), prev: t('prev'), next: t('next'), pageOf: t('pageOf', { page: list.page, pages }) }}
      />
    </div>
  );
}
