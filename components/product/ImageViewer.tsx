'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import { FallbackImage } from './FallbackImage';
import { clampZoom, pinchZoom, wheelZoom, WHEEL_IN, WHEEL_OUT } from './image-utils';
import styles from './ImageViewer.module.css';
import { keepTabInside } from '@/components/ui/focus-trap';

interface ViewerImage {
  src: string;
  alt: string;
}

interface Props {
  images: readonly ViewerImage[];
  startIndex: number;
  /** Called with the image shown last, so the gallery can follow. */
  onClose: (index: number) => void;
}

type Point = { x: number; y: number };

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * Fullscreen image viewer (spec §2 "Image viewer", §9): zoom 0.5×–5× with the wheel (×1.1 / ×0.9),
 * pinch (pointer events) or the buttons, drag to pan, double-click to toggle 2×, Escape or the close
 * button to leave. A failed image shows the alt text cut to 20 characters. Loaded on demand.
 */
export default function ImageViewer({ images, startIndex, onClose }: Props) {
  const t = useTranslations('product.viewer');
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(images.length - 1, 0)));
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ startScale: number; startDistance: number; last: Point | null }>({
    startScale: 1,
    startDistance: 0,
    last: null,
  });
  const many = images.length > 1;
  const image = images[index];

  const reset = useCallback(() => {
    setScale(1);
    setOffset({ x: 0, y: 0 });
  }, []);

  const go = useCallback(
    (delta: number) => {
      if (!many) return;
      setIndex((i) => (i + delta + images.length) % images.length);
      reset();
    },
    [images.length, many, reset],
  );

  const close = useCallback(() => onClose(index), [onClose, index]);

  // Open: focus the close button, lock page scroll. Close: restore scroll.
  useEffect(() => {
    closeButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // Keyboard: Escape closes, arrows change image, +/- zoom, Tab stays inside the dialog.
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      } else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
      else if (e.key === '+' || e.key === '=') setScale((s) => clampZoom(s * WHEEL_IN));
      else if (e.key === '-') setScale((s) => clampZoom(s * WHEEL_OUT));
      else if (e.key === 'Tab' && dialog.current) {
        keepTabInside(e, [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])')]);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close, go]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    function onWheel(e: WheelEvent) {
      e.preventDefault();
      setScale((s) => wheelZoom(s, e.deltaY));
    }
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    if (pts.length === 2) {
      gesture.current = { startScale: scale, startDistance: distance(pts[0], pts[1]), last: null };
    } else if (pts.length === 1) {
      gesture.current.last = { x: e.clientX, y: e.clientY };
      setDragging(true);
    }
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    if (pts.length >= 2) {
      const g = gesture.current;
      setScale(pinchZoom(g.startScale, g.startDistance, distance(pts[0], pts[1])));
    } else if (gesture.current.last) {
      const last = gesture.current.last;
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      gesture.current.last = { x: e.clientX, y: e.clientY };
      setOffset((o) => ({ x: o.x + dx, y: o.y + dy }));
    }
  }

  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(e.pointerId);
    const rest = [...pointers.current.values()];
    gesture.current.last = rest.length === 1 ? rest[0] : null;
    if (rest.length === 0) setDragging(false);
  }

  if (!image) return null;
  const percent = Math.round(scale * 100);

  return createPortal(
    <div
      ref={dialog}
      className={styles.backdrop}
      role="dialog"
      aria-modal="true"
      aria-label={t('label')}
      data-testid="image-viewer"
    >
      <div className={styles.toolbar}>
        <span className={styles.status} aria-live="polite">
          {many ? `${index + 1} / ${images.length} · ` : ''}
          {t('zoom', { percent })}
        </span>
        <div className={styles.tools}>
          <button type="button" className={styles.tool} onClick={() => setScale((s) => clampZoom(s * WHEEL_OUT))} aria-label={t('zoomOut')} disabled={scale <= 0.5}>
            <span aria-hidden="true">−</span>
          </button>
          <button type="button" className={styles.tool} onClick={reset} aria-label={t('reset')}>
            <span aria-hidden="true">1:1</span>
          </button>
          <button type="button" className={styles.tool} onClick={() => setScale((s) => clampZoom(s * WHEEL_IN))} aria-label={t('zoomIn')} disabled={scale >= 5}>
            <span aria-hidden="true">+</span>
          </button>
          <button ref={closeButton} type="button" className={`${styles.tool} ${styles.close}`} onClick={close} aria-label={t('close')}>
            <CloseIcon />
          </button>
        </div>
      </div>

      <div
        ref={stage}
        className={`${styles.stage} ${dragging ? styles.dragging : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={() => {
          if (scale === 1) setScale(2);
          else reset();
        }}
        data-testid="image-viewer-stage"
        data-scale={scale.toFixed(3)}
      >
        <div
          className={styles.transform}
          style={{ transform: `translate3d(${offset.x}px, ${offset.y}px, 0) scale(${scale})` }}
        >
          <FallbackImage
            key={image.src}
            src={image.src}
            alt={image.alt}
            className={styles.image}
            placeholderClassName={styles.placeholder}
            draggable={false}
          />
        </div>
      </div>

      {many ? (
        <>
          <button type="button" className={`${styles.nav} ${styles.prev}`} onClick={() => go(-1)} aria-label={t('previous')}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className={`${styles.nav} ${styles.next}`} onClick={() => go(1)} aria-label={t('next')}>
            <ChevronRightIcon />
          </button>
        </>
      ) : null}
      <p className={styles.hint}>{t('hint')}</p>
    </div>,
    document.body,
  );
}
