import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { ErrorView } from '@/components/layout/ErrorView';
import { NotFoundView } from '@/components/layout/NotFoundView';
import { isTemplateKind, isTemplateRequest, TEMPLATE_HEADER } from '@/lib/status-pages/token';

/**
 * The shop's 503 and 404 pages as whole documents (layout, header, footer), rendered here with status
 * 200 only for this server process itself, which keeps them as templates and serves them with their own
 * status (lib/status-pages/templates.ts). Anyone else gets the 404 page. Rendered per request (it reads
 * the token header); never cached, never indexed.
 */
export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; kind: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, kind } = await params;
  const known = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const title =
    kind === 'unavailable'
      ? (await getTranslations({ locale: known, namespace: 'errors.generic' }))('title')
      : (await getTranslations({ locale: known, namespace: 'seo.notFound' }))('title');
  return { title, robots: { index: false, follow: kind !== 'unavailable' } };
}

export default async function StatusTemplatePage({ params }: { params: Params }) {
  const { locale, kind } = await params;
  if (!hasLocale(routing.locales, locale) || !isTemplateKind(kind) || !isTemplateRequest((await headers()).get(TEMPLATE_HEADER))) notFound();
  setRequestLocale(locale);
  return kind === 'unavailable' ? <ErrorView /> : <NotFoundView />;
}
