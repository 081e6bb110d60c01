import type { ElementType, HTMLAttributes } from 'react';

/** Text for screen readers and search engines only (clipped, never display:none). See .visually-hidden in globals.css. */
export function VisuallyHidden({ as: Tag = 'span', className, ...rest }: HTMLAttributes<HTMLElement> & { as?: ElementType }) {
  return <Tag className={['visually-hidden', className].filter(Boolean).join(' ')} {...rest} />;
}
