import type { ReactNode } from 'react';
import styles from './Table.module.css';

export interface Column {
  label: ReactNode;
  /** an amount or a quantity: right-aligned */
  num?: boolean;
}

/** The header row of a table of lines: one column header each, amounts right-aligned. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col" className={c.num ? styles.num : undefined}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
