/** Test helpers for components/checkout and components/orders (not shipped). */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import checkout from '@/messages/es/checkout.json';
import orders from '@/messages/es/orders.json';
import errors from '@/messages/es/errors.json';
import { SHOP_TIME_ZONE } from '@/lib/locales';

const messages = { checkout, orders, errors };

function IntlEs({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="es" messages={messages} onError={() => {}} timeZone={SHOP_TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  );
}

export function renderEs(ui: ReactElement) {
  return render(ui, { wrapper: IntlEs });
}
