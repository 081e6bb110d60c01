'use client';

/**
 * The customer's orders (spec §2 Orders list): one card per order with its state badge, date, lines and
 * total, linking to /order/{id}. `source` picks the API list; `filters` adds current / confirmed /
 * finished filter buttons over the whole list (the /orders page). Read through swr (lib/api/swr.ts): read
 * again when the tab comes back. Fetch failures are logged only (spec §8) and shown as a short notice (a list
 * already on screen stays); a 401 or 403 that survived the token renewal ends the session / goes home.
 */
import { useCallback, useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { OrderListSource } from '@/lib/api/orders';
import { apiPaths } from '@/lib/api/paths';
import { PublicApiError, usePublicApi } from '@/lib/api/public';
import { useApiRead } from '@/lib/api/swr';
import { orderListSchema } from '@/lib/contracts/orders';
import { formatPesos } from '@/lib/money';
import { useSession } from '@/lib/session/SessionProvider';
import { isStaffRole } from '@/lib/session/roles';
import { ButtonLink } from '@/components/ui/Button';
import { ORDER_FILTERS, matchesFilter, type OrderFilter } from './state-style';
import { StateBadge } from './StateBadge';
import { ReorderButton } from '@/components/wholesale/ReorderButton';
import styles from './orders.module.css';
import spin from '@/components/ui/Spinner.module.css';

export interface OrdersListProps {
  source?: OrderListSource;
  filters?: boolean;
  initialFilter?: OrderFilter;
  /** heading level of each card title */
  headingLevel?: 2 | 3;
}

export function OrdersList({ source = 'myOrders', filters = false, initialFilter = 'all', headingLevel = 2 }: OrdersListProps) {
  const t = useTranslations('orders');
  const format = useFormatter();
  const session = useSession();
  const { handleError } = usePublicApi();
  const [filter, setFilter] = useState<OrderFilter>(initialFilter);
  const filterLabel = useId();
  const authed = session.status === 'authenticated';
  // staff have no orders of their own: their "Pedidos" are the customers', on the board (issue 32, item 7)
  const staff = authed && isStaffRole(session.user?.role);

  const onError = useCallback(
    (error: unknown) => {
      console.error('orders list', error);
      if (error instanceof PublicApiError && (error.failure.kind === 'unauthorized' || error.failure.kind === 'forbidden')) handleError(error);
    },
    [handleError],
  );
  const { data: orders, error } = useApiRead(authed ? apiPaths.orders(source) : null, orderListSchema, { onError });

  if (orders === undefined && !error) {
    return (
      <p className={styles.loading} role="status">
        <span className={spin.md} aria-hidden="true" />
        {t('list.loading')}
      </p>
    );
  }
  if (orders === undefined) {
    return (
      <p className={styles.notice} role="status">
        {t('list.error')}
      </p>
    );
  }

  const shown = orders.filter((o) => matchesFilter(o.state, filter));
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const setFilterUrl = (f: OrderFilter) => {
    setFilter(f);
    const url = new URL(window.location.href);
    if (f === 'all') url.searchParams.delete('filter');
    else url.searchParams.set('filter', f);
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className={styles.listWrap} data-testid="orders-list">
      {filters ? (
        <div className={styles.filters} role="group" aria-labelledby={filterLabel}>
          <span id={filterLabel} className={styles.filtersLabel}>
            {t('list.filterLabel')}
          </span>
          {ORDER_FILTERS.map((f) => {
            const count = orders.filter((o) => matchesFilter(o.state, f)).length;
            return (
              <button
                key={f}
                type="button"
                className={styles.filter}
                aria-pressed={filter === f}
                onClick={() => setFilterUrl(f)}
              >
                {t(`list.filters.${f}`)} <span className={styles.filterCount}>{count}</span>
              </button>
            );
          })}
        </div>
      ) : null}

      {shown.length === 0 && staff && source === 'myOrders' ? (
        <div className={styles.empty} data-testid="orders-staff">
          <p className={styles.emptyTitle}>{t('list.staffTitle')}</p>
          <p>{t('list.staffHint')}</p>
          <ButtonLink href="/admin" variant="primary" size="small">
            {t('list.staffLink')}
          </ButtonLink>
        </div>
      ) : shown.length === 0 ? (
        <div className={styles.empty} data-testid="orders-empty">
          <p className={styles.emptyTitle}>{t(filter === 'all' && source === 'myOrders' ? 'list.empty' : 'list.emptyFiltered')}</p>
          <p>{t('list.emptyHint')}</p>
          <ButtonLink href="/products" variant="secondary" size="small">
            {t('list.browse')}
          </ButtonLink>
        </div>
      ) : (
        <ul className={styles.cards}>
          {shown.map((o) => (
            <li key={o.id} className={styles.card} data-testid="order-card">
              <div className={styles.cardHead}>
                <H className={styles.cardTitle}>
                  <Link href={`/order/${o.id}`} className={styles.cardLink}>
                    {t('list.orderNumber', { number: o.number })}
                  </Link>
                </H>
                <StateBadge state={o.state} />
              </div>
              <p className={styles.cardMeta}>
                {o.createdAt ? (
                  <time dateTime={o.createdAt}>{format.dateTime(new Date(o.createdAt), { dateStyle: 'medium' })}</time>
                ) : null}
                <span>{t('list.items', { count: o.itemCount })}</span>
                <span className={styles.cardTotal}>{formatPesos(o.finalTotal)}</span>
              </p>
              <p className={styles.cardState}>{t(`states.${o.state}.description`)}</p>
              {staff ? null : (
                <div className={styles.cardActions}>
                  <ReorderButton orderId={o.id} number={o.number} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
