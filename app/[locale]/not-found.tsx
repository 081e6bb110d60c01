import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { NotFoundView } from '@/components/layout/NotFoundView';

/**
 * The 404's <title> in the server HTML (crawlers and link previews read it there). Next resolves a
 * not-found file's metadata with its segment's params, so the locale is explicit and nothing here reads
 * request headers (the page stays static). A <title> rendered by the component instead came after the
 * layout's home title in the head, and only hydration fixed it.
 *
 * Next 16 sends `notFound()` from a server component as an empty error document; the server HTML of
 * every 404 is the prebuilt copy of this screen (lib/status-pages/templates.ts).
 */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const seo = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: 'seo.notFound' });
  return { title: seo('title'), robots: { index: false, follow: true } };
}

/** 404 screen (spec §2: image and footer — the footer comes from the layout). HTTP 404, noindex. */
export default function NotFound() {
  return <NotFoundView />;
}
