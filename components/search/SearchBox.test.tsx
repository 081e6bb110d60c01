import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import common from '@/messages/es/common.json';
import errors from '@/messages/es/errors.json';
import type { ProductListItem } from '@/lib/contracts/catalogue';
import { FreshReads } from '@/lib/api/swr-test-utils';
import { SearchBox } from './SearchBox';

const push = jest.fn();
jest.mock('@/i18n/navigation', () => ({
  useRouter: () => ({ push }),
  getPathname: ({ href, locale }: { href: string; locale: string }) => (locale === 'es' ? href : `/${locale}${href}`),
}));
const notify = jest.fn();
jest.mock('@/lib/toast/emitter', () => ({ notify: (...args: unknown[]) => notify(...args) }));

function product(id: number, name: string, extra: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    price: 1000 * id,
    minPrice: 1000 * id,
    maxPrice: 1000 * id,
    discount: null,
    isVariable: false,
    Categories: [{ id: 1, name: 'Velas', slug: 'velas' }],
    ProductImages: [{ id, name: `/uploads/products/p${id}.webp` }],
    ...extra,
  } as ProductListItem;
}

/** jsdom has no fetch Response: the parts publicRequest reads. */
function fakeResponse(body: unknown, status = 200): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as unknown as Response;
}

function answer(items: ProductListItem[], status = 200) {
  return Promise.resolve(fakeResponse({ success: status < 400, data: { items } }, status));
}

const fetchMock = jest.fn();

function setup() {
  render(
    <FreshReads>
      <NextIntlClientProvider locale="es" messages={{ common, errors }} onError={() => {}}>
        <SearchBox />
      </NextIntlClientProvider>
    </FreshReads>,
  );
  return screen.getByRole('combobox');
}

async function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Renders the box with the API answering `items`, types `term` and lets the 500 ms debounce and the fetch pass. */
async function searchWith(items: ProductListItem[], term: string) {
  fetchMock.mockImplementation(() => answer(items));
  const input = setup();
  await type(input, term);
  await settle(500);
  return input;
}

async function settle(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  // let the fetch promise chain resolve
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock.mockReset();
  push.mockReset();
  notify.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  document.documentElement.dataset.apiUrl = 'http://api.test';
});

afterEach(() => {
  jest.useRealTimers();
});

