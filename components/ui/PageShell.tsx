import type { ReactNode } from 'react';
import { Container } from './Container';
import styles from './PageShell.module.css';

export interface PageShellProps {
  /** the page's <h1>; without it the content brings its own heading (the order detail) */
  title?: ReactNode;
  intro?: ReactNode;
  /** a further line under the intro (the cart's link to the quick order) */
  note?: ReactNode;
  children: ReactNode;
}

/** The frame of the customer's tool pages (cart, checkout, orders, price list, quick order): width, heading, intro. */
export function PageShell({ title, intro, note, children }: PageShellProps) {
  return (
    <Container className={styles.page}>
      {title ? (
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          {note ? <p className={styles.intro}>{note}</p> : null}
        </header>
      ) : null}
      {children}
    </Container>
  );
}
