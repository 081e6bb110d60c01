import type { ReactNode } from 'react';
import styles from './profile.module.css';

/** A titled block of the profile page (user data, password): a section labelled by its heading. */
export function ProfileSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
