'use client';
import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after hydration (at most `timeoutMs` later), then true.
 * Carousels hand Embla their viewport only then: its measuring and positioning are then no part of
 * hydration's long task on a phone; until then the first slide shows as the server rendered it.
 */
export function useIdleStart(timeoutMs = 1500): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setStarted(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setStarted(true), 200);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return started;
}
