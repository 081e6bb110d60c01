import type { ReactNode } from 'react';
import styles from './account.module.css';

/** An account form's submit button, disabled while `disabled` (the form is being sent); `block` spans the card. */
export function SubmitButton({ disabled, block, children }: { disabled: boolean; block?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={block ? `${styles.button} ${styles.buttonBlock}` : styles.button} disabled={disabled}>
      {children}
    </button>
  );
}
