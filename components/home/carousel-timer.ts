/** Spec §9: the home carousel auto-advances every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;

export interface AutoplayInputs {
  slideCount: number;
  /** The user's explicit choice with the pause/play button (null: none yet). */
  userPlaying: boolean | null;
  /** Pointer over the carousel or keyboard focus inside it. */
  hovered: boolean;
  focused: boolean;
  /** prefers-reduced-motion: reduce (then it starts paused; the play button still works). */
  reducedMotion: boolean;
  /** The page is hidden (background tab). */
  hidden?: boolean;
}

/** Whether the carousel should currently auto-advance. */
export function shouldAutoplay({ slideCount, userPlaying, hovered, focused, reducedMotion, hidden = false }: AutoplayInputs): boolean {
  if (slideCount < 2 || hidden) return false;
  const wantsPlay = userPlaying ?? !reducedMotion;
  return wantsPlay && !hovered && !focused;
}

/** Whether the pause/play button shows "pause" (the user's intent, ignoring temporary hover/focus pauses). */
export function isPlayingIntent(userPlaying: boolean | null, reducedMotion: boolean): boolean {
  return userPlaying ?? !reducedMotion;
}
