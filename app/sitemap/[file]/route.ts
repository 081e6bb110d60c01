import { loadSitemapEntries } from '@/lib/seo/sitemap-data';
import { chunk, renderUrlset } from '@/lib/seo/sitemap';

/** /sitemap/{n}.xml: the n-th part (0-based) listed by the /sitemap.xml index. */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const match = /^(\d{1,4})\.xml$/.exec(file);
  if (!match) return new Response('Not found', { status: 404 });
  let entries;
  try {
    entries = await loadSitemapEntries();
  } catch {
    return new Response('Sitemap temporarily unavailable', {
      status: 503,
      headers: { 'retry-after': '600', 'cache-control': 'no-store' },
    });
  }
  const parts = chunk(entries);
  const part = parts[Number(match[1])];
  if (!part || parts.length === 1) return new Response('Not found', { status: 404 });
  return new Response(renderUrlset(part), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
