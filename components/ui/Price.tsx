import { formatPesos } from '@/lib/money';
import styles from './Price.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface PriceInput {
  price: number;
  minPrice?: number | null;
  maxPrice?: number | null;
  /** The discounted unit price (spec: the cart uses `discount` when present). */
  discount?: number | null;
}

export type PriceDisplay =
  | { kind: 'range'; min: string; max: string }
  | { kind: 'single'; current: string; regular: string | null };

/**
 * What to show for a product's price: a range when min and max differ (variable products), otherwise
 * one price, with the regular price struck through when a lower discount price exists.
 */
export function priceDisplay({ price, minPrice, maxPrice, discount }: PriceInput): PriceDisplay {
  const min = typeof minPrice === 'number' && minPrice > 0 ? minPrice : null;
  const max = typeof maxPrice === 'number' && maxPrice > 0 ? maxPrice : null;
  if (min !== null && max !== null && min !== max) {
    return { kind: 'range', min: formatPesos(Math.min(min, max)), max: formatPesos(Math.max(min, max)) };
  }
  const base = min !== null && max !== null && min === max && !(price > 0) ? min : price;
  if (typeof discount === 'number' && discount > 0 && discount < base) {
    return { kind: 'single', current: formatPesos(discount), regular: formatPesos(base) };
  }
  return { kind: 'single', current: formatPesos(base), regular: null };
}

interface PriceProps extends PriceInput {
  className?: string;
  /** Screen-reader prefix read before the struck-through price, e.g. "Precio anterior:". */
  regularPrefix?: string;
}

/** Formatted ARS price (es-AR, 2 decimals) or price range. Server and client safe (no hooks). */
export function Price({ className, regularPrefix, ...input }: PriceProps) {
  const d = priceDisplay(input);
  if (d.kind === 'range') {
    return (
      <span className={[styles.price, className].filter(Boolean).join(' ')}>
        {d.min} – {d.max}
      </span>
    );
  }
  return (
    <span className={[styles.price, className].filter(Boolean).join(' ')}>
      {d.regular ? (
        <del className={styles.regular}>
          {regularPrefix ? <VisuallyHidden>{`${regularPrefix} `}</VisuallyHidden> : null}
          {d.regular}
        </del>
      ) : null}
      <span>{d.current}</span>
    </span>
  );
}
