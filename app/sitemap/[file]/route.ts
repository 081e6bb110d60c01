import { chunk, renderUrlset } from '@/lib/seo/sitemap';
import { sitemapXml, withSitemapEntries } from '@/lib/seo/sitemap-response';

/** /sitemap/{n}.xml: the n-th part (0-based) listed by the /sitemap.xml index. */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const match = /^(\d{1,4})\.xml$/.exec(file);
  if (!match) return new Response('Not found', { status: 404 });
  return withSitemapEntries((entries) => {
    const parts = chunk(entries);
    const part = parts[Number(match[1])];
    if (!part || parts.length === 1) return new Response('Not found', { status: 404 });
    return sitemapXml(renderUrlset(part));
  });
}
