import 'server-only';
import type { SitemapEntry } from './sitemap';
import { loadSitemapEntries } from './sitemap-data';

/** An XML answer of the sitemap routes (/sitemap.xml and /sitemap/{n}.xml): public, cached an hour. */
export function sitemapXml(xml: string): Response {
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}

/**
 * Loads the sitemap's entries and hands them to `render`; when the API cannot be read the route answers
 * 503 (retry in ten minutes, not stored), never an empty sitemap.
 */
export async function withSitemapEntries(render: (entries: SitemapEntry[]) => Response): Promise<Response> {
  let entries: SitemapEntry[];
  try {
    entries = await loadSitemapEntries();
  } catch {
    return new Response('Sitemap temporarily unavailable', {
      status: 503,
      headers: { 'retry-after': '600', 'cache-control': 'no-store' },
    });
  }
  return render(entries);
}
