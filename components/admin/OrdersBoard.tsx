import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { BOARD_SORTS, boardExportHref, boardHref, type BoardFilters } from '@/lib/admin/filters';
import { printHref } from '@/lib/admin/print';
import { formatPesos } from '@/lib/money';
import { ORDER_STATES } from '@/lib/orders/states';
import type { StaffMember } from '@/lib/contracts/staff-team';
import type { StaffOrderList } from '@/lib/orders/types';
import { StateBadge } from '@/components/orders/StateBadge';
import { PaymentBadge } from '@/components/orders/PaymentBadge';
import { PAYMENT_STATUSES } from '@/lib/orders/payments';
import { BULK_FORM_ID, BulkStateBar } from './BulkStateBar';
import { STATE_TONES } from '@/components/orders/state-style';
import { LiveRefresh } from '@/components/realtime/LiveRefresh';
import styles from './admin.module.css';
import team from './team/team.module.css';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { DEADLINE_FLAGS } from '@/lib/orders/deadlines';
import { DateRangeFields, ExportLinks, FilterActions, FilterSelect, ListPager, ListTable, ResultsRow, SearchField, StateChips } from './ui/list';
import { CodeOptions, NamedOptions } from './ui/Options';

/**
 * The staff orders board (server-rendered): state chips with counts, a GET filter form (search, dates),
 * a dense table (newest first, as the API sorts) with the customer's unread messages per order, and
 * pagination links. Every control is a real link or form field, so it works with the keyboard and
 * without JavaScript; the LiveRefresh island re-renders it when an order changes or a customer writes.
 * Under 600 px the table becomes one card per order (CSS, data-label on the cells).
 */
