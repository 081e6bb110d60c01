/**
 * @jest-environment node
 */
import { ApiError, apiGet } from './server';
import { getCategories, getCategoryBySlug, getProductById, getProductBySlug, getProducts, productListQuery } from './catalogue';

jest.mock('server-only', () => ({}));
jest.mock('./server', () => {
  class MockApiError extends Error {
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }
  return { ApiError: MockApiError, apiGet: jest.fn() };
});

const get = apiGet as jest.MockedFunction<typeof apiGet>;

beforeEach(() => get.mockReset());

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
  it('getProducts tags lists with products and the category', async () => {
    get.mockResolvedValue({ items: [], total: 0, totalPages: 0, page: 1, rows: 12 });
    await getProducts({ category: 'velas', sort: 'newest' });
    expect(get).toHaveBeenCalledWith('api/products?rows=12&page=1&Categories=velas&sort=newest', {
      tags: ['products', 'category:velas'],
      revalidate: 300,
    });
    await getProducts();
    expect(get).toHaveBeenLastCalledWith('api/products?rows=12&page=1', { tags: ['products'], revalidate: 300 });
  });

  it('getProductBySlug tags the detail and answers null on 404, throws on other failures', async () => {
    get.mockResolvedValueOnce({ id: 1, slug: 'vela' });
    await expect(getProductBySlug('vela')).resolves.toEqual({ id: 1, slug: 'vela' });
    expect(get).toHaveBeenCalledWith('api/product/slug/vela', { tags: ['product:vela', 'product-details'], revalidate: 300 });

    get.mockRejectedValueOnce(new ApiError(404, 'no'));
    await expect(getProductBySlug('nada')).resolves.toBeNull();

    get.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await expect(getProductBySlug('x')).rejects.toThrow('boom');

    get.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(getProductBySlug('x')).rejects.toThrow('fetch failed');
  });

  it('encodes slugs in the path', async () => {
    get.mockResolvedValueOnce({ id: 1, slug: 'x' });
    await getProductBySlug('a/b?c');
    expect(get.mock.calls[0][0]).toBe('api/product/slug/a%2Fb%3Fc');
  });

  it('getProductById tags by id', async () => {
    get.mockResolvedValueOnce({ id: 7 });
    await getProductById(7);
    expect(get).toHaveBeenCalledWith('api/product/7', { tags: ['product-id:7', 'product-details'], revalidate: 300 });
    get.mockRejectedValueOnce(new ApiError(404, 'no'));
    await expect(getProductById(8)).resolves.toBeNull();
  });

  it('getCategories accepts a list or an { items } page; getCategoryBySlug finds by slug', async () => {
    const cats = [
      { id: 1, name: 'Velas', slug: 'velas' },
      { id: 2, name: 'Sahumerios', slug: 'sahumerios' },
    ];
    get.mockResolvedValueOnce(cats);
    await expect(getCategories()).resolves.toEqual(cats);
    expect(get).toHaveBeenCalledWith('api/category/names', { tags: ['categories'], revalidate: 3600 });
    get.mockResolvedValueOnce({ items: cats });
    await expect(getCategories()).resolves.toEqual(cats);
    get.mockResolvedValueOnce(cats);
    await expect(getCategoryBySlug('sahumerios')).resolves.toEqual(cats[1]);
    get.mockResolvedValueOnce(cats);
    await expect(getCategoryBySlug('nope')).resolves.toBeNull();
    get.mockRejectedValueOnce(new ApiError(503, 'down'));
    await expect(getCategoryBySlug('velas')).rejects.toThrow('down');
  });
});
