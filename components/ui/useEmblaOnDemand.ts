'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';

type Action = (api: EmblaCarouselType) => void;

/** How long an auto-advance takes before Embla is loaded (about Embla's own `duration: 24–28`). */
const SLIDE_MS = 450;

const shift = (el: HTMLElement, slides: number) => {
  el.style.transform = slides ? `translate3d(${slides * 100}%, 0, 0)` : '';
};

/**
 * After a looping move from the last slide to the first (the first slide was put after the last one and the
 * track moved onto it), puts both back where the first slide really is, without a transition.
 */
function settle(track: HTMLElement) {
  const first = track.firstElementChild as HTMLElement | null;
  if (!first?.style.transform) return;
  track.style.transition = 'none';
  shift(track, 0);
  shift(first, 0);
}

/**
 * One slide on without Embla: the track moves by CSS transition. Slides are `flex: 0 0 100%`, so a slide is
 * the track's width. From the last slide the first one is moved after it for the move, as Embla's loop does.
 */
function slideNext(track: HTMLElement, from: number, count: number): number {
  settle(track);
  const to = (from + 1) % count;
  const wraps = to === 0;
  if (wraps) {
    const first = track.firstElementChild as HTMLElement;
    shift(first, count);
    track.addEventListener('transitionend', () => settle(track), { once: true });
  }
  // read layout so the reset above is not merged into this transition
  void track.offsetWidth;
  track.style.transition = `transform ${SLIDE_MS}ms ease`;
  shift(track, -(wraps ? count : to));
  return to;
}

/**
 * Embla, the carousels' library, loaded when a shopper uses a carousel rather than with the page (issue 25):
 * until then the slides sit as the server rendered them, and the auto-advance (`advance()`) moves the track by a
 * CSS transition of its own, so a carousel nobody touches never loads Embla. The first `run(action)` — a button,
 * a thumbnail — or `prepare()` — a pointer over the carousel, a touch, focus — imports Embla, mounts it on the
 * viewport at the slide showing and then runs what was asked, in order.
 * `options` are read once, when Embla mounts; `selected` is the slide showing, whichever moved it.
 */
export function useEmblaOnDemand(options: EmblaOptionsType, count: number) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const current = useRef(0);
  const queue = useRef<Action[]>([]);
  const initial = useRef(options);

  const select = useCallback((index: number) => {
    current.current = index;
    setSelected(index);
  }, []);

  useEffect(() => {
    if (!wanted || !viewport) return;
    let instance: EmblaCarouselType | null = null;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      // Embla places the track itself: drop what the auto-advance left and start where it stopped.
      const track = viewport.firstElementChild as HTMLElement | null;
      if (track) {
        settle(track);
        track.style.transition = '';
        shift(track, 0);
      }
      const embla = EmblaCarousel(viewport, { ...initial.current, startIndex: current.current });
      const onSelect = () => select(embla.selectedScrollSnap());
      embla.on('select', onSelect).on('reInit', onSelect);
      instance = embla;
      setApi(embla);
      for (const action of queue.current.splice(0)) action(embla);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [wanted, viewport, select]);

  const run = useCallback(
    (action: Action) => {
      if (api) return action(api);
      queue.current.push(action);
      setWanted(true);
    },
    [api],
  );
  const prepare = useCallback(() => setWanted(true), []);
  const advance = useCallback(() => {
    const track = viewport?.firstElementChild;
    // Embla mounted or on its way: it moves.
    if (api || wanted || !(track instanceof HTMLElement)) return run((embla) => embla.scrollNext());
    if (count > 1) select(slideNext(track, current.current, count));
  }, [api, wanted, viewport, run, count, select]);
  return { viewportRef: setViewport, api, run, prepare, advance, selected };
}
