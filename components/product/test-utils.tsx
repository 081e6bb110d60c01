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
