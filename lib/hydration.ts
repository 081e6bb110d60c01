/**
 * A hydration signal for browser tests and tools: `ref={markHydrated}` on an island's root element sets
 * `data-hydrated="true"` when React commits it in the browser — that is, once its event handlers are
 * attached. A click or a key press sent before that is lost (the server HTML does nothing), so tests wait
 * for this attribute instead of sleeping or retrying.
 */
export function markHydrated(el: HTMLElement | null): void {
  el?.setAttribute('data-hydrated', 'true');
}
