import { Link } from '@/i18n/navigation';
import styles from './Breadcrumbs.module.css';

export interface BreadcrumbItem {
  name: string;
  /** Spanish (unprefixed) path; the last item (current page) has none. */
  href?: string;
}

/** Visible breadcrumb trail (its JSON-LD twin is lib/seo/breadcrumbs). */
export function Breadcrumbs({ items, label }: { items: readonly BreadcrumbItem[]; label: string }) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ol className={styles.list}>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.name}`} className={styles.item}>
              {item.href && !last ? (
                <Link href={item.href} className={styles.link}>
                  {item.name}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={styles.current}>
                  {item.name}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
