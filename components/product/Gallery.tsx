'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { useEmblaOnDemand } from '@/components/ui/useEmblaOnDemand';
import { FallbackImage } from './FallbackImage';
import { AUTOPLAY_MS, GALLERY_SIZES, gallerySrcSet } from './image-utils';
import styles from './Gallery.module.css';

// The fullscreen viewer is code-split: its JS loads only when a shopper opens it.
const ImageViewer = dynamic(() => import('./ImageViewer'), { ssr: false });

export interface GalleryImage {
  src: string;
  alt: string;
}

/** Intrinsic size given to gallery images (square); CSS scales them, the attributes avoid layout shift. */
const GALLERY_IMAGE_SIZE = 800;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Product gallery (spec §2): a looping carousel that advances every 3 s (paused while hovered,
 * focused, hidden, with reduced motion, or while the viewer is open), previous/next buttons and
 * thumbnails only with more than one image, and a click that opens the fullscreen viewer. The first
 * image is server-rendered as a plain <img fetchpriority="high"> so the LCP does not wait for JS.
 */
export function Gallery({ images, name }: { images: readonly GalleryImage[]; name: string }) {
  const t = useTranslations('product.gallery');
  const many = images.length > 1;
  // Embla loads when the shopper reaches for the gallery; until then the auto-advance moves it without
  // (components/ui/useEmblaOnDemand).
  const { viewportRef, run, prepare, advance, selected } = useEmblaOnDemand({ loop: many, align: 'start', duration: 24 }, images.length);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const opener = useRef<HTMLElement | null>(null);

  // Auto-advance. Restarts after every slide change, so a manual move gets a full 3 s too.
  const paused = hovered || focused || reducedMotion || viewerIndex !== null;
  useEffect(() => {
    if (!many || paused) return;
    const id = window.setInterval(() => {
      // A background tab does not move (and does not pile up moves for when it comes back).
      if (document.visibilityState === 'visible') advance();
    }, AUTOPLAY_MS);
    return () => window.clearInterval(id);
  }, [advance, many, paused, selected]);

  const open = useCallback((index: number, from: HTMLElement) => {
    opener.current = from;
    setViewerIndex(index);
  }, []);

  const close = useCallback(
    (lastIndex: number) => {
      setViewerIndex(null);
      if (many) run((api) => api.scrollTo(lastIndex, true));
      // Give focus back to what opened the viewer.
      requestAnimationFrame(() => opener.current?.focus());
    },
    [run, many],
  );

  if (images.length === 0) {
    return (
      <div className={styles.gallery}>
        <div className={`${styles.frame} ${styles.empty}`} role="img" aria-label={t('label', { name })} />
      </div>
    );
  }

  return (
    <section
      className={styles.gallery}
      aria-roledescription="carousel"
      aria-label={t('label', { name })}
      onPointerEnter={(e) => {
        if (e.pointerType === 'mouse') setHovered(true);
        if (many) prepare();
      }}
      onPointerDown={() => many && prepare()}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        if (many) prepare();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.frame}>
        <div className={styles.viewport} ref={viewportRef}>
          <div className={styles.container}>
            {images.map((img, i) => (
              <div
                key={`${img.src}-${i}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('slide', { index: i + 1, total: images.length })}
              >
                <button
                  type="button"
                  className={styles.zoom}
                  onClick={(e) => open(i, e.currentTarget)}
                  aria-label={t('open', { index: i + 1, total: images.length })}
                  tabIndex={i === selected ? 0 : -1}
                >
                  <FallbackImage
                    src={img.src}
                    srcSet={gallerySrcSet(img.src)}
                    sizes={GALLERY_SIZES}
                    alt={img.alt}
                    width={GALLERY_IMAGE_SIZE}
                    height={GALLERY_IMAGE_SIZE}
                    className={styles.image}
                    placeholderClassName={styles.placeholder}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'low'}
                    decoding={i === 0 ? 'sync' : 'async'}
                    draggable={false}
                  />
                </button>
              </div>
            ))}
          </div>
        </div>
        {many ? (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.prev}`}
              onClick={() => run((api) => api.scrollPrev())}
              aria-label={t('previous')}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              onClick={() => run((api) => api.scrollNext())}
              aria-label={t('next')}
            >
              <ChevronRightIcon />
            </button>
            <span className={styles.counter} aria-hidden="true">
              {selected + 1} / {images.length}
            </span>
          </>
        ) : null}
      </div>

      {many ? (
        <ul className={styles.thumbs} aria-label={t('thumbnails')}>
          {images.map((img, i) => (
            <li key={`${img.src}-thumb-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={t('goTo', { index: i + 1, total: images.length })}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => run((api) => api.scrollTo(i))}
              >
                {/* 72 CSS px at up to 2× density: the smallest resized copy (app/uploads), not the full picture */}
                <FallbackImage
                  src={`${img.src}?w=160`}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className={styles.thumbImage}
                  placeholderClassName={styles.thumbPlaceholder}
                  draggable={false}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {viewerIndex !== null ? <ImageViewer images={images} startIndex={viewerIndex} onClose={close} /> : null}
    </section>
  );
}

