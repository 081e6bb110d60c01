'use client';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { useEmblaOnDemand } from '@/components/ui/useEmblaOnDemand';
import { CAROUSEL_INTERVAL_MS, isPlayingIntent, shouldAutoplay } from './carousel-timer';
import styles from './HeroCarousel.module.css';

export interface HeroSlide {
  id: number;
  src: string;
  alt: string;
  /** Where the slide leads (site-relative or absolute), or null. */
  href: string | null;
}

function subscribeReducedMotion(onChange: () => void): () => void {
  const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
const getReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const getHidden = () => document.visibilityState === 'hidden';
const serverFalse = () => false;

/**
 * Home carousel (api/carouselImages): looping, auto-advancing every 3 s (own timer: pauses on hover,
 * on keyboard focus, in background tabs, and starts paused when reduced motion is preferred), previous/
 * next buttons, dots and a pause/play button (WCAG 2.2.2). APG carousel pattern.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const t = useTranslations('home.carousel');
  // Embla loads with the first gesture on the carousel; until then the auto-advance moves it without
  // (components/ui/useEmblaOnDemand).
  const count = slides.length;
  const { viewportRef, run, prepare, advance, selected } = useEmblaOnDemand({ loop: true, duration: 28 }, count);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, getReducedMotion, serverFalse);
  const hidden = useSyncExternalStore(subscribeVisibility, getHidden, serverFalse);
  const slidesId = useId();

  const autoplay = shouldAutoplay({ slideCount: count, userPlaying, hovered, focused, reducedMotion, hidden });
  // Restarts after every change of slide, so a manual move gets a full 3 s before the next one.
  useEffect(() => {
    if (!autoplay) return;
    const timer = setTimeout(advance, CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [advance, autoplay, selected]);
  const playing = isPlayingIntent(userPlaying, reducedMotion);

  if (count === 0) return null;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('label')}
      onMouseEnter={() => {
        setHovered(true);
        prepare();
      }}
      onPointerDown={prepare}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        prepare();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div id={slidesId} className={styles.track} aria-live={autoplay ? 'off' : 'polite'}>
          {slides.map((slide, i) => {
            const image = (
              // Plain <img> with resized sources from the /uploads proxy (?w=): phones get an 800 px banner.
              <img
                src={slide.src}
                srcSet={`${slide.src}?w=640 640w, ${slide.src}?w=800 800w, ${slide.src}?w=1200 1200w, ${slide.src} 1600w`}
                alt={slide.alt}
                width={1600}
                height={600}
                sizes="(min-width: 1200px) 1200px, 100vw"
                className={styles.image}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            );
            return (
              <div
                key={slide.id}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('slide', { index: i + 1, total: count })}
                aria-hidden={i !== selected || undefined}
                inert={i !== selected}
              >
                {slide.href ? (
                  slide.href.startsWith('/') ? (
                    <Link href={slide.href} className={styles.slideLink}>
                      {image}
                    </Link>
                  ) : (
                    <a href={slide.href} className={styles.slideLink}>
                      {image}
                    </a>
                  )
                ) : (
                  image
                )}
              </div>
            );
          })}
        </div>
      </div>

      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.playButton}
            onClick={() => setUserPlaying(!playing)}
            aria-label={playing ? t('pause') : t('play')}
          >
            {playing ? (
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
                <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M7 5v14l12-7z" fill="currentColor" />
              </svg>
            )}
          </button>
          <button type="button" className={styles.arrow} onClick={() => run((api) => api.scrollPrev())} aria-controls={slidesId}>
            <ChevronLeftIcon />
            <span className="visually-hidden">{t('previous')}</span>
          </button>
          <div className={styles.dots}>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={styles.dot}
                aria-label={t('goTo', { index: i + 1 })}
                aria-current={i === selected ? 'true' : undefined}
                aria-controls={slidesId}
                onClick={() => run((api) => api.scrollTo(i))}
              />
            ))}
          </div>
          <button type="button" className={styles.arrow} onClick={() => run((api) => api.scrollNext())} aria-controls={slidesId}>
            <ChevronRightIcon />
            <span className="visually-hidden">{t('next')}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
