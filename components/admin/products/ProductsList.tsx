import { useFormatter, useTranslations } from 'next-intl';
import { Pager } from '@/components/admin/Pager';
import { Link } from '@/i18n/navigation';
import { PRODUCT_STATES, productsHref, type ProductFilters, type StaffProductList, type StaffWaitingCounts } from '@/lib/admin/products';
import { formatPesos } from '@/lib/money';
import { imageSrc } from '@/components/ui/image-src';
import admin from '../admin.module.css';
import styles from './products.module.css';
import { SHOP_TIME_ZONE } from '@/lib/locales';

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
  const pages = Math.max(1, list.totalPages);

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
          <label className={`${styles.field} ${styles.grow}`}>
            <span>{t('search')}</span>
            <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder={t('searchPlaceholder')} maxLength={100} data-testid="product-search" />
          </label>
          <label className={styles.field}>
            <span>{t('category')}</span>
            <select name="category" defaultValue={filters.category ? String(filters.category) : ''}>
              <option value="">{t('allCategories')}</option>
              {list.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.searchActions}>
            <button type="submit" className={styles.saveButton}>
              {t('apply')}
            </button>
            <Link href={productsHref({ state: filters.state })} className={styles.ghostButton}>
              {t('clear')}
            </Link>
          </div>
        </form>
        <nav aria-label={t('state')}>
          <ul className={admin.chips}>
            <li>
              <Link href={productsHref(base)} className={`${admin.chip} ${styles.chip}`} aria-current={!filters.state ? 'page' : undefined}>
                {t('allStates')} <span className={admin.count}>{all}</span>
              </Link>
            </li>
            {PRODUCT_STATES.map((s) => (
              <li key={s}>
                <Link href={productsHref({ ...base, state: s })} className={`${admin.chip} ${styles.chip}`} aria-current={filters.state === s ? 'page' : undefined} data-testid={`chip-${s}`}>
                  <span className={styles.dot} data-state={s} aria-hidden="true" />
                  {ts(s)} <span className={admin.count}>{list.counts[s] ?? 0}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <p className={styles.muted} aria-live="polite">
        {t('results', { total: list.total })}
      </p>

      {list.items.length === 0 ? (
        <p className={styles.emptyImages}>{t('empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="products-table">
            <thead>
              <tr>
                <th scope="col" className={styles.thumbCol}>
                  <span className="visually-hidden">{t('colImage')}</span>
                </th>
                <th scope="col">{t('colProduct')}</th>
                <th scope="col" className={styles.hideNarrow}>
                  {t('colCategories')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('colPrice')}
                </th>
                <th scope="col" className={styles.hideNarrow}>
                  {t('colState')}
                </th>
                <th scope="col" className={styles.hideNarrow}>
                  {t('colUpdated')}
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}

      <Pager
        page={list.page}
        pages={pages}
        href={(page) => productsHref({ ...filters, page })}
        labels={{ nav: t('pagination'), prev: `← ${t('prev')}`, next: `${t('next')} →`, pageOf: t('pageOf', { page: list.page, pages }) }}
      />
    </div>
  );
}
