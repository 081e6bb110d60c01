import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import admin from '../admin.module.css';

/** The classes a heading is drawn with: the admin's by default, products.module.css's on the catalogue pages. */
type HeadingLook = { title?: string; muted?: string; header?: string };

/** A back-office page's heading: the h1 and, when given, one muted intro line under it. */
export function PageHeading({ title, intro, look = admin, children }: { title: ReactNode; intro?: ReactNode; look?: HeadingLook; children?: ReactNode }) {
  return (
    <div className={look.header}>
      {children}
      <h1 className={look.title}>{title}</h1>
      {intro ? <p className={look.muted}>{intro}</p> : null}
    </div>
  );
}

/** "← Volver" to the page a detail page belongs to (the board, the customers list). */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={admin.back}>
      ← {label}
    </Link>
  );
}

/** The frame of a back-office page: a column with its heading on top. */
export function AdminPage({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className={admin.main}>
      <PageHeading title={title} intro={intro} />
      {children}
    </div>
  );
}
