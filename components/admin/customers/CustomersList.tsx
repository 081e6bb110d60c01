import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { CUSTOMER_SORTS, customersExportHref, customersHref, type CustomerFilters } from '@/lib/admin/customer-filters';
import type { CustomerList } from '@/lib/contracts/staff-customers';
import base from '../admin.module.css';
import styles from './customers.module.css';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { AdminPage } from '../ui/page';
import { ExportLinks, FilterActions, FilterSelect, ListPager, ListTable, ResultsRow, SearchField } from '../ui/list';
import { CodeOptions } from '../ui/Options';
import { VipMark } from './VipMark';

/**
 * The staff customers list (server-rendered): a GET search form (name, e-mail, CUIT; accents optional) with a VIP
 * filter and an order, a table, CSV / XLSX export links with the same filters, and pagination links — real links
 * and form fields, usable without JavaScript.
 * Under 640 px each row becomes a card (CSS, data-label on the cells).
 */
export function CustomersList({ filters, list }: { filters: CustomerFilters; list: CustomerList }) {
  const t = useTranslations('adminSettings.customers');
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeZone: SHOP_TIME_ZONE });

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <form method="get" className={styles.filters} role="search" data-testid="customer-filters">
        <SearchField label={t('search')} placeholder={t('searchPlaceholder')} value={filters.q} className={`${styles.field} ${styles.search}`} />
        <FilterSelect label={t('vip')} name="vip" value={filters.vip} all={t('all')} className={styles.field}>
          <option value="true">{t('onlyVip')}</option>
          <option value="false">{t('notVip')}</option>
        </FilterSelect>
        <FilterSelect label={t('sort')} name="sort" value={filters.sort ?? 'newest'} className={styles.field} testId="customer-sort">
          <CodeOptions codes={CUSTOMER_SORTS} label={(s) => t(`sorts.${s}`)} />
        </FilterSelect>
        <FilterActions apply={t('apply')} clear={t('clear')} clearHref={customersHref({})} className={styles.actions} />
      </form>

      <ResultsRow
        text={t('results', { total: list.total })}
        actions={
          list.items.length ? (
            <ExportLinks csv={customersExportHref(filters, 'csv')} xlsx={customersExportHref(filters, 'xlsx')} labels={{ csv: t('exportCsv'), xlsx: t('exportXlsx') }} testId="customers-export" />
          ) : null
        }
      />

      <ListTable
        empty={t('empty')}
        rows={list.items.length}
        testId="customers-table"
        className={styles.listTable}
        columns={[{ label: t('colName') }, { label: t('colDocument') }, { label: t('colOrders'), className: base.num }, { label: t('colLastOrder') }, { label: t('colSince') }]}
      >
        {list.items.map((c) => (
          <tr key={c.id} data-testid="customer-row" data-customer-id={c.id} data-vip={c.isVip || undefined}>
            <td data-primary="" data-label={t('colName')}>
              <Link href={`/admin/customers/${c.id}`} className={base.rowLink}>
                {c.name} {c.lastname}
              </Link>
              <VipMark vip={c.isVip} />
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
      </ListTable>

      <ListPager page={list.page} totalPages={list.totalPages} href={(page) => customersHref({ ...filters, page })} t={t} />
    </AdminPage>
  );
}
