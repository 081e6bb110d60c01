import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { PRODUCT_STATES, productsHref, type ProductFilters, type StaffProductList, type StaffWaitingCounts } from '@/lib/admin/products';
import { formatPesos } from '@/lib/money';
import { imageSrc } from '@/components/ui/image-src';
import admin from '../admin.module.css';
import styles from './products.module.css';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { FilterActions, FilterSelect, ListPager, ListTable, ResultsRow, SearchField, StateChips } from '../ui/list';
import { NamedOptions } from '../ui/Options';

/**
 * The staff products list (server-rendered): state chips with counts, a GET search form (name / SKU / id,
 * category), a dense table with thumbnails and state badges, how many customers wait for stock (`waiting`,
 * issue 24 §3), and paging links. Works without JavaScript.
 */
export function ProductsList({ filters, list, waiting = {} }: { filters: ProductFilters; list: StaffProductList; waiting?: StaffWaitingCounts }) {
  const t = useTranslations('adminProducts.list');
  const tw = useTranslations('adminProducts.stockAlerts');
  const ts = useTranslations('adminProducts.states');
  const format = useFormatter();
  const all = PRODUCT_STATES.reduce((n, s) => n + (list.counts[s] ?? 0), 0);
  const base = { q: filters.q, category: filters.category };

  return (
    <div className={styles.page}>
      <div className={admin.sticky}>
        <div className={styles.cardHead}>
          <h1 className={styles.title}>{t('title')}</h1>
          <Link href="/admin/products/new" className={styles.saveButton} data-testid="new-product">
            + {t('new')}
          </Link>
        </div>
        <form method="get" className={styles.search} role="search">
          {filters.state ? <input type="hidden" name="state" value={filters.state} /> : null}
          <SearchField label={t('search')} placeholder={t('searchPlaceholder')} value={filters.q} className={`${styles.field} ${styles.grow}`} testId="product-search" />
          <FilterSelect label={t('category')} name="category" value={filters.category ? String(filters.category) : undefined} all={t('allCategories')} className={styles.field}>
            <NamedOptions items={list.categories} />
          </FilterSelect>
          <FilterActions
            apply={t('apply')}
            clear={t('clear')}
            clearHref={productsHref({ state: filters.state })}
            className={styles.searchActions}
            applyClass={styles.saveButton}
            clearClass={styles.ghostButton}
          />
        </form>
        <StateChips
          label={t('state')}
          chipClass={`${admin.chip} ${styles.chip}`}
          chips={[
            { key: 'all', href: productsHref(base), label: t('allStates'), count: all, current: !filters.state },
            ...PRODUCT_STATES.map((s) => ({
              key: s,
              href: productsHref({ ...base, state: s }),
              label: ts(s),
              count: list.counts[s] ?? 0,
              current: filters.state === s,
              dot: <span className={styles.dot} data-state={s} aria-hidden="true" />,
              data: { 'data-testid': `chip-${s}` },
            })),
          ]}
        />
      </div>

      <ResultsRow text={t('results', { total: list.total })} />

      <ListTable
        empty={t('empty')}
        rows={list.items.length}
        testId="products-table"
        look={{ empty: styles.emptyImages, tableWrap: styles.tableWrap, table: styles.table }}
        columns={[
          { label: <span className="visually-hidden">{t('colImage')}</span>, className: styles.thumbCol },
          { label: t('colProduct') },
          { label: t('colCategories'), className: styles.hideNarrow },
          { label: t('colPrice'), className: styles.num },
          { label: t('colState'), className: styles.hideNarrow },
          { label: t('colUpdated'), className: styles.hideNarrow },
        ]}
      >
        {list.items.map((p) => {
          const src = imageSrc(p.image);
          return (
            <tr key={p.id} data-testid="product-row" data-product-id={p.id} data-state={p.state} data-archived={p.isVisible ? undefined : true}>
              <td className={styles.thumbCol}>
                {src ? (
                  <img className={styles.rowThumb} src={`${src}?w=160`} alt="" width={44} height={44} loading="lazy" />
                ) : (
                  <span className={styles.rowThumbEmpty} title={t('noImage')} aria-hidden="true" />
                )}
              </td>
              <td>
                <Link href={`/admin/products/${p.id}`} className={styles.rowLink}>
                  {p.name}
                </Link>
                {p.isVisible ? null : <span className={styles.archivedBadge}>{t('archived')}</span>}
                {waiting[p.id]?.total ? (
                  <span className={styles.waitingBadge} title={tw('waiting', { count: waiting[p.id]!.total })} data-testid="waiting-count">
                    {tw('waitingShort', { count: waiting[p.id]!.total })}
                  </span>
                ) : null}
                <span className={`${styles.badge} ${styles.showNarrow}`} data-state={p.state}>
                  <span className={styles.dot} data-state={p.state} aria-hidden="true" />
                  {ts(p.state)}
                </span>
                <span className={styles.sku}>
                  {p.sku}
                  {p.isVariable ? ` · ${t('variations', { count: p.variationCount })}` : ''}
                  {p.offerCount ? ` · ${t('offers', { count: p.offerCount })}` : ''}
                </span>
              </td>
              <td className={styles.hideNarrow}>{p.categories.length ? p.categories.join(', ') : <span className={styles.muted}>{t('noCategory')}</span>}</td>
              <td className={`${styles.num} ${styles.nowrap}`}>
                {p.discount !== null ? (
                  <>
                    <strong className={styles.sale}>{formatPesos(p.discount)}</strong>
                    <span className={styles.sku}>{t('regular', { price: formatPesos(p.price) })}</span>
                  </>
                ) : (
                  formatPesos(p.price)
                )}
              </td>
              <td className={styles.hideNarrow}>
                <span className={styles.badge} data-state={p.state}>
                  <span className={styles.dot} data-state={p.state} aria-hidden="true" />
                  {ts(p.state)}
                </span>
              </td>
              <td className={`${styles.nowrap} ${styles.hideNarrow}`}>
                {format.dateTime(new Date(p.updatedAt), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE })}
              </td>
            </tr>
          );
        })}
      </ListTable>

      <ListPager page={list.page} totalPages={list.totalPages} href={(page) => productsHref({ ...filters, page })} t={t} arrows />
    </div>
  );
}
