/**
 * What every customer tool route (/cart, /checkout, /orders/, /price-list, /quick-order) is made of: its
 * metadata (privatePageMetadata: not indexed), the request's locale, a PageShell headed by the namespace's
 * `title` / `intro`, and the one island the page shows, with its client messages.
 * A route's page.tsx is then: `const route = toolRoute(…); export const generateMetadata = …; export default …`.
 */
import { Suspense, type ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { privatePageMetadata } from '@/lib/seo/private-page';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import type { PageProps } from '@/components/layout/page-props';
import { PageShell } from './PageShell';

type Texts = Awaited<ReturnType<typeof getTranslations>>;

interface ToolRouteOptions {
  /** the island's message paths, added with <ScopedMessages>; none when `render` brings its own provider */
  messages?: readonly string[];
  /** a further line under the intro (PageShell's note) */
  note?: (t: Texts) => ReactNode;
  /** when given, the island (with its messages) is in a <Suspense> showing this */
  fallback?: (t: Texts) => ReactNode;
}

/**
 * `render` gets the query string as a promise (only the routes that read it await it: reading it makes the
 * page per request); it runs alongside the namespace's texts, so it may load the island's data.
 */
export function toolRoute(
  namespace: string,
  path: string,
  { messages, note, fallback }: ToolRouteOptions,
  render: (request: { searchParams: PageProps['searchParams'] }) => ReactNode | Promise<ReactNode>,
) {
  return {
    generateMetadata: ({ params }: Pick<PageProps, 'params'>) => privatePageMetadata(params, namespace, path),
    Page: async function ToolRoutePage({ params, searchParams }: PageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      const [t, island] = await Promise.all([getTranslations(namespace), render({ searchParams })]);
      const scoped = messages ? <ScopedMessages paths={messages}>{island}</ScopedMessages> : island;
      return (
        <PageShell title={t('title')} intro={t('intro')} note={note?.(t)}>
          {fallback ? <Suspense fallback={fallback(t)}>{scoped}</Suspense> : scoped}
        </PageShell>
      );
    },
  };
}
