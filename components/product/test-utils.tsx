import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import es from '@/messages/es/product.json';

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="es" messages={{ product: es }} onError={() => {}}>
      {children}
    </NextIntlClientProvider>
  );
}

/** Renders (and re-renders) inside NextIntlClientProvider with the Spanish product messages (test helper, not shipped). */
export function renderWithProductIntl(ui: ReactElement) {
  return render(ui, { wrapper: Wrapper });
}

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
