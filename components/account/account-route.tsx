/**
 * What every account route (/login, /register, /forgot, /profile, /verify/{token}, …) is made of: its
 * metadata (not indexed), the request's locale, an AccountPage headed by the section's texts
 * (`account.{section}.title` / `.intro`), the section's client messages and the one island the page shows.
 * A route's page.tsx is then: `const route = accountRoute(…); export const generateMetadata = …; export default …`.
 */
import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { AccountPage, type AccountPageProps } from './AccountPage';
import type { PageProps } from '@/components/layout/page-props';
import { accountMetadata, type AccountSection } from './metadata';

interface AccountRouteOptions extends Omit<AccountPageProps, 'title' | 'intro' | 'children'> {
  /** the heading's key in account.{section} (renew-session shows its metaTitle); none when omitted */
  title?: 'title' | 'metaTitle';
  /** the text under the heading: account.{section}.intro */
  intro?: boolean;
  /** the island's message paths (components/account/messages.ts); none when the root layout has them */
  messages?: readonly string[];
}

/**
 * `render` gets the route's params (awaited) and its query string as a promise: only the routes that read
 * it await it (reading it makes the page per request).
 */
export function accountRoute<P extends object = object>(
  section: AccountSection,
  path: string,
  { title, intro, messages, ...page }: AccountRouteOptions,
  render: (request: { params: { locale: string } & P; searchParams: PageProps['searchParams'] }) => ReactNode | Promise<ReactNode>,
) {
  return {
    generateMetadata: ({ params }: PageProps) => accountMetadata(params, section, path),
    Page: async function AccountRoutePage({ params, searchParams }: PageProps<P>) {
      const awaited = await params;
      setRequestLocale(awaited.locale);
      const [t, island] = await Promise.all([getTranslations('account'), render({ params: awaited, searchParams })]);
      return (
        <AccountPage
          {...page}
          title={title ? t(`${section}.${title}`) : undefined}
          intro={intro ? t(`${section}.intro`) : undefined}
        >
          {messages ? <ScopedMessages paths={messages}>{island}</ScopedMessages> : island}
        </AccountPage>
      );
    },
  };
}