export function OrdersBoard({ filters, list, members = [] }: { filters: BoardFilters; list: StaffOrderList; members?: StaffMember[] }) {
  const t = useTranslations('admin.board');
  const tp = useTranslations('admin.print');
  const ts = useTranslations('orders');
  const tpay = useTranslations('payments');
  const format = useFormatter();
  const allCount = ORDER_STATES.reduce((n, s) => n + (list.counts[s] ?? 0), 0);
  const base = { from: filters.from, to: filters.to, q: filters.q, sort: filters.sort, assignee: filters.assignee, payment: filters.payment, deadline: filters.deadline };
  const exportFilters = { ...base, state: filters.state };
  const sort = filters.sort ?? 'newest';

  return (
    <div className={styles.main}>
      <div className={styles.sticky}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t('title')}</h1>
          <LiveRefresh labels={{ live: t('live'), offline: t('offline') }} />
        </div>
        <StateChips
          label={t('stateFilter')}
          testId="state-chips"
          chips={[
            { key: 'all', href: boardHref(base), label: t('all'), count: allCount, current: !filters.state },
            ...ORDER_STATES.map((s) => ({
              key: s,
              href: boardHref({ ...base, state: s }),
              label: ts(`states.${s}.label`),
              count: list.counts[s] ?? 0,
              current: filters.state === s,
              dot: <span className={styles.toneDot} aria-hidden="true" />,
              data: { 'data-state': s, 'data-tone': STATE_TONES[s], 'data-empty': (list.counts[s] ?? 0) === 0 || undefined },
            })),
          ]}
        />
        <form method="get" className={styles.filters} role="search">
          {filters.state ? <input type="hidden" name="state" value={filters.state} /> : null}
          <SearchField label={t('search')} placeholder={t('searchPlaceholder')} value={filters.q} className={`${styles.field} ${styles.searchField}`} />
          <DateRangeFields from={filters.from} to={filters.to} labels={{ from: t('from'), to: t('to') }} />
          {/* keyed: a client-side move to other filters must not keep the old choice on screen */}
          <FilterSelect key={filters.assignee ?? ''} label={t('assignee')} name="assignee" value={filters.assignee} all={t('assigneeAll')} selectClass={styles.select} testId="assignee-filter">
            <option value="me">{t('assigneeMe')}</option>
            <option value="none">{t('assigneeNone')}</option>
            <NamedOptions items={members} />
          </FilterSelect>
          <FilterSelect label={tpay('bulk.paymentFilter')} name="payment" value={filters.payment} all={tpay('bulk.paymentAll')} selectClass={styles.select} testId="payment-filter">
            <CodeOptions codes={PAYMENT_STATUSES} label={(p) => tpay(`status.${p}`)} />
          </FilterSelect>
          <FilterSelect label={t('deadline')} name="deadline" value={filters.deadline} all={t('deadlineAll')} selectClass={styles.select} testId="deadline-filter">
            <CodeOptions codes={DEADLINE_FLAGS} label={(f) => t(`flags.${f}`)} />
          </FilterSelect>
          <FilterActions apply={t('apply')} clear={t('clear')} clearHref={boardHref({ state: filters.state })} />
        </form>
      </div>

      {/* the orders on screen (a state chip is the usual selection: e.g. every "Preparado" for today's dispatch) */}
      <ResultsRow
        text={t('results', { total: list.total })}
        actions={
          list.items.length ? (
            <>
              <Link
                href={boardHref({ ...base, state: filters.state, assignee: filters.assignee === 'me' ? undefined : 'me' })}
                className={`${styles.linkButton} ${filters.assignee === 'me' ? team.pressed : ''}`}
                aria-current={filters.assignee === 'me' ? 'true' : undefined}
                data-testid="board-mine"
              >
                {t('assigneeMe')}
              </Link>
              <Link href={printHref('packing', list.items.map((o) => o.id))} prefetch={false} className={styles.linkButton} data-testid="board-print">
                {tp('printPage')}
              </Link>
              <ExportLinks csv={boardExportHref(exportFilters)} xlsx={boardExportHref(exportFilters, 'xlsx')} labels={{ csv: t('export'), xlsx: t('exportXlsx') }} testId="board-export" />
            </>
          ) : null
        }
      />
      <nav aria-label={t('sortLabel')} className={styles.sortRow}>
        <span>{t('sortLabel')}:</span>
        {BOARD_SORTS.map((s) => (
          <Link key={s} href={boardHref({ ...base, state: filters.state, sort: s })} aria-current={sort === s ? 'true' : undefined} className={styles.sortLink} data-testid={`sort-${s}`}>
            {t(`sorts.${s}`)}
          </Link>
        ))}
      </nav>

      {/* bulk state change: the row checkboxes below belong to its form (issue 32, item 6); always mounted, so its
          result stays on screen when the refreshed board no longer lists the orders it moved */}
      <BulkStateBar orders={list.items.map((o) => ({ id: o.id, number: o.number, state: o.state, toSucc: o.toSucc, paymentStatus: o.paymentStatus }))} />
      <ListTable
        empty={t('empty')}
        rows={list.items.length}
        testId="orders-table"
        className={styles.boardTable}
        columns={[
          {
            label: (
              <>
                <input type="checkbox" form={BULK_FORM_ID} name="all" aria-label={tpay('bulk.selectAll')} className={styles.rowCheck} data-testid="select-all" />
                {t('colNumber')}
              </>
            ),
          },
          { label: t('colDate') },
          { label: t('colCustomer') },
          { label: t('colDocument') },
          { label: t('colState') },
          { label: t('delivery') },
          { label: t('colItems'), className: styles.num },
          { label: t('colTotal'), className: styles.num },
        ]}
      >
        {list.items.map((o) => (
          <tr key={o.id} data-testid="order-row" data-order-id={o.id} data-tone={STATE_TONES[o.state]} data-unread={o.unread > 0 || undefined}>
            <td data-label={t('colNumber')} className={styles.numberCell}>
              {/* selection for the bulk state change (its form is BulkStateBar's) */}
              <input type="checkbox" form={BULK_FORM_ID} name="ids" value={o.id} aria-label={tpay('bulk.select', { number: o.number })} className={styles.rowCheck} data-testid="select-order" />
              <Link href={`/admin/orders/${o.id}`} className={styles.rowLink}>
                {o.number}
              </Link>
              {o.unread > 0 ? (
                <span className={styles.unread} data-testid="unread-badge" title={t('unread', { count: o.unread })}>
                  <span aria-hidden="true">{o.unread}</span>
                  <span className="visually-hidden">{t('unread', { count: o.unread })}</span>
                </span>
              ) : null}
            </td>
            <td data-label={t('colDate')} className={styles.nowrap}>
              {format.dateTime(new Date(o.createdAt), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE })}
            </td>
            <td data-label={t('colCustomer')} className={styles.customerCell}>
              {o.customer.name} {o.customer.lastname}
              <span className={styles.sub}>{o.customer.email}</span>
            </td>
            <td data-label={t('colDocument')} className={styles.nowrap}>
              {o.documentNumber ?? '—'}
            </td>
            <td data-label={t('colState')}>
              <span className={styles.badges}>
                <StateBadge state={o.state} />
                <PaymentBadge status={o.paymentStatus} />
                {DEADLINE_FLAGS.filter((f) => o.flags[f]).map((f) => (
                  <span key={f} className={styles.deadlineFlag} data-flag={f} data-testid="deadline-flag">
                    {t(`flags.${f}`)}
                  </span>
                ))}
              </span>
              {o.budgetExpired && o.budgetUpdateRequestedAt ? (
                <span className={styles.sub} data-testid="budget-requested">
                  {t('budgetRequested')}
                </span>
              ) : null}
              {o.assignee ? (
                <span className={styles.sub} data-testid="card-assignee">
                  {t('assignedTo', { name: o.assignee.name })}
                </span>
              ) : null}
            </td>
            <td data-label={t('delivery')}>{o.toSucc ? t('pickup') : t('shipping')}</td>
            <td data-label={t('colItems')} className={styles.num}>
              {o.itemCount}
            </td>
            <td data-label={t('colTotal')} className={`${styles.num} ${styles.nowrap} ${styles.totalCell}`}>
              {formatPesos(o.finalTotal)}
            </td>
          </tr>
        ))}
      </ListTable>

      <ListPager page={list.page} totalPages={list.totalPages} href={(page) => boardHref({ ...filters, page })} t={t} />
    </div>
  );
}
