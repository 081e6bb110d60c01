import { Link } from '@/i18n/navigation';
import { catalogueHref, pageItems, type CatalogueParams } from './params';
import styles from './Pagination.module.css';

export interface PaginationLabels {
  label: string;
  previous: string;
  next: string;
  page: (page: number) => string;
  status: string;
}

/** Previous / numbered / next links, real <a href>s that keep sort, rows, query and category. */
export function Pagination({
  basePath,
  state,
  totalPages,
  labels,
}: {
  basePath: string;
  state: CatalogueParams;
  totalPages: number;
  labels: PaginationLabels;
}) {
  if (totalPages <= 1) return null;
  const current = Math.min(state.page, totalPages);
  const href = (page: number) => catalogueHref(basePath, { ...state, page });
  return (
    <nav aria-label={labels.label} className={styles.nav}>
      <p className={styles.status}>{labels.status}</p>
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            <Link href={href(current - 1)} rel="prev" className={`${styles.step} ${styles.link}`} prefetch={false}>
              <span aria-hidden="true">‹</span> {labels.previous}
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`}>
              <span aria-hidden="true">‹</span> {labels.previous}
            </span>
          )}
        </li>
        {pageItems(current, totalPages).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === current ? (
                // A <span> cannot be named (aria-label ignored): the label is text, the digit is for sight.
                <span className={`${styles.page} ${styles.current}`} aria-current="page">
                  <span className="visually-hidden">{labels.page(item.page)}</span>
                  <span aria-hidden="true">{item.page}</span>
                </span>
              ) : (
                <Link
                  href={href(item.page)}
                  className={`${styles.page} ${styles.link}`}
                  aria-label={labels.page(item.page)}
                  prefetch={false}
                >
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {current < totalPages ? (
            <Link href={href(current + 1)} rel="next" className={`${styles.step} ${styles.link}`} prefetch={false}>
              {labels.next} <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`}>
              {labels.next} <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
