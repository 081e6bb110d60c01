import styles from './Spinner.module.css';
import { VisuallyHidden } from './VisuallyHidden';

/** A small loading indicator; pass `label` to have it announced. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span className={className}>
      <span className={styles.spinner} aria-hidden="true" />
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </span>
  );
}
