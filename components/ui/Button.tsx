import type { ButtonHTMLAttributes, ComponentProps } from 'react';
import { Link } from '@/i18n/navigation';
import styles from './Button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost';

interface StyleProps {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  block?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'medium', block = false }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

/** A button with the shop's look. `type` defaults to "button" (never an accidental form submit). */
export function Button({ variant, size, block, className, type = 'button', ...rest }: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}

/** A locale-aware link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...rest }: StyleProps & ComponentProps<typeof Link>) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
