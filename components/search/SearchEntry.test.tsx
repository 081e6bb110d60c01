import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import common from '@/messages/es/common.json';
import errors from '@/messages/es/errors.json';
import { SearchEntry } from './SearchEntry';

jest.mock('@/i18n/navigation', () => ({
  useRouter: () => ({ push: jest.fn() }),
  getPathname: ({ href, locale }: { href: string; locale: string }) => (locale === 'es' ? href : `/${locale}${href}`),
}));
jest.mock('@/lib/toast/emitter', () => ({ notify: jest.fn() }));

function setup(locale = 'es') {
  render(
    <NextIntlClientProvider locale={locale} messages={{ common, errors }} onError={() => {}}>
      <SearchEntry />
    </NextIntlClientProvider>,
  );
}

describe('SearchEntry (the search box every page ships before the suggestions load)', () => {
  beforeEach(() => {
    global.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
  });

  it('is a plain GET form to the results page, usable before any suggestion code loads', () => {
    setup('en');
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/en/products');
    expect(form).toHaveAttribute('method', 'get');
    const box = screen.getByRole('combobox', { name: common.search.label });
    expect(box).toHaveAttribute('name', 'query');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('search-entry')).toBeInTheDocument();
  });

  it('loads the full box on focus and hands it what was typed, keeping the focus', async () => {
    setup();
    const entry = screen.getByRole('combobox');
    act(() => entry.focus());
    fireEvent.change(entry, { target: { value: 'velas' } });
    fireEvent.focus(entry);
    await waitFor(() => expect(screen.queryByTestId('search-entry')).not.toBeInTheDocument());
    const box = screen.getByRole('combobox', { name: common.search.label });
    expect(box).not.toBe(entry);
    expect(box).toHaveValue('velas');
    expect(box).toHaveFocus();
  });

  it('loads it on pointer hover too, without taking the focus', async () => {
    setup();
    fireEvent.pointerEnter(screen.getByRole('search'));
    await waitFor(() => expect(screen.queryByTestId('search-entry')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox')).not.toHaveFocus();
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});
