import type { ElementType, HTMLAttributes } from 'react';
import styles from './Container.module.css';

interface ContainerProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  narrow?: boolean;
}

/** Centred page-width wrapper with the shop's side padding. */
export function Container({ as: Tag = 'div', narrow, className, ...rest }: ContainerProps) {
  return <Tag className={[styles.container, narrow && styles.narrow, className].filter(Boolean).join(' ')} {...rest} />;
}
