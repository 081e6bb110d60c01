import type { ReactNode } from 'react';

/**
 * One term and its value in a <dl> (an order's facts and totals, the cart summary, the profile's data):
 * `<div><dt>label</dt><dd>value</dd></div>`, the <div> grouping the pair for the list's layout.
 */
export function Fact({ label, className, testId, children }: { label: ReactNode; className?: string; testId?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
