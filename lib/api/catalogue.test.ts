/**
 * @jest-environment node
 */
import { fetchApi } from './resilience';
import { getCategories, getCategoryBySlug, getProductById, getProductBySlug, getProducts, productListQuery } from './catalogue';

jest.mock('server-only', () => ({}));
// the network under apiGet/apiRead: the readers, the envelope and the contract parsing run for real
jest.mock('./resilience', () => ({ fetchApi: jest.fn() }));

const fetchMock = fetchApi as jest.MockedFunction<typeof fetchApi>;
const ok = (data: unknown) => fetchMock.mockResolvedValueOnce({ status: 200, body: { success: true, data } } as never);
const fail = (status: number, message: string) => fetchMock.mockResolvedValueOnce({ status, body: { success: false, message } } as never);
/** The path and the Next cache options of the n-th call. */
function call(n = 0): { path: string; next: unknown } {
  const [url, init] = fetchMock.mock.calls[n]!;
  return { path: url.replace(/^https?:\/\/[^/]+\//, ''), next: (init as { next?: unknown }).next };
}

const offer = { id: 1, name: 'x 12', units: 12, price: 900, isVip: false, isStrict: false };
const base = {
  id: 1, SKU: 'VEL-1', sku: 'VEL-1', name: 'Vela', slug: 'vela', brand: 'Sagrada Madre',
  isOutstanding: false, isVisible: true, isAvailable: true, isVariable: false, isVariation: false, isVip: false, isCatalogable: true,
  state: 'active', weight: null, length: null, width: null, height: null, score: 0,
  price: 1000, minPrice: 1000, maxPrice: 1000, discount: null, variationCount: 0, min: 1, max: 100, steps: 1, sales: 0,
  Categories: [{ id: 1, name: 'Velas', slug: 'velas' }], ProductImages: [], Offers: [offer], VariableId: null, Variable: null,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};
const product = { ...base, description: '**Vela** de soja', Variations: [] };

beforeEach(() => fetchMock.mockReset());

describe('productListQuery', () => {
  it('has a stable order and leaves empty filters out', () => {
    expect(productListQuery({})).toBe('rows=12&page=1');
    expect(productListQuery({ rows: 24, page: 3, category: 'velas', sort: 'name', query: '  palo santo ' })).toBe(
      'rows=24&page=3&Categories=velas&sort=name&query=palo+santo',
    );
    expect(productListQuery({ query: '   ' })).toBe('rows=12&page=1');
  });
});

describe('fetchers', () => {
  it('getProducts tags lists with products and the category, and parses the page with the contract', async () => {
    ok({ items: [{ ...base, internalNote: 'never shown' }], total: 1, totalPages: 1, page: 1, rows: 12, didYouMean: null });
    const page = await getProducts({ category: 'velas', sort: 'newest' });
    expect(call()).toEqual({ path: 'api/products?rows=12&page=1&Categories=velas&sort=newest', next: { tags: ['products', 'category:velas'], revalidate: 300 } });
    expect(page.items[0]).toEqual(base); // keys outside the contract are dropped
    ok({ items: [], total: 0, totalPages: 0, page: 1, rows: 12, didYouMean: 'vela' });
    await expect(getProducts()).resolves.toMatchObject({ didYouMean: 'vela' });
    expect(call(1)).toEqual({ path: 'api/products?rows=12&page=1', next: { tags: ['products'], revalidate: 300 } });
  });

  it('an answer that does not match the contract is an error (502), never a page with missing fields', async () => {
    ok({ items: [{ id: 1, slug: 'vela' }], total: 1, totalPages: 1, page: 1, rows: 12, didYouMean: null });
    await expect(getProducts()).rejects.toMatchObject({ status: 502 });
    ok({ id: 1, slug: 'vela' });
    await expect(getProductBySlug('vela')).rejects.toMatchObject({ status: 502 });
  });

  it('getProductBySlug tags the detail and answers null on 404, throws on other failures', async () => {
    ok(product);
    await expect(getProductBySlug('vela')).resolves.toEqual(product);
    expect(call()).toEqual({ path: 'api/product/slug/vela', next: { tags: ['product:vela', 'product-details'], revalidate: 300 } });

    fail(404, 'no');
    await expect(getProductBySlug('nada')).resolves.toBeNull();
    fail(500, 'boom');
    await expect(getProductBySlug('x')).rejects.toThrow('boom');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(getProductBySlug('x')).rejects.toThrow('fetch failed');
  });

  it('encodes slugs in the path', async () => {
    ok(product);
    await getProductBySlug('a/b?c');
    expect(call().path).toBe('api/product/slug/a%2Fb%3Fc');
  });

  it('getProductById tags by id', async () => {
    ok(product);
    await getProductById(7);
    expect(call()).toEqual({ path: 'api/product/7', next: { tags: ['product-id:7', 'product-details'], revalidate: 300 } });
    fail(404, 'no');
    await expect(getProductById(8)).resolves.toBeNull();
  });

  it('getCategories reads the list; getCategoryBySlug finds by slug and throws when the list fails', async () => {
    const cats = [
      { id: 1, name: 'Velas', slug: 'velas' },
      { id: 2, name: 'Sahumerios', slug: 'sahumerios' },
    ];
    ok(cats);
    await expect(getCategories()).resolves.toEqual(cats);
    expect(call()).toEqual({ path: 'api/category/names', next: { tags: ['categories'], revalidate: 3600 } });
    ok(cats);
    await expect(getCategoryBySlug('sahumerios')).resolves.toEqual(cats[1]);
    ok(cats);
    await expect(getCategoryBySlug('nope')).resolves.toBeNull();
    fail(503, 'down');
    await expect(getCategoryBySlug('velas')).rejects.toThrow('down');
  });
});
