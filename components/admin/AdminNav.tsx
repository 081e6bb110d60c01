'use client';

/** The back-office section links; the current section is marked with aria-current="page". */
import { Link, usePathname } from '@/i18n/navigation';
import styles from './AdminNav.module.css';

export interface AdminNavItem {
  href: string;
  label: string;
}

/** Whether `pathname` (locale-free) is inside the section at `href`; /admin is the orders board (and /admin/orders/…). */
export function isCurrentSection(pathname: string, href: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === '/admin') return path === '/admin' || path.startsWith('/admin/orders');
  return path === href || path.startsWith(`${href}/`);
}

export function AdminNav({ label, items }: { label: string; items: AdminNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav className={styles.nav} aria-label={label} data-testid="admin-nav">
      {items.map((item) => {
        // the most specific section wins (/admin/products/prices is Precios, not Productos)
        const current = isCurrentSection(pathname, item.href) && !items.some((o) => o.href.length > item.href.length && isCurrentSection(pathname, o.href));
        return (
          <Link key={item.href} href={item.href} className={styles.link} aria-current={current ? 'page' : undefined}>
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
