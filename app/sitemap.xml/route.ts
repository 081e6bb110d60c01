import { chunk, latest, renderSitemapIndex, renderUrlset, SITEMAP_MAX_URLS, sitemapFileUrl } from '@/lib/seo/sitemap';
import { sitemapXml, withSitemapEntries } from '@/lib/seo/sitemap-response';

/**
 * /sitemap.xml: the urlset itself while the site has at most SITEMAP_MAX_URLS URLs, otherwise a sitemap
 * index of /sitemap/{n}.xml files. Rendered per request over cached API reads (never at build time).
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return withSitemapEntries((entries) => {
    if (entries.length <= SITEMAP_MAX_URLS) return sitemapXml(renderUrlset(entries));
    const files = chunk(entries).map((part, i) => ({ url: sitemapFileUrl(i), lastModified: latest(part) }));
    return sitemapXml(renderSitemapIndex(files));
  });
}
