/** What jsdom lacks, for the component tests (not shipped). */

/** jsdom has no PointerEvent: a minimal one so pointerId / pointerType reach the handlers. */
export function installPointerEvent(): void {
  if (typeof window === 'undefined' || 'PointerEvent' in window) return;
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  (window as unknown as { PointerEvent: typeof PointerEventPolyfill }).PointerEvent = PointerEventPolyfill;
}
