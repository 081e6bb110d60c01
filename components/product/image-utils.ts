/** Spec §9: the placeholder of a failed image shows the alt text cut to 20 characters. */
const ALT_PLACEHOLDER_LENGTH = 20;

export function placeholderText(alt: string): string {
  const chars = Array.from(alt.trim());
  return chars.length > ALT_PLACEHOLDER_LENGTH ? chars.slice(0, ALT_PLACEHOLDER_LENGTH).join('') : chars.join('');
}

/** Spec §9: image zoom from 0.5× to 5×; the wheel multiplies by 1.1 (in) or 0.9 (out). */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 5;
export const WHEEL_IN = 1.1;
export const WHEEL_OUT = 0.9;

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** New scale after one wheel notch: deltaY < 0 (away from the user) zooms in. */
export function wheelZoom(scale: number, deltaY: number): number {
  if (deltaY === 0) return clampZoom(scale);
  return clampZoom(scale * (deltaY < 0 ? WHEEL_IN : WHEEL_OUT));
}

/** Scale during a pinch: the start scale times how much the fingers spread, clamped. */
export function pinchZoom(startScale: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return clampZoom(startScale);
  return clampZoom(startScale * (distance / startDistance));
}

/** Carousel auto-advance interval (spec §9). */
export const AUTOPLAY_MS = 3000;

/** The gallery's responsive sources: phones download a resized copy (app/uploads ?w=), large screens the 800 px original. */
export const GALLERY_SIZES = '(min-width: 1024px) 560px, 100vw';
export function gallerySrcSet(src: string): string {
  return `${src}?w=480 480w, ${src}?w=640 640w, ${src} 800w`;
}
