/**
 * @jest-environment node
 */
import { revalidateTag } from 'next/cache';
import { POST } from './route';

jest.mock('next/cache', () => ({ revalidateTag: jest.fn() }));

const mocked = revalidateTag as jest.MockedFunction<typeof revalidateTag>;
const SECRET = 's3cret-for-tests';

function post(body: unknown, headers: Record<string, string> = { 'x-revalidate-secret': SECRET }): Request {
  return new Request('http://localhost/api/revalidate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/revalidate', () => {
  const saved = process.env.REVALIDATE_SECRET;
  beforeEach(() => {
    process.env.REVALIDATE_SECRET = SECRET;
    mocked.mockClear();
  });
  afterAll(() => {
    process.env.REVALIDATE_SECRET = saved;
  });

  it('revalidates each tag once, expiring it at once', async () => {
    const res = await POST(post({ tags: ['product:vela', 'products', 'product:vela', 'category:velas'] }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.data.revalidated).toEqual(['product:vela', 'products', 'category:velas']);
    expect(mocked).toHaveBeenCalledTimes(3);
    expect(mocked).toHaveBeenCalledWith('product:vela', { expire: 0 });
    expect(mocked).toHaveBeenCalledWith('products', { expire: 0 });
    expect(mocked).toHaveBeenCalledWith('category:velas', { expire: 0 });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('401 without the secret header', async () => {
    const res = await POST(post({ tags: ['products'] }, {}));
    expect(res.status).toBe(401);
    expect((await res.json()).success).toBe(false);
    expect(mocked).not.toHaveBeenCalled();
  });

  it('401 with a wrong secret (also one that is a prefix of the right one)', async () => {
    for (const secret of ['nope', SECRET.slice(0, -1), `${SECRET}x`, '']) {
      const res = await POST(post({ tags: ['products'] }, { 'x-revalidate-secret': secret }));
      expect(res.status).toBe(401);
    }
    expect(mocked).not.toHaveBeenCalled();
  });

  it('401 for everyone when the server has no secret configured', async () => {
    delete process.env.REVALIDATE_SECRET;
    const res = await POST(post({ tags: ['products'] }));
    expect(res.status).toBe(401);
    const res2 = await POST(post({ tags: ['products'] }, { 'x-revalidate-secret': '' }));
    expect(res2.status).toBe(401);
    expect(mocked).not.toHaveBeenCalled();
  });

  it('checks the secret before reading the body', async () => {
    const res = await POST(post('{not json', { 'x-revalidate-secret': 'wrong' }));
    expect(res.status).toBe(401);
  });

  it.each([
    ['not JSON', '{not json'],
    ['no tags', {}],
    ['tags not an array', { tags: 'products' }],
    ['empty list', { tags: [] }],
    ['a non-string tag', { tags: ['products', 3] }],
    ['an empty tag', { tags: ['  '] }],
    ['a tag longer than 256', { tags: ['x'.repeat(257)] }],
    ['too many tags', { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }],
    ['null body', null],
    ['an array body', ['products']],
  ])('400 for %s', async (_name, body) => {
    const res = await POST(post(body));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Los parametros son incorrectos');
    expect(mocked).not.toHaveBeenCalled();
  });
});
