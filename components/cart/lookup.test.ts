import { lookupItem } from '@/lib/cart/test-helpers';
import { LOOKUP_CHUNK, fetchLookup } from './lookup';

const json = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

let fetchMock: jest.Mock;

beforeEach(() => {
  document.documentElement.dataset.apiUrl = 'http://api.test';
  fetchMock = jest.fn();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
});

afterAll(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  delete document.documentElement.dataset.apiUrl;
});

describe('fetchLookup', () => {
  it('asks GET {PUBLIC_API_URL}/api/products/lookup?ids=… without the session token', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: { items: [lookupItem(1), lookupItem(2)] } }));
    const result = await fetchLookup([1, 2, 3]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/products/lookup?ids=1,2,3');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(result.requestedIds).toEqual([1, 2, 3]);
    expect(result.found.map((f) => f.id)).toEqual([1, 2]);
  });

  it('also accepts a bare array as data, and drops malformed entries', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [lookupItem(4), null, { id: 'x' }] }));
    const result = await fetchLookup([4]);
    expect(result.found.map((f) => f.id)).toEqual([4]);
  });

  it('splits long carts into chunks and de-duplicates ids', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const ids = new URL(url).searchParams.get('ids')!.split(',').map(Number);
      return json(200, { success: true, data: { items: ids.map((id) => lookupItem(id)) } });
    });
    const ids = Array.from({ length: LOOKUP_CHUNK * 2 + 5 }, (_, i) => i + 1);
    const result = await fetchLookup([...ids, 1, 2, 0, -3]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.requestedIds).toEqual(ids);
    expect(result.found).toHaveLength(ids.length);
  });

  it('a failed chunk is left out of requestedIds (its items are not flagged as gone)', async () => {
    let call = 0;
    fetchMock.mockImplementation(async () => {
      call++;
      if (call === 2) return json(500, { success: false, message: 'boom' });
      return json(200, { success: true, data: { items: [] } });
    });
    const ids = Array.from({ length: LOOKUP_CHUNK + 1 }, (_, i) => i + 1);
    const result = await fetchLookup(ids);
    expect(result.requestedIds).toEqual(ids.slice(0, LOOKUP_CHUNK));
  });

  it('throws when nothing could be asked (network down, bad answer)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchLookup([1])).rejects.toThrow();
    fetchMock.mockResolvedValue(json(200, { success: true, data: { nope: true } }));
    await expect(fetchLookup([1])).rejects.toThrow('lookup: unexpected answer');
  });
});
