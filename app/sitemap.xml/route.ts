import { loadSitemapEntries } from '@/lib/seo/sitemap-data';
import { chunk, latest, renderSitemapIndex, renderUrlset, SITEMAP_MAX_URLS, sitemapFileUrl } from '@/lib/seo/sitemap';

/**
 * /sitemap.xml: the urlset itself while the site has at most SITEMAP_MAX_URLS URLs, otherwise a sitemap
 * index of /sitemap/{n}.xml files. Rendered per request over cached API reads (never at build time).
 */
export const dynamic = 'force-dynamic';

const HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

export async function GET(): Promise<Response> {
  let entries;
  try {
    entries = await loadSitemapEntries();
  } catch {
    return new Response('Sitemap temporarily unavailable', {
      status: 503,
      headers: { 'retry-after': '600', 'cache-control': 'no-store' },
    });
  }
  if (entries.length <= SITEMAP_MAX_URLS) return new Response(renderUrlset(entries), { headers: HEADERS });
  const files = chunk(entries).map((part, i) => ({ url: sitemapFileUrl(i), lastModified: latest(part) }));
  return new Response(renderSitemapIndex(files), { headers: HEADERS });
}
