/** @jest-environment node */
import { GET } from './route';
import { uploadUrl } from './upload-url';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  process.env.SHOP_API_URL = 'http://api.test';
});

function call(path: string[], headers: Record<string, string> = {}) {
  return GET(new Request('http://shop.test/uploads/x', { headers }), { params: Promise.resolve({ path }) });
}

describe('uploadUrl', () => {
  it('accepts plain file paths and refuses traversal or odd characters', () => {
    expect(uploadUrl(['products', 'a-1.webp'], 'http://api')).toBe('http://api/uploads/products/a-1.webp');
    expect(uploadUrl(['..', 'etc'], 'http://api')).toBeNull();
    expect(uploadUrl(['products', 'a..b.webp'], 'http://api')).toBeNull();
    expect(uploadUrl(['.hidden'], 'http://api')).toBeNull();
    expect(uploadUrl(['a b.webp'], 'http://api')).toBeNull();
    expect(uploadUrl(['a%2F..'], 'http://api')).toBeNull();
    expect(uploadUrl([], 'http://api')).toBeNull();
  });
});

describe('GET /uploads/*', () => {
  it('streams the image with a long immutable cache', async () => {
    fetchMock.mockResolvedValue(
      new Response('IMG', { status: 200, headers: { 'content-type': 'image/webp', 'content-length': '3', etag: '"e1"' } }),
    );
    const res = await call(['products', 'a.webp']);
    expect(fetchMock.mock.calls[0][0]).toBe('http://api.test/uploads/products/a.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('etag')).toBe('"e1"');
    expect(await res.text()).toBe('IMG');
  });

  it('forwards If-None-Match and passes 304 through', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 304, headers: { etag: '"e1"' } }));
    const res = await call(['products', 'a.webp'], { 'if-none-match': '"e1"' });
    expect(fetchMock.mock.calls[0][1].headers.get('if-none-match')).toBe('"e1"');
    expect(res.status).toBe(304);
  });

  it('passes 404 through (short cache) and never calls the API for unsafe paths', async () => {
    fetchMock.mockResolvedValue(new Response('{"success":false}', { status: 404 }));
    expect((await call(['products', 'nope.webp'])).status).toBe(404);
    fetchMock.mockClear();
    expect((await call(['..', 'secret'])).status).toBe(404);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers 502 when the API is unreachable or fails, 404 for non-images', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    expect((await call(['a.webp'])).status).toBe(502);
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    expect((await call(['a.webp'])).status).toBe(502);
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect((await call(['a.webp'])).status).toBe(404);
  });
});

describe('GET /uploads/*?w= (resized variants)', () => {
  const callW = (w: string) =>
    GET(new Request(`http://shop.test/uploads/products/a.webp?w=${w}`), { params: Promise.resolve({ path: ['products', 'a.webp'] }) });

  it('answers a WebP of the asked width, cached as immutable', async () => {
    const sharp = (await import('sharp')).default;
    const big = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#b4532a' } }).png().toBuffer();
    fetchMock.mockResolvedValue(new Response(new Uint8Array(big), { status: 200, headers: { 'content-type': 'image/png' } }));
    const res = await callW('320');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
  });

  it('a variant already made costs no read of the original; concurrent first requests share one read', async () => {
    const sharp = (await import('sharp')).default;
    const big = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6b4c' } }).png().toBuffer();
    fetchMock.mockImplementation(async () => new Response(new Uint8Array(big), { status: 200, headers: { 'content-type': 'image/png' } }));
    const first = await Promise.all([callW('480'), callW('480'), callW('480')]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const bytes = Buffer.from(await first[0]!.arrayBuffer());
    fetchMock.mockClear();
    const again = await callW('480');
    expect(again.status).toBe(200);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(again.headers.get('content-type')).toBe('image/webp');
  });

  it('a missing original answers 404 and is not remembered as a variant', async () => {
    fetchMock.mockResolvedValue(new Response('{"success":false}', { status: 404 }));
    const gone = GET(new Request('http://shop.test/uploads/products/gone.webp?w=160'), { params: Promise.resolve({ path: ['products', 'gone.webp'] }) });
    expect((await gone).status).toBe(404);
    fetchMock.mockClear();
    fetchMock.mockResolvedValue(new Response('{"success":false}', { status: 404 }));
    const again = GET(new Request('http://shop.test/uploads/products/gone.webp?w=160'), { params: Promise.resolve({ path: ['products', 'gone.webp'] }) });
    expect((await again).status).toBe(404);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses widths outside the list without calling the API', async () => {
    for (const w of ['321', '5000', 'abc', '-1', '0', '320.5', '1e3', '']) {
      const res = await callW(w);
      expect(res.status).toBe(400);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers 502 when the upstream body is not a decodable image', async () => {
    fetchMock.mockResolvedValue(new Response('not an image', { status: 200, headers: { 'content-type': 'image/png' } }));
    const res = await callW('160');
    expect(res.status).toBe(502);
  });
});

describe('GET /uploads/*?preview=og (link preview)', () => {
  const callQ = (query: string, name = 'b.webp') =>
    GET(new Request(`http://shop.test/uploads/products/${name}?${query}`), { params: Promise.resolve({ path: ['products', name] }) });

  it('answers a 1200×630 JPEG under 300 kB from a WebP (tall picture fitted, not cropped), immutable', async () => {
    const sharp = (await import('sharp')).default;
    const webp = await sharp({ create: { width: 900, height: 1400, channels: 4, background: { r: 180, g: 83, b: 42, alpha: 0.5 } } }).webp().toBuffer();
    fetchMock.mockResolvedValue(new Response(new Uint8Array(webp), { status: 200, headers: { 'content-type': 'image/webp' } }));
    const res = await callQ('preview=og');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(300 * 1024);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('refuses other previews, or a preview with a width, without calling the API', async () => {
    for (const q of ['preview=twitter', 'preview=', 'preview=og&w=320']) expect((await callQ(q)).status).toBe(400);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers 502 when the upstream body is not a decodable image', async () => {
    fetchMock.mockResolvedValue(new Response('not an image', { status: 200, headers: { 'content-type': 'image/png' } }));
    expect((await callQ('preview=og', 'c.png')).status).toBe(502);
  });
});
