/** Test helpers for components/checkout and components/orders (not shipped). */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import checkout from '@/messages/es/checkout.json';
import orders from '@/messages/es/orders.json';
import errors from '@/messages/es/errors.json';

export const messages = { checkout, orders, errors };

export function IntlEs({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="es" messages={messages} onError={() => {}} timeZone="America/Argentina/Buenos_Aires">
      {children}
    </NextIntlClientProvider>
  );
}

export function renderEs(ui: ReactElement) {
  return render(ui, { wrapper: IntlEs });
}
