/**
 * @jest-environment node
 */
import { apiGet } from './server';
import { STOREFRONT_KEY_HEADER, storefrontKeyFrom, storefrontKeyHeader } from './storefront-key';

jest.mock('server-only', () => ({}));

describe('storefront key (issue 19 item 4: the API recognises the storefront by a secret, not by its address)', () => {
  const saved = process.env.REVALIDATE_SECRET;
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset().mockImplementation(async () => new Response(JSON.stringify({ success: true, data: 1 }), { status: 200 }));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterAll(() => {
    process.env.REVALIDATE_SECRET = saved;
  });

  it('is derived from REVALIDATE_SECRET, not the secret itself', () => {
    expect(storefrontKeyFrom('a')).toBe(storefrontKeyFrom('a'));
    expect(storefrontKeyFrom('a')).not.toBe(storefrontKeyFrom('b'));
    expect(storefrontKeyHeader({})).toEqual({});
    expect(storefrontKeyHeader({ REVALIDATE_SECRET: 's3' })).toEqual({ [STOREFRONT_KEY_HEADER]: storefrontKeyFrom('s3') });
  });

  it('is sent with every server-side API call', async () => {
    process.env.REVALIDATE_SECRET = 'secreto';
    await apiGet('api/tags');
    await apiGet('api/user/me', { token: 't' });
    for (const [, init] of fetchMock.mock.calls as [string, RequestInit][]) {
      expect((init.headers as Record<string, string>)[STOREFRONT_KEY_HEADER]).toBe(storefrontKeyFrom('secreto'));
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
