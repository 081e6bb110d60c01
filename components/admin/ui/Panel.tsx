import type { ReactNode } from 'react';
import admin from '../admin.module.css';

/**
 * The classes a panel is drawn with: the admin's by default, products.module.css's cards on the catalogue
 * pages (`head`: the row of the heading and its actions).
 */
export type PanelLook = { panel?: string; h2?: string; head?: string };

/** A titled panel of the back-office (a region named by its h2). `headingId` must be unique on the page. */
export function Panel({
  headingId,
  title,
  testId,
  className,
  id,
  look = admin,
  actions,
  headClass = look.head,
  busy,
  children,
}: {
  headingId: string;
  title: ReactNode;
  testId?: string;
  className?: string;
  /** the section's own id (a link target) */
  id?: string;
  look?: PanelLook;
  /** what stands beside the heading (a button, a close link, a summary), in one row with it */
  actions?: ReactNode;
  /** that row's class, when not the look's */
  headClass?: string;
  /** aria-busy while one of the panel's actions runs */
  busy?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={headingId} className={look.h2}>
      {title}
    </h2>
  );
  return (
    <section className={className ? `${look.panel} ${className}` : look.panel} aria-labelledby={headingId} id={id} data-testid={testId} aria-busy={busy}>
      {actions ? (
        <div className={headClass}>
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
