'use client';
import type { ReactNode } from 'react';
import { usePathname } from '@/i18n/navigation';
import { isBarePath } from './nav-items';
import { MAIN_CONTENT_ID } from './SkipLink';

/** Renders the shell's chrome (top bar, footer, bottom bar) except on the routes outside the shell. */
export function ShellOnly({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return isBarePath(pathname) ? null : <>{children}</>;
}

/**
 * The page's <main> landmark (skip-link target) for shell pages; bare routes render their own.
 * Pages inside the shell must not render another <main>.
 */
export function ShellMain({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  if (isBarePath(pathname)) return <>{children}</>;
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      {children}
    </main>
  );
}
