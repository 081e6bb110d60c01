import { Link } from '@/i18n/navigation';
import styles from './admin.module.css';

/** Previous / "page N of M" / next links under a back-office list (links, so every page has its own URL). */
export function Pager({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: { nav: string; prev: string; next: string; pageOf: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={labels.nav}>
      {page > 1 ? (
        <Link href={href(page - 1)} className={styles.linkButton} rel="prev">
          {labels.prev}
        </Link>
      ) : null}
      <span>{labels.pageOf}</span>
      {page < pages ? (
        <Link href={href(page + 1)} className={styles.linkButton} rel="next">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}
