'use client';

import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { placeholderText } from './image-utils';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'src'> & {
  src: string;
  alt: string;
  /** Class of the placeholder shown when the image fails (spec §8: alt text cut to 20 characters). */
  placeholderClassName?: string;
};

/**
 * An <img> that turns into a placeholder with the alt text (cut to 20 characters) when it fails to
 * load — also when it failed before hydration (checked on mount).
 */
export function FallbackImage({ src, alt, placeholderClassName, className, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    // An image that broke while the HTML loaded (before React attached onError).
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailedSrc(src);
  }, [src]);

  if (failedSrc === src) {
    if (!alt) return <span aria-hidden="true" className={placeholderClassName ?? className} />;
    return (
      <span role="img" aria-label={alt} className={placeholderClassName ?? className} data-testid="image-placeholder">
        {placeholderText(alt)}
      </span>
    );
  }
  return <img ref={ref} src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
