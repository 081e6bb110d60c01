/**
 * @jest-environment node
 */
import { getProductBySlug } from '@/lib/api/catalogue';
import { loadProduct } from './load';

jest.mock('server-only', () => ({}));
jest.mock('@/lib/api/catalogue', () => ({ getProductBySlug: jest.fn() }));

const get = getProductBySlug as jest.MockedFunction<typeof getProductBySlug>;
beforeEach(() => get.mockReset());

describe('loadProduct', () => {
  it('ok', async () => {
    get.mockResolvedValueOnce({ id: 1, slug: 'a' } as never);
    await expect(loadProduct('a')).resolves.toEqual({ status: 'ok', product: { id: 1, slug: 'a' } });
  });

  it('missing on 404 (null) or a malformed answer, without retrying', async () => {
    get.mockResolvedValueOnce(null);
    await expect(loadProduct('b')).resolves.toEqual({ status: 'missing' });
    get.mockResolvedValueOnce({ id: 1 } as never);
    await expect(loadProduct('c')).resolves.toEqual({ status: 'missing' });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('retries a failure once', async () => {
    get.mockRejectedValueOnce(new Error('blip')).mockResolvedValueOnce({ id: 2, slug: 'd' } as never);
    await expect(loadProduct('d')).resolves.toEqual({ status: 'ok', product: { id: 2, slug: 'd' } });
    get.mockRejectedValue(new Error('down'));
    const out = await loadProduct('e');
    expect(out.status).toBe('failed');
    expect(get).toHaveBeenCalledTimes(4);
  });
});
