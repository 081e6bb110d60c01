import type { MetadataRoute } from 'next';
import { robotsRules } from '@/lib/seo/robots';

/** robots.txt, rendered at run time so the sitemap URL uses the running PUBLIC_SITE_URL. */
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return robotsRules();
}
