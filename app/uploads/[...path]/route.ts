import { apiTimeouts } from '@/lib/api/config';
import { uploadUrl } from './upload-url';
import { parseWidth, resizedVariant, variantType, type VariantKind } from './resize';

/**
 * Same-origin proxy of the API's /uploads/* images (product, category and carousel pictures), so pages
 * never depend on the API host being reachable from the browser and images share the page's connection.
 * Streams the body; passes 304 (If-None-Match / If-Modified-Since) and 404 through; the API names
 * upload files by content, so successful answers are cached for a year as immutable. `?w=` (one of
 * IMAGE_WIDTHS, anything else 400) answers a resized WebP, so product cards do not download the full-size
 * picture, and `?preview=og` the 1200×630 JPEG link preview (og:image); a variant already made is answered
 * from memory without reading the original.
 */
export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const FORWARDED_REQUEST_HEADERS = ['if-none-match', 'if-modified-since'] as const;
const PASSED_RESPONSE_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'] as const;

function plain(status: number, text: string, cacheControl: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' },
  });
}

/** An upstream answer that is not an image, turned into this route's own answer. */
class NotAnImage extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly cacheControl: string,
  ) {
    super(text);
  }
}

async function variant(url: string, kind: VariantKind): Promise<Response> {
  try {
    // No request signal: one read may serve several requests; a stuck API is cut by the timeout.
    const body = await resizedVariant(url, kind, async () => {
      const upstream = await fetch(url, { headers: { accept: 'image/*' }, cache: 'no-store', signal: AbortSignal.timeout(15_000) });
      const type = upstream.headers.get('content-type') ?? '';
      if (upstream.ok && upstream.body && type.startsWith('image/')) return upstream.arrayBuffer();
      await upstream.body?.cancel();
      if (upstream.status === 404 || upstream.status === 410) throw new NotAnImage(404, 'Not found', 'public, max-age=60');
      throw upstream.status >= 500 ? new NotAnImage(502, 'Bad gateway', 'no-store') : new NotAnImage(404, 'Not found', 'no-store');
    });
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: { 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff', 'content-type': variantType(kind), 'content-length': String(body.length) },
    });
  } catch (err) {
    if (err instanceof NotAnImage) return plain(err.status, err.text, err.cacheControl);
    return plain(502, 'Bad gateway', 'no-store');
  }
}

export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await params;
  const url = uploadUrl(path);
  if (!url) return plain(404, 'Not found', 'public, max-age=300');
  const width = parseWidth(new URL(request.url).searchParams.get('w'));
  if (width === 'invalid') return plain(400, 'Bad width', 'public, max-age=300');
  const previewParam = new URL(request.url).searchParams.get('preview');
  if (previewParam !== null && (previewParam !== 'og' || width)) return plain(400, 'Bad preview', 'public, max-age=300');
  if (previewParam === 'og') return variant(url, 'og');
  if (width) return variant(url, width);

  const headers = new Headers({ accept: 'image/*' });
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }

  let upstream: Response;
  // the API's deadline (SHOP_API_TIMEOUT_MS) bounds the wait for the headers and the body
  const deadline = AbortSignal.timeout(apiTimeouts().callMs);
  try {
    upstream = await fetch(url, { headers, cache: 'no-store', signal: AbortSignal.any([request.signal, deadline]) });
  } catch {
    return deadline.aborted ? plain(504, 'Gateway timeout', 'no-store') : plain(502, 'Bad gateway', 'no-store');
  }

  if (upstream.status === 304) {
    const out = new Headers({ 'cache-control': IMMUTABLE });
    for (const name of ['etag', 'last-modified']) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    return new Response(null, { status: 304, headers: out });
  }
  if (upstream.status === 404 || upstream.status === 410) {
    await upstream.body?.cancel();
    return plain(404, 'Not found', 'public, max-age=60');
  }
  const type = upstream.headers.get('content-type') ?? '';
  if (!upstream.ok || !upstream.body || !type.startsWith('image/')) {
    await upstream.body?.cancel();
    return plain(upstream.status >= 500 ? 502 : 404, upstream.status >= 500 ? 'Bad gateway' : 'Not found', 'no-store');
  }

  const out = new Headers({ 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' });
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers: out });
}
