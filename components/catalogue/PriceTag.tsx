import type { PriceView } from './price';
import styles from './PriceTag.module.css';

/** A price or a price range (no hooks: usable from server and client components). */
export function PriceTag({
  view,
  regularLabel,
  size = 'md',
  className,
}: {
  view: PriceView;
  /** Accessible text for the struck list price, e.g. "Precio anterior: $ 1.000,00". */
  regularLabel?: (price: string) => string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const cls = [styles.price, size === 'lg' ? styles.lg : '', className ?? ''].filter(Boolean).join(' ');
  if (view.kind === 'range') {
    return (
      <p className={`${cls} ${styles.range}`}>
        <span className={styles.current}>
          {view.min}
          <span className={styles.dash} aria-hidden="true">
            {' – '}
          </span>
          <span className="visually-hidden"> – </span>
          {view.max}
        </span>
      </p>
    );
  }
  return (
    <p className={cls}>
      {/* aria-label on <s> is ignored by screen readers (it cannot be named): the struck price is
          hidden from them and announced once as text that says it is the old price. */}
      {view.regular && regularLabel ? (
        <>
          <s className={styles.regular} aria-hidden="true">
            {view.regular}
          </s>
          <span className="visually-hidden">{regularLabel(view.regular)}</span>
        </>
      ) : view.regular ? (
        <s className={styles.regular}>{view.regular}</s>
      ) : null}
      <span className={styles.current}>{view.price}</span>
    </p>
  );
}
