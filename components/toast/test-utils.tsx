import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import es from '@/messages/es/toast.json';
import en from '@/messages/en/toast.json';
import pt from '@/messages/pt-BR/toast.json';

const ALL = { es, en, 'pt-BR': pt } as const;

/** Renders inside NextIntlClientProvider with this folder's messages (test helper, not shipped). */
export function renderWithIntl(ui: ReactElement, locale: keyof typeof ALL = 'es') {
  return render(
    <NextIntlClientProvider locale={locale} messages={{ toast: ALL[locale] }} onError={() => {}}>
      {ui}
    </NextIntlClientProvider>,
  );
}
