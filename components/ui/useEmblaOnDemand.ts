'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';

type Action = (api: EmblaCarouselType) => void;

/**
 * Embla, the carousels' library, loaded when a carousel is used rather than with the page (issue 25): until
 * then the slides sit as the server rendered them, the first one showing. The first `run(action)` — a button,
 * a thumbnail, the first auto-advance — or `prepare()` — a pointer over the carousel, a touch, focus — imports
 * Embla, mounts it on the viewport and then runs what was asked, in order.
 * `options` are read once, when Embla mounts.
 */
export function useEmblaOnDemand(options: EmblaOptionsType) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const queue = useRef<Action[]>([]);
  const initial = useRef(options);

  useEffect(() => {
    if (!wanted || !viewport) return;
    let instance: EmblaCarouselType | null = null;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      instance = EmblaCarousel(viewport, initial.current);
      setApi(instance);
      for (const action of queue.current.splice(0)) action(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [wanted, viewport]);

  const run = useCallback(
    (action: Action) => {
      if (api) return action(api);
      queue.current.push(action);
      setWanted(true);
    },
    [api],
  );
  const prepare = useCallback(() => setWanted(true), []);
  return { viewportRef: setViewport, api, run, prepare };
}