describe('SearchBox', () => {
  it('waits 500 ms after the last keystroke and sends one request', async () => {
    fetchMock.mockImplementation(() => answer([product(1, 'Vela Roja')]));
    const input = setup();
    await type(input, 've');
    await settle(300);
    await type(input, 'vela');
    await settle(499);
    expect(fetchMock).not.toHaveBeenCalled();
    await settle(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('http://api.test/api/products/search?query=vela');
    // token-free call
    expect(fetchMock.mock.calls[0][1].headers.authorization).toBeUndefined();
  });

  it('sends nothing for empty or blank text', async () => {
    const input = setup();
    await type(input, '   ');
    await settle(2000);
    await type(input, '');
    await settle(2000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists matches (name and price) and announces the count', async () => {
    const input = await searchWith(
      [product(1, 'Vela Roja'), product(2, 'Vela Azul', { minPrice: 1500, maxPrice: 2500 })],
      'vela',
    );
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3); // "see all" + 2 products
    expect(options[0]).toHaveTextContent('Ver todos los resultados de «vela»');
    expect(options[1]).toHaveTextContent('Vela Roja');
    expect(options[1]).toHaveTextContent('$ 1.000,00');
    expect(options[2]).toHaveTextContent('$ 1.500,00 – $ 2.500,00');
    expect(screen.getByRole('status')).toHaveTextContent('2 resultados');
  });

  it('ArrowDown then Enter goes to /products?query=…', async () => {
    const input = await searchWith([product(1, 'Vela Roja')], 'vela roja');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const first = screen.getAllByRole('option')[0];
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(push).toHaveBeenCalledWith('/products?query=vela%20roja');
  });

  it('Enter with no active option goes to /products?query=… when results exist', async () => {
    const input = await searchWith([product(1, 'Vela Roja')], 'vela');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(push).toHaveBeenCalledWith('/products?query=vela');
  });

  it('ArrowDown twice then Enter opens the product; ArrowUp wraps', async () => {
    const input = await searchWith([product(1, 'Vela Roja'), product(2, 'Vela Azul')], 'vela');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps to "see all"
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(push).toHaveBeenCalledWith('/velas/vela-roja');
  });

  it('clicking a match opens its product page', async () => {
    await searchWith([product(3, 'Vela Verde')], 'verde');
    fireEvent.click(screen.getByText('Vela Verde'));
    expect(push).toHaveBeenCalledWith('/velas/vela-verde');
  });

  it('shows "not found" and Enter does nothing when there are no matches', async () => {
    const input = await searchWith([], 'zzz');
    // shown in the dropdown and announced in the live region
    expect(screen.getAllByText('No encontramos productos para «zzz»')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('No encontramos productos para «zzz»');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(push).not.toHaveBeenCalled();
  });

  it('nothing found: offers the API\'s "¿Quisiste decir …?" (searching it) and the categories', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        fakeResponse(
          url.includes('hornilllo')
            ? { success: true, data: { items: [], didYouMean: 'hornillo' } }
            : { success: true, data: { items: [product(3, 'Hornillo Buda')], didYouMean: null } },
        ),
      ),
    );
    render(
      <FreshReads>
        <NextIntlClientProvider locale="es" messages={{ common, errors }} onError={() => {}}>
          <SearchBox categories={[{ name: 'Hornillos', slug: 'hornillos' }, { name: 'Velas', slug: 'velas' }]} />
        </NextIntlClientProvider>
      </FreshReads>,
    );
    const input = screen.getByRole('combobox');
    await type(input, 'hornilllo');
    await settle(500);
    expect(screen.getByText(/¿Quisiste decir/)).toHaveTextContent('¿Quisiste decir hornillo?');
    expect(screen.getByRole('navigation', { name: 'Explorá nuestras categorías' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Velas' }));
    expect(push).toHaveBeenCalledWith('/velas');
    push.mockReset();
    await type(input, 'hornilllo');
    await settle(500);
    fireEvent.click(screen.getByRole('button', { name: 'hornillo' }));
    expect(input).toHaveValue('hornillo');
    await settle(500);
    expect(screen.getByText('Hornillo Buda')).toBeInTheDocument();
  });

  it('Escape clears the text and closes the suggestions', async () => {
    const input = await searchWith([product(1, 'Vela Roja')], 'vela');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('a failed search shows and notifies "Error at search" once', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const input = setup();
    await type(input, 'vela');
    await settle(500);
    expect(screen.getByRole('alert')).toHaveTextContent('Error at search');
    expect(notify).toHaveBeenCalledWith('ERROR', 'Error at search');
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('a slow answer for an old term never replaces the newer one', async () => {
    let resolveFirst: (r: Response) => void = () => {};
    fetchMock
      .mockImplementationOnce((_url: string, init: RequestInit) => new Promise<Response>((resolve, reject) => {
        resolveFirst = resolve;
        init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      }))
      .mockImplementationOnce(() => answer([product(2, 'Vela Azul')]));
    const input = setup();
    await type(input, 'roja');
    await settle(500);
    await type(input, 'azul');
    await settle(500);
    resolveFirst(fakeResponse({ success: true, data: { items: [product(1, 'Vela Roja')] } }));
    await settle(0);
    expect(screen.getByText('Vela Azul')).toBeInTheDocument();
    expect(screen.queryByText('Vela Roja')).not.toBeInTheDocument();
  });

  it('a term searched a moment ago is answered from the cache: typing back sends no second request', async () => {
    fetchMock.mockImplementation((url: string) => answer([product(1, url.endsWith('velas') ? 'Velas Surtidas' : 'Vela Roja')]));
    const input = setup();
    await type(input, 'vela');
    await settle(500);
    await type(input, 'velas');
    await settle(500);
    expect(screen.getByText('Velas Surtidas')).toBeInTheDocument();
    await type(input, 'vela');
    await settle(500);
    expect(screen.getByText('Vela Roja')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['http://api.test/api/products/search?query=vela', 'http://api.test/api/products/search?query=velas']);
  });
});
