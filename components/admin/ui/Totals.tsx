import admin from '../admin.module.css';

/** The lines of an order's totals, in the order every total list shows them (the final total last). */
export const TOTAL_KEYS = ['subtotal', 'bonus', 'net', 'vat', 'priceWithVat', 'iibb', 'finalTotal'] as const;
export type TotalKey = (typeof TOTAL_KEYS)[number];

/**
 * An order's totals as a definition list of label and amount, the last row (the final total) stressed: the
 * order page, its budget editor's preview and the printed budget.
 */
export function TotalsList({
  rows,
  className = admin.totals,
  strongClass = admin.totalStrong,
  testId,
}: {
  rows: readonly (readonly [label: string, amount: string])[];
  className?: string;
  strongClass?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {rows.map(([label, amount], i) => (
        <div key={label} className={i === rows.length - 1 ? strongClass : undefined}>
          <dt>{label}</dt>
          <dd>{amount}</dd>
        </div>
      ))}
    </dl>
  );
}
