import type { ReactNode } from 'react';
import admin from '../admin.module.css';

/** A titled panel of the back-office (a region named by its h2). `headingId` must be unique on the page. */
export function Panel({
  headingId,
  title,
  testId,
  className,
  id,
  children,
}: {
  headingId: string;
  title: ReactNode;
  testId?: string;
  className?: string;
  /** the section's own id (a link target) */
  id?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `${admin.panel} ${className}` : admin.panel} aria-labelledby={headingId} id={id} data-testid={testId}>
      <h2 id={headingId} className={admin.h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}
