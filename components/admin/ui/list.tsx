import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { Pager } from '@/components/admin/Pager';
import admin from '../admin.module.css';

/*
 * The pieces every back-office list is made of (orders board, customers, products, price audit): a GET
 * filter form, the results line with its export links, a table or a list or their empty note, state chips
 * and the pager. No state and no handlers: the lists render them on the server, where every control is a
 * link or a form field, so they work without JavaScript (the client islands reuse ItemList and ListTable).
 * Lists with a look of their own pass their classes; the admin's are the default.
 */

/** The two date fields of a GET filter form (`from`, `to`; YYYY-MM-DD as the API reads them). */
export function DateRangeFields({ from, to, labels, fieldClass = admin.field }: { from?: string; to?: string; labels: { from: string; to: string }; fieldClass?: string }) {
  return (
    <>
      <label className={fieldClass}>
        <span>{labels.from}</span>
        <input type="date" name="from" defaultValue={from ?? ''} />
      </label>
      <label className={fieldClass}>
        <span>{labels.to}</span>
        <input type="date" name="to" defaultValue={to ?? ''} />
      </label>
    </>
  );
}

/** The search box of a list's filter form (`q`, at most 100 characters as the API accepts). */
export function SearchField({ label, placeholder, value, className, testId }: { label: string; placeholder: string; value?: string; className: string; testId?: string }) {
  return (
    <label className={className}>
      <span>{label}</span>
      <input type="search" name="q" defaultValue={value ?? ''} placeholder={placeholder} maxLength={100} data-testid={testId} />
    </label>
  );
}

/**
 * A select of a list's filter form: its label, the "all" choice (an empty value) when there is one, then
 * the options (children). `value` is the filter as read from the URL.
 */
export function FilterSelect({
  label,
  name,
  value,
  all,
  className = admin.field,
  selectClass,
  testId,
  children,
}: {
  label: string;
  name: string;
  value: string | undefined;
  all?: string;
  className?: string;
  selectClass?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ''} className={selectClass} data-testid={testId}>
        {all === undefined ? null : <option value="">{all}</option>}
        {children}
      </select>
    </label>
  );
}

/** "Aplicar" (submits the GET form) and "Limpiar" (a link to the list without filters). */
export function FilterActions({
  apply,
  clear,
  clearHref,
  className = admin.filterActions,
  applyClass = admin.primaryButton,
  clearClass = admin.linkButton,
}: {
  apply: string;
  clear: string;
  clearHref: string;
  className?: string;
  applyClass?: string;
  clearClass?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={applyClass}>
        {apply}
      </button>
      <Link href={clearHref} className={clearClass}>
        {clear}
      </Link>
    </div>
  );
}

/** The results line ("N pedidos", read out when it changes) and, when the list has rows, its actions. */
export function ResultsRow({ text, actions }: { text: string; actions?: ReactNode }) {
  return (
    <div className={admin.resultsRow}>
      <p className={admin.muted} aria-live="polite">
        {text}
      </p>
      {actions ? <div className={admin.resultActions}>{actions}</div> : null}
    </div>
  );
}

/**
 * CSV and XLSX downloads of what the list shows. The hrefs are storefront route handlers: they send the
 * session to the API (a plain link to the API cannot).
 */
export function ExportLinks({ csv, xlsx, labels, testId }: { csv: string; xlsx: string; labels: { csv: string; xlsx: string }; testId: string }) {
  return (
    <>
      <a href={csv} className={admin.linkButton} download data-testid={testId}>
        {labels.csv}
      </a>
      <a href={xlsx} className={admin.linkButton} download data-testid={`${testId}-xlsx`}>
        {labels.xlsx}
      </a>
    </>
  );
}

/** A list of `items` (each drawn by `children`) or, without any, its note (muted by default). */
export function ItemList<T>({
  items,
  empty,
  className,
  emptyClass = admin.muted,
  ordered = false,
  testId,
  head,
  children,
}: {
  items: readonly T[];
  empty: string;
  className: string | undefined;
  emptyClass?: string;
  /** an <ol> where the order is the point */
  ordered?: boolean;
  testId?: string;
  /** a first row before the items (a column header) */
  head?: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) return <p className={emptyClass}>{empty}</p>;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className} data-testid={testId}>
      {head}
      {items.map(children)}
    </List>
  );
}

export type Column = { label: ReactNode; className?: string };
type TableLook = { empty?: string; tableWrap?: string; table?: string };

/** The list's table (its rows are the children) or, without rows, the empty note. */
export function ListTable({
  empty,
  rows,
  columns,
  testId,
  labelledBy,
  className,
  look = admin,
  region,
  children,
}: {
  empty: string;
  rows: number;
  columns: Column[];
  testId?: string;
  /** the id of the heading that names the table */
  labelledBy?: string;
  /** classes added to the table's own (a phone layout) */
  className?: string;
  look?: TableLook;
  /** the id of the heading that names the scrolling frame, then focusable so the keyboard scrolls it too */
  region?: string;
  children: ReactNode;
}) {
  if (rows === 0) return <p className={look.empty}>{empty}</p>;
  return (
    <div className={look.tableWrap} {...(region ? { tabIndex: 0, role: 'region', 'aria-labelledby': region } : {})}>
      <table className={className ? `${look.table} ${className}` : look.table} aria-labelledby={labelledBy} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A list's pager, its labels from the list's own messages (`pagination`, `prev`, `next`, `pageOf`). */
export function ListPager({
  page,
  totalPages,
  href,
  t,
  arrows = false,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  t: (key: string, values?: Record<string, number>) => string;
  /** "← Anterior" / "Siguiente →" (the products list) */
  arrows?: boolean;
}) {
  const pages = Math.max(1, totalPages);
  const prev = t('prev');
  const next = t('next');
  return (
    <Pager
      page={page}
      pages={pages}
      href={href}
      labels={{ nav: t('pagination'), prev: arrows ? `← ${prev}` : prev, next: arrows ? `${next} →` : next, pageOf: t('pageOf', { page, pages }) }}
    />
  );
}

export type Chip = {
  key: string;
  href: string;
  label: ReactNode;
  count: number;
  current: boolean;
  /** a coloured dot before the label */
  dot?: ReactNode;
  /** data-* attributes the CSS and the e2e read */
  data?: Record<`data-${string}`, string | true | undefined>;
};

/** State chips with counts ("Todos", then one per state), each a link to the list filtered by it. */
export function StateChips({ label, chips, chipClass = admin.chip, testId }: { label: string; chips: Chip[]; chipClass?: string; testId?: string }) {
  return (
    <nav aria-label={label}>
      <ul className={admin.chips} data-testid={testId}>
        {chips.map((c) => (
          <li key={c.key}>
            <Link href={c.href} className={chipClass} aria-current={c.current ? 'page' : undefined} {...c.data}>
              {c.dot}
              {c.label} <span className={admin.count}>{c.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
